// Package redis is a stub of github.com/gomodule/redigo/redis: commands are
// strings sent with Conn.Do.
package redis

import (
	"context"
	"errors"
	"time"
)

// ErrNil indicates that a reply value is nil.
var ErrNil = errors.New("redigo: nil returned")

// Conn represents a connection to a Redis server.
type Conn interface {
	Close() error
	Err() error
	Do(commandName string, args ...interface{}) (reply interface{}, err error)
	Send(commandName string, args ...interface{}) error
	Flush() error
	Receive() (reply interface{}, err error)
}

// ConnWithContext is Conn with a context.
type ConnWithContext interface {
	Conn
	DoContext(ctx context.Context, commandName string, args ...interface{}) (reply interface{}, err error)
	ReceiveContext(ctx context.Context) (reply interface{}, err error)
}

// DoContext sends a command to the server and returns the received reply.
func DoContext(c Conn, ctx context.Context, cmd string, args ...interface{}) (interface{}, error) {
	return c.Do(cmd, args...)
}

// DoWithTimeout sends a command to the server and returns the received reply.
func DoWithTimeout(c Conn, timeout time.Duration, cmd string, args ...interface{}) (interface{}, error) {
	return c.Do(cmd, args...)
}

// Pool maintains a pool of connections.
type Pool struct {
	Dial func() (Conn, error)
}

// Get gets a connection.
func (p *Pool) Get() Conn { return nil }

// String is a helper that converts a command reply to a string.
func String(reply interface{}, err error) (string, error) { return "", err }

// Bytes is a helper that converts a command reply to a slice of bytes.
func Bytes(reply interface{}, err error) ([]byte, error) { return nil, err }

// Bool is a helper that converts a command reply to a boolean.
func Bool(reply interface{}, err error) (bool, error) { return false, err }

// Int is a helper that converts a command reply to an integer.
func Int(reply interface{}, err error) (int, error) { return 0, err }

// Int64 is a helper that converts a command reply to 64 bit integer.
func Int64(reply interface{}, err error) (int64, error) { return 0, err }

// Script encapsulates the source, hash and key count for a Lua script.
type Script struct {
	keyCount int
	src      string
}

// NewScript returns a new script object.
func NewScript(keyCount int, src string) *Script { return &Script{keyCount: keyCount, src: src} }

// Do evaluates the script.
func (s *Script) Do(c Conn, keysAndArgs ...interface{}) (interface{}, error) { return nil, nil }
