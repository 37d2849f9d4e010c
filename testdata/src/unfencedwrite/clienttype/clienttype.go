// Package clienttype wraps a Redis client in a type of its own that also
// offers SET NX on a key its caller passes (as go-zero's Redis.SetnxEx
// does). That method makes it no lock type: its plain writes, made under
// another lock, are the caller's effects.
package clienttype

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
	"go.etcd.io/etcd/client/v3/concurrency"
)

type Client struct{ rdb *redis.Client }

func (c *Client) SetNX(ctx context.Context, key string, ttl time.Duration) (bool, error) {
	return c.rdb.SetNX(ctx, key, "1", ttl).Result()
}

func (c *Client) Set(ctx context.Context, key, value string) error {
	return c.rdb.Set(ctx, key, value, 0).Err()
}

func refresh(ctx context.Context, c *Client, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	return c.Set(ctx, "rate:eur", "1.1") // want `go-redis Set .* under the etcd lock`
}
