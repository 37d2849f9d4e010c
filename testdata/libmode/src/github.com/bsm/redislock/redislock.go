// Package redislock is a test fixture for library mode: a naive Redis lock
// library written at the import path of a library fenecheck's knowledge
// base models, so that it counts as that library's own code. (The real
// github.com/bsm/redislock releases with a compare-and-delete script.)
// Without library mode nothing is reported here; with it, the faults of
// the lock's own protocol are.
package redislock

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

var ErrNotObtained = errors.New("redislock: not obtained")

type Options struct{}

type Client struct {
	client *redis.Client
}

type Lock struct {
	client *redis.Client
	key    string
	value  string
	ttl    time.Duration
	start  time.Time
}

func (c *Client) Obtain(ctx context.Context, key string, ttl time.Duration, opt *Options) (*Lock, error) {
	start := time.Now()
	ok, err := c.client.SetNX(ctx, key, "token", ttl).Result()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, ErrNotObtained
	}
	return &Lock{client: c.client, key: key, value: "token", ttl: ttl, start: start}, nil
}

// Release deletes the key whoever holds it: a holder whose lock expired
// deletes its successor's.
func (l *Lock) Release(ctx context.Context) error {
	return l.client.Del(ctx, l.key).Err() // want `Release, a release of the redislock lock, deletes the lock's key with .*Del without checking`
}

// releaseChecked reads the key back first: still a check-then-delete.
func releaseChecked(ctx context.Context, c *redis.Client, key, value string) error {
	ok, err := c.SetNX(ctx, key, value, time.Minute).Result()
	if err != nil || !ok {
		return err
	}
	return c.Del(ctx, key).Err() // want `go-redis Del releases the Redis SET NX lock`
}

// Valid is Redlock-style validity arithmetic: the lock's remaining time
// computed with this host's clock and handed out as proof of authority.
// Not reported yet (a known gap of library mode, docs/design.md): FC4001
// knows a lock's TTL from the calls that pass it to a lock API, and this
// TTL is the library's own parameter.
func (l *Lock) Valid() bool {
	return time.Since(l.start) < l.ttl
}
