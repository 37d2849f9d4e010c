package redsync

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/go-redsync/redsync/v4/redis"
)

// Redsync provides a simple method for creating distributed mutexes using multiple Redis connection pools.
type Redsync struct {
	pools []redis.Pool
}

func New(pools ...redis.Pool) *Redsync { return &Redsync{pools: pools} }

func (r *Redsync) NewMutex(name string, options ...Option) *Mutex {
	m := &Mutex{name: name, pools: r.pools}
	for _, o := range options {
		o.Apply(m)
	}
	return m
}

// An Option configures a mutex.
type Option interface {
	Apply(*Mutex)
}

// OptionFunc is a function that configures a mutex.
type OptionFunc func(*Mutex)

// Apply calls f(mutex)
func (f OptionFunc) Apply(mutex *Mutex) { f(mutex) }

func WithExpiry(expiry time.Duration) Option        { return OptionFunc(func(m *Mutex) { m.expiry = expiry }) }
func WithTries(tries int) Option                    { return OptionFunc(func(m *Mutex) {}) }
func WithRetryDelay(delay time.Duration) Option     { return OptionFunc(func(m *Mutex) {}) }
func WithSetNXOnExtend() Option                     { return OptionFunc(func(m *Mutex) {}) }
func WithRetryDelayFunc(delayFunc DelayFunc) Option { return OptionFunc(func(m *Mutex) {}) }
func WithDriftFactor(factor float64) Option         { return OptionFunc(func(m *Mutex) {}) }
func WithTimeoutFactor(factor float64) Option       { return OptionFunc(func(m *Mutex) {}) }
func WithGenValueFunc(genValueFunc func() (string, error)) Option {
	return OptionFunc(func(m *Mutex) {})
}
func WithValue(v string) Option      { return OptionFunc(func(m *Mutex) { m.value = v }) }
func WithFailFast(b bool) Option     { return OptionFunc(func(m *Mutex) {}) }
func WithShufflePools(b bool) Option { return OptionFunc(func(m *Mutex) {}) }

// A DelayFunc is used to decide the amount of time to wait between retries.
type DelayFunc func(tries int) time.Duration

// A Mutex is a distributed mutual exclusion lock.
type Mutex struct {
	name   string
	expiry time.Duration
	value  string
	until  time.Time
	pools  []redis.Pool
}

func (m *Mutex) Name() string                                    { return m.name }
func (m *Mutex) Value() string                                   { return m.value }
func (m *Mutex) Until() time.Time                                { return m.until }
func (m *Mutex) TryLock() error                                  { return nil }
func (m *Mutex) TryLockContext(ctx context.Context) error        { return nil }
func (m *Mutex) Lock() error                                     { return nil }
func (m *Mutex) LockContext(ctx context.Context) error           { return nil }
func (m *Mutex) Unlock() (bool, error)                           { return true, nil }
func (m *Mutex) UnlockContext(ctx context.Context) (bool, error) { return true, nil }
func (m *Mutex) Extend() (bool, error)                           { return true, nil }
func (m *Mutex) ExtendContext(ctx context.Context) (bool, error) { return true, nil }

// Deprecated: Use Until instead. See https://github.com/go-redsync/redsync/issues/72.
func (m *Mutex) Valid() (bool, error) { return true, nil }

// Deprecated: Use Until instead. See https://github.com/go-redsync/redsync/issues/72.
func (m *Mutex) ValidContext(ctx context.Context) (bool, error) { return true, nil }

var ErrFailed = errors.New("redsync: failed to acquire lock")

var ErrExtendFailed = errors.New("redsync: failed to extend lock")

var ErrLockAlreadyExpired = errors.New("redsync: failed to unlock, lock was already expired")

// ErrTaken happens when the lock is already taken in a quorum on nodes.
type ErrTaken struct {
	Nodes []int
}

func (err ErrTaken) Error() string {
	return fmt.Sprintf("lock already taken, locked nodes: %v", err.Nodes)
}

// ErrNodeTaken is the error resulting if the lock is already taken in one of
// the cluster's nodes
type ErrNodeTaken struct {
	Node int
}

func (err ErrNodeTaken) Error() string { return fmt.Sprintf("node #%d: lock already taken", err.Node) }

// A RedisError is an error communicating with one of the Redis nodes.
type RedisError struct {
	Node int
	Err  error
}

func (e RedisError) Error() string { return fmt.Sprintf("node #%d: %s", e.Node, e.Err) }
func (e RedisError) Unwrap() error { return e.Err }
