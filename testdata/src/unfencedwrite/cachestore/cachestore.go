// Package cachestore: writes made through a cache's own code (a type or
// package named as a cache) under a stampede lock are cache entries, copies
// of a source the lock does not make safe; an increment through it, and a
// plain store's write, are still judged.
package cachestore

import (
	"context"
	"time"

	"github.com/bsm/redislock"
	"github.com/redis/go-redis/v9"
	"unfencedwrite/cachestore/servercache"
)

func load(ctx context.Context, key string) []byte { return nil }

func Refresh(ctx context.Context, locker *redislock.Client, c servercache.Cache, key string) error {
	lock, err := locker.Obtain(ctx, "lock:"+key, 5*time.Second, nil)
	if err != nil {
		return err
	}
	defer lock.Release(ctx)
	if err := c.Del(ctx, key); err != nil {
		return err
	}
	return c.Set(ctx, key, load(ctx, key), time.Minute)
}

func Count(ctx context.Context, locker *redislock.Client, c servercache.Cache, key string) error {
	lock, err := locker.Obtain(ctx, "lock:"+key, 5*time.Second, nil)
	if err != nil {
		return err
	}
	defer lock.Release(ctx)
	return c.Hits(ctx, key) // want `go-redis Incr .*under the redislock lock`
}

// A plain store's write under the same lock is judged, also through a
// type of the cache's package that is no cache.
func Store(ctx context.Context, locker *redislock.Client, rds *redis.Client, p servercache.Profiles, key string) error {
	lock, err := locker.Obtain(ctx, "lock:"+key, 5*time.Second, nil)
	if err != nil {
		return err
	}
	defer lock.Release(ctx)
	if err := p.Save(ctx, key, load(ctx, key)); err != nil { // want `go-redis Set .*under the redislock lock`
		return err
	}
	return rds.Set(ctx, "profile:"+key, load(ctx, key), 0).Err() // want `go-redis Set .*under the redislock lock`
}

// Suppressed.
func CountQuiet(ctx context.Context, locker *redislock.Client, c servercache.Cache, key string) error {
	lock, err := locker.Obtain(ctx, "lock:"+key, 5*time.Second, nil)
	if err != nil {
		return err
	}
	defer lock.Release(ctx)
	//lint:ignore FC1001 hit counts are advisory
	return c.Hits(ctx, key)
}
