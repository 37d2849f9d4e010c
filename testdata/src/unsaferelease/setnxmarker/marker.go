// Package setnxmarker exercises FC5001 on SET NX markers: deleting an
// idempotency marker when the work after it failed undoes the marker, it
// releases no lock; a delete on the success path, of a key named like a
// lock, after a GET compared in Go, or of a renewed key is a release.
package setnxmarker

import (
	"context"
	"database/sql"
	"time"

	"github.com/redis/go-redis/v9"
)

// The marker is rolled back when the insert fails: silent.
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

// The rollback in a deferred literal on the named error result: silent.
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

// --- releases ---

// Deleted on the success path too: both deletes release the lock.
func releasedOnSuccess(ctx context.Context, rdb *redis.Client, db *sql.DB, id string) error {
	if !rdb.SetNX(ctx, "job:"+id, 1, time.Minute).Val() {
		return nil
	}
	if _, err := db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, id); err != nil {
		rdb.Del(ctx, "job:"+id) // want `go-redis Del releases the Redis SET NX lock acquired at marker.go:\d+ without checking`
		return err
	}
	rdb.Del(ctx, "job:"+id) // want `go-redis Del releases the Redis SET NX lock acquired at marker.go:\d+ without checking`
	return nil
}

// Named like a lock: its delete on failure is a release all the same.
func lockNamed(ctx context.Context, rdb *redis.Client, db *sql.DB, id string) error {
	if !rdb.SetNX(ctx, "lock:"+id, 1, time.Minute).Val() {
		return nil
	}
	if _, err := db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, id); err != nil {
		rdb.Del(ctx, "lock:"+id) // want `go-redis Del releases the Redis SET NX lock acquired at marker.go:\d+ without checking`
		return err
	}
	return nil
}

// The holder's value is read and compared before the delete: a lock's
// release, done non-atomically.
func comparedFirst(ctx context.Context, rdb *redis.Client, db *sql.DB, id, owner string) error {
	key := "job:" + id
	if !rdb.SetNX(ctx, key, owner, time.Minute).Val() {
		return nil
	}
	if _, err := db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, id); err != nil {
		if rdb.Get(ctx, key).Val() == owner {
			rdb.Del(ctx, key) // want `go-redis Del deletes the lock key of the Redis SET NX lock acquired at marker.go:\d+ after a GET`
		}
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
	if _, err := db.ExecContext(ctx, `UPDATE tasks SET state = 'done' WHERE id = $1`, id); err != nil {
		rdb.Del(ctx, key) // want `go-redis Del releases the Redis SET NX lock acquired at marker.go:\d+ without checking`
		return err
	}
	return nil
}
