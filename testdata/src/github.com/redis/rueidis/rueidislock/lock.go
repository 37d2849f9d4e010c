// Package rueidislock is a stub of github.com/redis/rueidis/rueidislock: a lock is held
// while the context WithContext returns is not done, and released by the
// cancel function it returns.
package rueidislock

import (
	"context"
	"errors"
	"time"

	"github.com/redis/rueidis"
)

// LockerOption should be passed to NewLocker to construct a Locker
type LockerOption struct {
	ClientBuilder func(option rueidis.ClientOption) (rueidis.Client, error)
	KeyPrefix     string
	ClientOption  rueidis.ClientOption
	KeyValidity   time.Duration
}

// Locker is the interface of rueidislock
type Locker interface {
	WithContext(ctx context.Context, name string) (context.Context, context.CancelFunc, error)
	TryWithContext(ctx context.Context, name string) (context.Context, context.CancelFunc, error)
	ForceWithContext(ctx context.Context, name string) (context.Context, context.CancelFunc, error)
	Client() rueidis.Client
	Close()
}

// NewLocker creates the distributed Locker backed by redis client side caching
func NewLocker(option LockerOption) (Locker, error) { return nil, errors.New("stub") }

// ErrNotLocked is returned from the Locker.TryWithContext when it fails
var ErrNotLocked = errors.New("not locked")

// ErrLockerClosed is returned from the Locker.WithContext when the Locker is closed
var ErrLockerClosed = errors.New("locker closed")
