package redis

import (
	"context"
	"crypto/tls"
	"net"
	"time"
)

type Options struct {
	Network                    string
	Addr                       string
	NodeAddress                string
	ClientName                 string
	Dialer                     func(ctx context.Context, network, addr string) (net.Conn, error)
	OnConnect                  func(ctx context.Context, cn *Conn) error
	Protocol                   int
	Username                   string
	Password                   string
	CredentialsProvider        func() (username string, password string)
	CredentialsProviderContext func(ctx context.Context) (username string, password string, err error)
	DB                         int
	MaxRetries                 int
	MinRetryBackoff            time.Duration
	MaxRetryBackoff            time.Duration
	DialTimeout                time.Duration
	DialerRetries              int
	DialerRetryTimeout         time.Duration
	DialerRetryBackoff         func(attempt int) time.Duration
	ReadTimeout                time.Duration
	WriteTimeout               time.Duration
	ContextTimeoutEnabled      bool
	ReadBufferSize             int
	WriteBufferSize            int
	PipelineReadBufferSize     int
	PipelineWriteBufferSize    int
	PipelinePoolSize           int
	PoolFIFO                   bool
	PoolSize                   int
	MaxConcurrentDials         int
	PoolTimeout                time.Duration
	MinIdleConns               int
	MaxIdleConns               int
	MaxActiveConns             int
	ConnMaxIdleTime            time.Duration
	ConnMaxLifetime            time.Duration
	ConnMaxLifetimeJitter      time.Duration
	TLSConfig                  *tls.Config
	DisableIndentity           bool
	DisableIdentity            bool
	IdentitySuffix             string
	UnstableResp3              bool
	FailingTimeoutSeconds      int
}

type baseClient struct {
	opt *Options
}

func (c *baseClient) String() string { return "" }
func (c *baseClient) Close() error   { return nil }

// UniversalClient is the subset of the real UniversalClient interface that this stub declares.
type UniversalClient interface {
	Cmdable
	Watch(ctx context.Context, fn func(*Tx) error, keys ...string) error
	Do(ctx context.Context, args ...interface{}) *Cmd
	Process(ctx context.Context, cmd Cmder) error
	Close() error
}

var (
	_ UniversalClient = (*Client)(nil)
	_ Cmdable         = (*Tx)(nil)
	_ Pipeliner       = (*Pipeline)(nil)
	_ Scripter        = (*Client)(nil)
)

// Client is a Redis client representing a pool of zero or more underlying connections.
type Client struct {
	*baseClient
	cmdable
}

func NewClient(opt *Options) *Client {
	c := &Client{baseClient: &baseClient{opt: opt}}
	c.cmdable = func(ctx context.Context, cmd Cmder) error { return nil }
	return c
}

func (c *Client) WithTimeout(timeout time.Duration) *Client    { return c }
func (c *Client) Close() error                                 { return nil }
func (c *Client) Conn() *Conn                                  { return &Conn{} }
func (c *Client) Process(ctx context.Context, cmd Cmder) error { return nil }
func (c *Client) Options() *Options                            { return c.opt }
func (c *Client) NodeAddress() string                          { return "" }
func (c *Client) Pipelined(ctx context.Context, fn func(Pipeliner) error) ([]Cmder, error) {
	return nil, nil
}
func (c *Client) Pipeline() Pipeliner { return &Pipeline{} }
func (c *Client) TxPipelined(ctx context.Context, fn func(Pipeliner) error) ([]Cmder, error) {
	return nil, nil
}
func (c *Client) TxPipeline() Pipeliner { return &Pipeline{} }
func (c *Client) Watch(ctx context.Context, fn func(*Tx) error, keys ...string) error {
	return fn(&Tx{})
}

// Conn represents a single Redis connection rather than a pool of connections.
type Conn struct {
	baseClient
	cmdable
	statefulCmdable
}

func (c *Conn) Process(ctx context.Context, cmd Cmder) error { return nil }
func (c *Conn) Pipelined(ctx context.Context, fn func(Pipeliner) error) ([]Cmder, error) {
	return nil, nil
}
func (c *Conn) Pipeline() Pipeliner { return &Pipeline{} }
func (c *Conn) TxPipelined(ctx context.Context, fn func(Pipeliner) error) ([]Cmder, error) {
	return nil, nil
}
func (c *Conn) TxPipeline() Pipeliner { return &Pipeline{} }

// Tx implements Redis transactions as described in http://redis.io/topics/transactions.
type Tx struct {
	baseClient
	cmdable
	statefulCmdable
}

func (c *Tx) Process(ctx context.Context, cmd Cmder) error         { return nil }
func (c *Tx) Close(ctx context.Context) error                      { return nil }
func (c *Tx) Watch(ctx context.Context, keys ...string) *StatusCmd { return NewStatusCmd(ctx, "watch") }
func (c *Tx) Unwatch(ctx context.Context, keys ...string) *StatusCmd {
	return NewStatusCmd(ctx, "unwatch")
}
func (c *Tx) Pipeline() Pipeliner { return &Pipeline{} }
func (c *Tx) Pipelined(ctx context.Context, fn func(Pipeliner) error) ([]Cmder, error) {
	return nil, nil
}
func (c *Tx) TxPipelined(ctx context.Context, fn func(Pipeliner) error) ([]Cmder, error) {
	return nil, nil
}
func (c *Tx) TxPipeline() Pipeliner { return &Pipeline{} }

// Pipeliner is the subset of the real Pipeliner interface that this stub declares.
type Pipeliner interface {
	StatefulCmdable
	Len() int
	Do(ctx context.Context, args ...interface{}) *Cmd
	Process(ctx context.Context, cmd Cmder) error
	BatchProcess(ctx context.Context, cmd ...Cmder) error
	Discard()
	Exec(ctx context.Context) ([]Cmder, error)
	Cmds() []Cmder
}

// Pipeline implements pipelining as described in http://redis.io/topics/pipelining.
type Pipeline struct {
	cmdable
	statefulCmdable

	cmds []Cmder
}

func (c *Pipeline) Len() int                                             { return len(c.cmds) }
func (c *Pipeline) Do(ctx context.Context, args ...interface{}) *Cmd     { return NewCmd(ctx, args...) }
func (c *Pipeline) Process(ctx context.Context, cmd Cmder) error         { return nil }
func (c *Pipeline) BatchProcess(ctx context.Context, cmd ...Cmder) error { return nil }
func (c *Pipeline) Discard()                                             {}
func (c *Pipeline) Exec(ctx context.Context) ([]Cmder, error)            { return c.cmds, nil }
func (c *Pipeline) Pipelined(ctx context.Context, fn func(Pipeliner) error) ([]Cmder, error) {
	return nil, nil
}
func (c *Pipeline) Pipeline() Pipeliner { return c }
func (c *Pipeline) TxPipelined(ctx context.Context, fn func(Pipeliner) error) ([]Cmder, error) {
	return nil, nil
}
func (c *Pipeline) TxPipeline() Pipeliner { return c }
func (c *Pipeline) Cmds() []Cmder         { return c.cmds }
