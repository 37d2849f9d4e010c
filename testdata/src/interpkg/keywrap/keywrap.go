// Package keywrap is an application's Redis wrapper: AcquireLock sets a
// key its caller names, ReleaseLock runs a compare-and-delete script on
// it, ExtendLock a compare-and-expire one. None of them decides that the
// key is a lock's; a caller that releases or extends the key it acquires
// does (fact.KeyUseFact).
package keywrap

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

type Client struct{ *redis.Client }

var release = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`)

func (c *Client) AcquireLock(ctx context.Context, key, value string, ttl time.Duration) (bool, error) {
	return c.SetNX(ctx, key, value, ttl).Result()
}

func (c *Client) ReleaseLock(ctx context.Context, key, value string) error {
	return release.Run(ctx, c.Client, []string{key}, value).Err()
}

func (c *Client) ExtendLock(ctx context.Context, key string, ttl time.Duration) error {
	return c.Expire(ctx, key, ttl).Err()
}

// Forget deletes whatever key it is handed.
func (c *Client) Forget(ctx context.Context, key string) error { return c.ReleaseLock(ctx, key, "") }
