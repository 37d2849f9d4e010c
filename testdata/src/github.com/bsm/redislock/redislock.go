package redislock

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

var (
	// ErrNotObtained is returned when a lock cannot be obtained.
	ErrNotObtained = errors.New("redislock: not obtained")

	// ErrLockNotHeld is returned when trying to release an inactive lock.
	ErrLockNotHeld = errors.New("redislock: lock not held")
)

// RedisClient is a minimal client interface.
type RedisClient interface {
	redis.Scripter
}

// Client wraps a redis client.
type Client struct {
	client RedisClient
}

// New creates a new Client instance with a custom namespace.
func New(client RedisClient) *Client { return &Client{client: client} }

// Obtain tries to obtain a new lock using a key with the given TTL.
func (c *Client) Obtain(ctx context.Context, key string, ttl time.Duration, opt *Options) (*Lock, error) {
	return &Lock{Client: c, key: key}, nil
}

// Lock represents an obtained, distributed lock.
type Lock struct {
	*Client
	key      string
	value    string
	tokenLen int
}

// Obtain is a short-cut for New(...).Obtain(...).
func Obtain(ctx context.Context, client RedisClient, key string, ttl time.Duration, opt *Options) (*Lock, error) {
	return New(client).Obtain(ctx, key, ttl, opt)
}

func (l *Lock) Key() string                                                        { return l.key }
func (l *Lock) Token() string                                                      { return l.value[:l.tokenLen] }
func (l *Lock) Metadata() string                                                   { return l.value[l.tokenLen:] }
func (l *Lock) TTL(ctx context.Context) (time.Duration, error)                     { return 0, nil }
func (l *Lock) Refresh(ctx context.Context, ttl time.Duration, opt *Options) error { return nil }
func (l *Lock) Release(ctx context.Context) error                                  { return nil }

// Options describe the options for the lock
type Options struct {
	RetryStrategy RetryStrategy
	Metadata      string
	Token         string
}

// RetryStrategy allows to customise the lock retry strategy.
type RetryStrategy interface {
	NextBackoff() time.Duration
}

type linearBackoff time.Duration

func (r linearBackoff) NextBackoff() time.Duration { return time.Duration(r) }

func LinearBackoff(backoff time.Duration) RetryStrategy { return linearBackoff(backoff) }
func NoRetry() RetryStrategy                            { return linearBackoff(0) }
func LimitRetry(s RetryStrategy, max int) RetryStrategy { return s }
func ExponentialBackoff(min, max time.Duration) RetryStrategy {
	return linearBackoff(min)
}
