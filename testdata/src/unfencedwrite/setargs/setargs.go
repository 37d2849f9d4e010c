// Package setargs exercises FC1001 under SET NX locks taken with go-redis'
// SetArgs(ctx, key, value, SetArgs{Mode: "NX", TTL: ttl}); SetArgs
// without NX is a plain write.
package setargs

import (
	"context"
	"database/sql"
	"time"

	"github.com/redis/go-redis/v9"
)

// TryLock takes a named system lock (sweeper, retention): true when it was free.
func TryLock(ctx context.Context, rdb *redis.Client, name string, ttl time.Duration) (bool, error) {
	err := rdb.SetArgs(ctx, "syslock:"+name, "1", redis.SetArgs{Mode: "NX", TTL: ttl}).Err()
	if err == redis.Nil {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return true, nil
}

// The work runs where the wrapper reported the lock taken.
func sweep(ctx context.Context, rdb *redis.Client, db *sql.DB) {
	ok, err := TryLock(ctx, rdb, "sweeper", 6*time.Minute)
	if err != nil || !ok {
		return
	}
	db.ExecContext(ctx, `UPDATE pending SET attempts = attempts + 1 WHERE expires_at < now()`) // want `UPDATE pending .* under the Redis SET NX lock acquired at setargs.go:\d+`
}

// Held where the command's error is nil, read through Result().
func billing(ctx context.Context, rdb *redis.Client, db *sql.DB, owner string) error {
	if _, err := rdb.SetArgs(ctx, "lock:billing", owner, redis.SetArgs{Mode: "NX", TTL: time.Minute}).Result(); err != nil {
		return err
	}
	defer rdb.Del(ctx, "lock:billing")
	rdb.SetArgs(ctx, "billing:last", "today", redis.SetArgs{TTL: time.Hour})                     // want `go-redis SetArgs .*under the Redis SET NX lock`
	_, err := db.ExecContext(ctx, `UPDATE invoices SET state = 'sent' WHERE day = current_date`) // want `under the Redis SET NX lock`
	return err
}

// A de-duplication marker gates the write, but it is no lock: the key
// names none and nothing releases it.
func enqueueOnce(ctx context.Context, rdb *redis.Client, db *sql.DB, id string) error {
	if err := rdb.SetArgs(ctx, "seen:"+id, "1", redis.SetArgs{Mode: "NX", TTL: time.Hour}).Err(); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `INSERT INTO outbox (id) VALUES ($1)`, id)
	return err
}

// An XX write takes nothing.
func touch(ctx context.Context, rdb *redis.Client, db *sql.DB) error {
	if err := rdb.SetArgs(ctx, "lock:touch", "1", redis.SetArgs{Mode: "XX"}).Err(); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE invoices SET touched = now()`)
	return err
}

// The reviewed exception.
func vacuum(ctx context.Context, rdb *redis.Client, db *sql.DB, owner string) error {
	if err := rdb.SetArgs(ctx, "lock:vacuum", owner, redis.SetArgs{Mode: "NX", TTL: time.Hour}).Err(); err != nil {
		return err
	}
	defer rdb.Del(ctx, "lock:vacuum")
	//lint:ignore FC1001 VACUUM is idempotent; a stale holder repeating it changes nothing
	_, err := db.ExecContext(ctx, `UPDATE stats SET vacuumed = true`)
	return err
}
