// Package cacherepo is modelled on an application's Redis repository: a
// SET NX lock taken and released by key-building methods, deletes named
// as cache invalidations over keys whose text does not say "cache", and a
// plain delete of state.
package cacherepo

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

type Repo struct{ rdb *redis.Client }

func lockKey(code string) string { return "redeem:lock:" + code }

func balanceKey(user int64) string { return fmt.Sprintf("billing:balance:%d", user) }

// AcquireLock and ReleaseLock are functions over the client, not methods
// of Repo (a type with both would be a lock type, whose methods' writes
// are its own bookkeeping).
func AcquireLock(ctx context.Context, rdb *redis.Client, code string, ttl time.Duration) (bool, error) {
	return rdb.SetNX(ctx, lockKey(code), 1, ttl).Result()
}

// ReleaseLock deletes the lock's key: the lock's own release, not a
// write a caller's lock protects.
func ReleaseLock(ctx context.Context, rdb *redis.Client, code string) error {
	return rdb.Del(ctx, lockKey(code)).Err()
}

// InvalidateBalance drops a cached balance: the next reader refills it.
func (r *Repo) InvalidateBalance(ctx context.Context, user int64) error {
	return r.rdb.Del(ctx, balanceKey(user)).Err()
}

// DropBalance deletes the same key, but nothing says it is a cache.
func (r *Repo) DropBalance(ctx context.Context, user int64) error {
	return r.rdb.Del(ctx, balanceKey(user)).Err()
}
