// Package multikey: a lock type whose Lock takes several keys at once
// (SET NX on each, in a pipeline callback) and whose UnLock deletes the
// keys its caller passes in the same parameter: the release of that lock,
// whatever the keys are called.
package multikey

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

type cache struct{ client *redis.Client }

func (c *cache) Lock(ctx context.Context, keys []string, ttl time.Duration) error {
	locked := true
	_, err := c.client.TxPipelined(ctx, func(p redis.Pipeliner) error {
		for _, key := range keys {
			ok, err := c.client.SetNX(ctx, key, 0, ttl).Result()
			if err != nil || !ok {
				locked = false
				return errors.New("held")
			}
		}
		return nil
	})
	if err != nil || !locked {
		return errors.New("not locked")
	}
	return nil
}

func (c *cache) UnLock(ctx context.Context, keys []string) error {
	return c.client.Del(ctx, keys...).Err() // want `go-redis Del releases the Redis SET NX lock acquired at multikey.go:\d+ without checking`
}

// Not the lock's keys: another method of the type deletes what its caller
// passes in another position.
func (c *cache) Drop(ctx context.Context, prefix string, keys []string) error {
	return c.client.Del(ctx, keys...).Err()
}

type other struct{ client *redis.Client }

// A type without the lock's protocol deletes a slice of keys: no lock.
func (o *other) Purge(ctx context.Context, keys []string) error {
	return o.client.Del(ctx, keys...).Err()
}

type quiet struct{ client *redis.Client }

func (q *quiet) Lock(ctx context.Context, keys []string, ttl time.Duration) error {
	locked := true
	_, err := q.client.TxPipelined(ctx, func(p redis.Pipeliner) error {
		for _, key := range keys {
			ok, err := q.client.SetNX(ctx, key, 1, ttl).Result()
			if err != nil || !ok {
				locked = false
				return errors.New("held")
			}
		}
		return nil
	})
	if err != nil || !locked {
		return errors.New("not locked")
	}
	return nil
}

func (q *quiet) Unlock(ctx context.Context, keys []string) error {
	//lint:ignore FC5001 the keys expire within the request's deadline
	return q.client.Del(ctx, keys...).Err()
}
