// Package setnxmarker exercises FC1001 on SET NX markers: an idempotency
// marker that is deleted only when the work after it fails (so that a
// retry runs it again) guards no critical section; the same shapes with a
// release on the success path, a lock's name, or a renewal are locks.
package setnxmarker

import (
	"context"
	"database/sql"
	"time"

	"github.com/redis/go-redis/v9"
)

// The marker is rolled back when the insert fails: no lock, no finding.
func processOnce(ctx context.Context, rdb *redis.Client, db *sql.DB, id string) error {
	ok, err := rdb.SetNX(ctx, "processed:"+id, 1, 24*time.Hour).Result()
	if err != nil || !ok {
		return err
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO payments (id) VALUES ($1)`, id); err != nil {
		rdb.Del(ctx, "processed:"+id)
		return err
	}
	return nil
}

// The rollback in a deferred literal on the named error result.
func processDeferred(ctx context.Context, rdb *redis.Client, db *sql.DB, id string) (err error) {
	key := "seen:" + id
	if !rdb.SetNX(ctx, key, 1, time.Hour).Val() {
		return nil
	}
	defer func() {
		if err != nil {
			rdb.Del(ctx, key)
		}
	}()
	_, err = db.ExecContext(ctx, `INSERT INTO events (id) VALUES ($1)`, id)
	return err
}

// --- still locks ---

// The key is deleted on the success path too: a release.
func releasedOnSuccess(ctx context.Context, rdb *redis.Client, db *sql.DB, id string) error {
	if !rdb.SetNX(ctx, "job:"+id, 1, time.Minute).Val() {
		return nil
	}
	if _, err := db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, id); err != nil { // want `UPDATE jobs .* under the Redis SET NX lock`
		rdb.Del(ctx, "job:"+id)
		return err
	}
	rdb.Del(ctx, "job:"+id)
	return nil
}

// Named like a lock: a lock, whatever its deletes.
func lockNamed(ctx context.Context, rdb *redis.Client, db *sql.DB, id string) error {
	if !rdb.SetNX(ctx, "lock:"+id, 1, time.Minute).Val() {
		return nil
	}
	if _, err := db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, id); err != nil { // want `UPDATE jobs .* under the Redis SET NX lock`
		rdb.Del(ctx, "lock:"+id)
		return err
	}
	return nil
}

// Renewed by a watchdog while the work runs: a lease, not a marker.
func renewed(ctx context.Context, rdb *redis.Client, db *sql.DB, id string) error {
	key := "task:" + id
	if !rdb.SetNX(ctx, key, 1, time.Minute).Val() {
		return nil
	}
	go func() {
		for range time.Tick(20 * time.Second) {
			rdb.Expire(ctx, key, time.Minute)
		}
	}()
	if _, err := db.ExecContext(ctx, `UPDATE tasks SET state = 'done' WHERE id = $1`, id); err != nil { // want `UPDATE tasks .* under the Redis SET NX lock`
		rdb.Del(ctx, key)
		return err
	}
	return nil
}

// A one-shot marker never deleted, whose key names a release of stock (no
// lease): no lock, no finding.
func releaseStockOnce(ctx context.Context, rdb *redis.Client, db *sql.DB, order string) error {
	ok, err := rdb.SetNX(ctx, "release:timeout:"+order, "1", 30*time.Minute).Result()
	if err != nil || !ok {
		return err
	}
	_, err = db.ExecContext(ctx, `UPDATE orders SET status = 'canceled' WHERE no = $1`, order)
	return err
}

// The same shape under a lease's key is a lock's.
func leaseOnce(ctx context.Context, rdb *redis.Client, db *sql.DB, order string) error {
	ok, err := rdb.SetNX(ctx, "lease:"+order, "1", 30*time.Minute).Result()
	if err != nil || !ok {
		return err
	}
	_, err = db.ExecContext(ctx, `UPDATE orders SET status = 'canceled' WHERE no = $1`, order) // want `UPDATE orders .*under the Redis SET NX lock`
	return err
}
