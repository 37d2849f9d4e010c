// Package servercache is a cache's own code: every key its Cache type
// writes is a cache entry.
package servercache

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

type Cache struct{ client *redis.Client }

func New(c *redis.Client) Cache { return Cache{client: c} }

func (c Cache) Get(ctx context.Context, key string) ([]byte, error) {
	return c.client.Get(ctx, key).Bytes()
}

func (c Cache) Set(ctx context.Context, key string, val []byte, ttl time.Duration) error {
	return c.client.Set(ctx, key, val, ttl).Err()
}

func (c Cache) Del(ctx context.Context, key string) error {
	return c.client.Del(ctx, key).Err()
}

// Hits counts hits: an increment makes a value no source holds.
func (c Cache) Hits(ctx context.Context, key string) error {
	return c.client.Incr(ctx, "hits:"+key).Err()
}

// Profiles is no cache: a package's name does not make its types caches.
type Profiles struct{ client *redis.Client }

func (p Profiles) Save(ctx context.Context, key string, val []byte) error {
	return p.client.Set(ctx, "profile:"+key, val, 0).Err()
}
