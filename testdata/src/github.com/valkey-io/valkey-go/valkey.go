// Package valkey is a stub of github.com/valkey-io/valkey-go: commands are built with
// client.B() and sent with Do.
package valkey

import (
	"context"
	"errors"
	"time"

	"github.com/valkey-io/valkey-go/internal/cmds"
)

// Builder represents a command builder. It should only be created from the client.B() method.
type Builder = cmds.Builder

// Incomplete represents an incomplete Valkey command. It should then be completed by calling Build().
type Incomplete = cmds.Incomplete

// Completed represents a completed Valkey command. It should only be created from the Build() of a command builder.
type Completed = cmds.Completed

// Cacheable represents a completed Valkey command which supports server-assisted client side caching.
type Cacheable = cmds.Cacheable

// ClientOption should be passed to NewClient to construct a Client
type ClientOption struct {
	InitAddress []string
}

// NewClient uses ClientOption to initialize the Client for both a standalone and a cluster.
func NewClient(option ClientOption) (client Client, err error) { return nil, errors.New("stub") }

// Client is the valkey client interface for both single valkey instance and valkey cluster.
type Client interface {
	CoreClient
	DoCache(ctx context.Context, cmd Cacheable, ttl time.Duration) (resp ValkeyResult)
	Dedicated(fn func(DedicatedClient) error) (err error)
}

// DedicatedClient is obtained from Client.Dedicated() and it will be bound to a single valkey connection.
type DedicatedClient interface {
	CoreClient
}

// CoreClient is the minimum interface shared by the Client and the DedicatedClient.
type CoreClient interface {
	CommandClient
	Close()
}

// CommandClient is a public interface that only exposes the B(), Do(), and DoMulti() methods of a client.
type CommandClient interface {
	B() Builder
	Do(ctx context.Context, cmd Completed) (resp ValkeyResult)
	DoMulti(ctx context.Context, multi ...Completed) (resp []ValkeyResult)
}

// ValkeyError is an error reply from valkey.
type ValkeyError ValkeyMessage

func (r *ValkeyError) Error() string { return "" }

// ValkeyMessage is a valkey response message.
type ValkeyMessage struct {
	typ byte
}

// Nil is the nil reply.
var Nil = &ValkeyError{typ: '_'}

// IsValkeyNil returns if the err is a valkey nil response
func IsValkeyNil(err error) bool { return err == Nil }

// ValkeyResult is the return struct from Client.Do or Client.DoCache
type ValkeyResult struct {
	err error
}

// Error returns either a valkey error or a network error.
func (r ValkeyResult) Error() (err error) { return r.err }

// ToString delegates to ValkeyMessage.ToString
func (r ValkeyResult) ToString() (v string, err error) { return "", r.err }

// AsInt64 delegates to ValkeyMessage.AsInt64
func (r ValkeyResult) AsInt64() (v int64, err error) { return 0, r.err }

// LuaOption is a functional option for configuring Lua script behavior.
type LuaOption func(*Lua)

// Lua represents a redis lua script.
type Lua struct {
	script string
}

// NewLuaScript creates a Lua instance whose Lua.Exec uses EVALSHA and EVAL.
func NewLuaScript(script string, opts ...LuaOption) *Lua { return &Lua{script: script} }

// Exec the script to the given Client.
func (s *Lua) Exec(ctx context.Context, c Client, keys, args []string) (resp ValkeyResult) { return }
