package nats

import "time"

const (
	Version    = "1.55.0"
	DefaultURL = "nats://127.0.0.1:4222"
)

// Options can be used to create a customized connection (subset of fields).
type Options struct {
	Url  string
	Name string
}

// Option is a function on the options for a connection.
type Option func(*Options) error

func Name(name string) Option               { return func(o *Options) error { o.Name = name; return nil } }
func UserInfo(user, password string) Option { return func(*Options) error { return nil } }
func Token(token string) Option             { return func(*Options) error { return nil } }

// A Conn represents a bare connection to a nats-server.
type Conn struct {
	Statistics
	Opts Options
}

// Tracks various stats received and sent on this connection.
type Statistics struct {
	InMsgs     uint64
	OutMsgs    uint64
	InBytes    uint64
	OutBytes   uint64
	Reconnects uint64
}

func Connect(url string, options ...Option) (*Conn, error) { return &Conn{}, nil }

func (nc *Conn) Publish(subj string, data []byte) error { return nil }
func (nc *Conn) PublishMsg(m *Msg) error                { return nil }
func (nc *Conn) Request(subj string, data []byte, timeout time.Duration) (*Msg, error) {
	return &Msg{}, nil
}
func (nc *Conn) Flush() error { return nil }
func (nc *Conn) Close()       {}
func (nc *Conn) Drain() error { return nil }

// Header represents the optional Header for a NATS message,
// based on the implementation of http.Header.
type Header map[string][]string

func (h Header) Add(key, value string) { h[key] = append(h[key], value) }
func (h Header) Set(key, value string) { h[key] = []string{value} }
func (h Header) Get(key string) string {
	if v := h[key]; len(v) > 0 {
		return v[0]
	}
	return ""
}
func (h Header) Del(key string) { delete(h, key) }

// Subscription represents interest in a given subject.
type Subscription struct {
	Subject string
	Queue   string
}

// Msg represents a message delivered by NATS.
type Msg struct {
	Subject string
	Reply   string
	Header  Header
	Data    []byte
	Sub     *Subscription
}

func NewMsg(subject string) *Msg { return &Msg{Subject: subject, Header: make(Header)} }

type jsOpts struct{}

// JSOpt configures a JetStreamContext.
type JSOpt interface {
	configureJSContext(opts *jsOpts) error
}

type pubOpts struct {
	id  string
	seq *uint64
}

// PubOpt configures options for publishing JetStream messages.
type PubOpt interface {
	configurePublish(opts *pubOpts) error
}

type pubOptFn func(opts *pubOpts) error

func (opt pubOptFn) configurePublish(opts *pubOpts) error { return opt(opts) }

// PubAck is an ack received after successfully publishing a message.
type PubAck struct {
	Stream    string `json:"stream"`
	Sequence  uint64 `json:"seq"`
	Duplicate bool   `json:"duplicate,omitempty"`
	Domain    string `json:"domain,omitempty"`
}

func MsgId(id string) PubOpt {
	return pubOptFn(func(opts *pubOpts) error { opts.id = id; return nil })
}

func ExpectLastSequence(seq uint64) PubOpt {
	return pubOptFn(func(opts *pubOpts) error { opts.seq = &seq; return nil })
}

// JetStream allows persistent messaging through JetStream (subset).
type JetStream interface {
	Publish(subj string, data []byte, opts ...PubOpt) (*PubAck, error)
	PublishMsg(m *Msg, opts ...PubOpt) (*PubAck, error)
}

// JetStreamContext allows JetStream messaging and stream management.
type JetStreamContext interface {
	JetStream
}

func (nc *Conn) JetStream(opts ...JSOpt) (JetStreamContext, error) { return nil, nil }
