// Package helperscope runs its work in a lock helper that takes a SET NX
// lock, runs the callback and releases the lock (a compare-and-delete
// script behind a function of its own) before it returns. What the caller
// does after the helper returned is not under the lock, although the
// helper reports success through its error as an acquire wrapper would.
package helperscope

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

var rdb *redis.Client

const releaseScript = `if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) else return 0 end`

func WithRedisLock(ctx context.Context, key string, ttl time.Duration, fn func()) error {
	value := time.Now().UnixNano()
	ok, err := rdb.SetNX(ctx, key, value, ttl).Result()
	if err != nil || !ok {
		return errors.New("lock not acquired")
	}
	defer releaseLock(ctx, key, value)
	fn()
	return nil
}

func releaseLock(ctx context.Context, key string, value int64) {
	rdb.Eval(ctx, releaseScript, []string{key}, value)
}

func recalculate(ctx context.Context, db *sql.DB) {
	_ = WithRedisLock(ctx, "lock:recalculate", time.Second, func() {
		// The helper's key comes from its caller, but the helper releases
		// that same key: a lock helper, its callback a critical section.
		db.ExecContext(ctx, `UPDATE processors SET healthy = false WHERE id = 1`) // want `UPDATE processors .* under the Redis SET NX lock acquired at helperscope.go:37`
	})
}

func requeue(ctx context.Context, db *sql.DB) error {
	if err := WithRedisLock(ctx, "lock:requeue", time.Second, func() {}); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE queue SET requeued = true WHERE id = 2`) // after the helper released the lock
	return err
}
