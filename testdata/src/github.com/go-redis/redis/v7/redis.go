// Package redis is a stub of github.com/go-redis/redis/v7: the commands take
// no context.
package redis

import "time"

type Cmder interface {
	Name() string
	Err() error
}

type baseCmd struct {
	err error
}

func (cmd *baseCmd) Name() string { return "" }
func (cmd *baseCmd) Err() error   { return cmd.err }

type Cmd struct {
	baseCmd
	val interface{}
}

func (cmd *Cmd) Val() interface{}             { return cmd.val }
func (cmd *Cmd) Result() (interface{}, error) { return cmd.val, cmd.err }

type StatusCmd struct {
	baseCmd
	val string
}

func (cmd *StatusCmd) Val() string             { return cmd.val }
func (cmd *StatusCmd) Result() (string, error) { return cmd.val, cmd.err }

type IntCmd struct {
	baseCmd
	val int64
}

func (cmd *IntCmd) Val() int64             { return cmd.val }
func (cmd *IntCmd) Result() (int64, error) { return cmd.val, cmd.err }

type BoolCmd struct {
	baseCmd
	val bool
}

func (cmd *BoolCmd) Val() bool             { return cmd.val }
func (cmd *BoolCmd) Result() (bool, error) { return cmd.val, cmd.err }

type StringCmd struct {
	baseCmd
	val string
}

func (cmd *StringCmd) Val() string             { return cmd.val }
func (cmd *StringCmd) Result() (string, error) { return cmd.val, cmd.err }

// Cmdable is the subset of the real Cmdable interface that this stub declares.
type Cmdable interface {
	Del(keys ...string) *IntCmd
	Unlink(keys ...string) *IntCmd
	Expire(key string, expiration time.Duration) *BoolCmd
	Get(key string) *StringCmd
	Incr(key string) *IntCmd
	Set(key string, value interface{}, expiration time.Duration) *StatusCmd
	SetNX(key string, value interface{}, expiration time.Duration) *BoolCmd
	HSet(key string, values ...interface{}) *IntCmd
	Eval(script string, keys []string, args ...interface{}) *Cmd
}

type cmdable func(cmd Cmder) error

func (c cmdable) Del(keys ...string) *IntCmd                           { return &IntCmd{} }
func (c cmdable) Unlink(keys ...string) *IntCmd                        { return &IntCmd{} }
func (c cmdable) Expire(key string, expiration time.Duration) *BoolCmd { return &BoolCmd{} }
func (c cmdable) Get(key string) *StringCmd                            { return &StringCmd{} }
func (c cmdable) Incr(key string) *IntCmd                              { return &IntCmd{} }
func (c cmdable) Set(key string, value interface{}, expiration time.Duration) *StatusCmd {
	return &StatusCmd{}
}
func (c cmdable) SetNX(key string, value interface{}, expiration time.Duration) *BoolCmd {
	return &BoolCmd{}
}
func (c cmdable) HSet(key string, values ...interface{}) *IntCmd { return &IntCmd{} }
func (c cmdable) Eval(script string, keys []string, args ...interface{}) *Cmd {
	return &Cmd{}
}

type Options struct {
	Addr string
}

type Client struct {
	cmdable
}

func NewClient(opt *Options) *Client { return &Client{} }

type Tx struct {
	cmdable
}

func (c *Client) Watch(fn func(*Tx) error, keys ...string) error { return nil }

type scripter interface {
	Eval(script string, keys []string, args ...interface{}) *Cmd
}

type Script struct {
	src string
}

func NewScript(src string) *Script { return &Script{src: src} }

func (s *Script) Run(c scripter, keys []string, args ...interface{}) *Cmd { return &Cmd{} }
