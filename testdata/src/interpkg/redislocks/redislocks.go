// Package redislocks is a hand-rolled Redis lock: fencecheck infers that
// Acquire takes a lock from its SET NX.
package redislocks

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// Acquire takes the lock named key for owner.
func Acquire(ctx context.Context, rdb *redis.Client, key, owner string) (bool, error) { // want Acquire:`acquire\(Redis SET NX lock, result 0\)`
	return rdb.SetNX(ctx, "lock:"+key, owner, 30*time.Second).Result()
}

// Release gives it back (compare-and-delete).
func Release(ctx context.Context, rdb *redis.Client, key, owner string) error {
	return rdb.Eval(ctx, `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`, []string{"lock:" + key}, owner).Err()
}
