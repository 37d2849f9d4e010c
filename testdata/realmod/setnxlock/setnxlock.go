// Package setnxlock runs the nightly billing job under a hand-rolled Redis
// lock: SET NX PX with a random owner token, released by a Lua
// compare-and-delete. Such a lock has no fence, so the fenced version takes a
// token from a guard row in the same database transaction as the write.
package setnxlock

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

const lockKey = "lock:billing"

// releaseScript deletes the lock key only if it still holds our owner token.
var releaseScript = redis.NewScript(`if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) end return 0`)

// ErrBusy means another instance holds the billing lock.
var ErrBusy = errors.New("setnxlock: billing lock is held elsewhere")

// ErrStale means a newer holder has already run billing.
var ErrStale = errors.New("setnxlock: stale fencing token")

// RunBillingUnfenced records the run in Redis and SQL with no fence.
func RunBillingUnfenced(ctx context.Context, rdb *redis.Client, db *sql.DB, day string) error {
	owner := uuid.NewString()
	ok, err := rdb.SetNX(ctx, lockKey, owner, 30*time.Second).Result()
	if err != nil {
		return err
	}
	if !ok {
		return ErrBusy
	}
	defer releaseScript.Run(ctx, rdb, []string{lockKey}, owner)
	if err := rdb.Set(ctx, "billing:last_day", day, 0).Err(); err != nil { // want "FC1001"
		return err
	}
	_, err = db.ExecContext(ctx, `UPDATE billing_days SET state = 'billed' WHERE day = $1`, day) // want "FC1001"
	return err
}

// RunBillingFenced takes a token from the guard row and compares it in the same transaction.
func RunBillingFenced(ctx context.Context, rdb *redis.Client, db *sql.DB, day string) error {
	owner := uuid.NewString()
	ok, err := rdb.SetNX(ctx, lockKey, owner, 30*time.Second).Result()
	if err != nil {
		return err
	}
	if !ok {
		return ErrBusy
	}
	defer releaseScript.Run(ctx, rdb, []string{lockKey}, owner)
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var tok int64
	if err := tx.QueryRowContext(ctx, `UPDATE fences SET token = token + 1 WHERE name = 'billing' RETURNING token`).Scan(&tok); err != nil {
		return err
	}
	res, err := tx.ExecContext(ctx, `UPDATE billing_days SET state = 'billed', fence_token = $1 WHERE day = $2 AND fence_token <= $1`, tok, day)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return ErrStale
	}
	return tx.Commit()
}

// LastBilledDay reads the last billed day under the lock.
func LastBilledDay(ctx context.Context, rdb *redis.Client) (string, error) {
	owner := uuid.NewString()
	ok, err := rdb.SetNX(ctx, lockKey, owner, 30*time.Second).Result()
	if err != nil {
		return "", err
	}
	if !ok {
		return "", ErrBusy
	}
	defer releaseScript.Run(ctx, rdb, []string{lockKey}, owner)
	return rdb.Get(ctx, "billing:last_day").Result()
}

// ResetBilling clears the billing flag and releases the lock with a plain
// DEL: if the lease ran out while it worked, the DEL removes the next
// holder's lock. fencecheck offers the compare-and-delete fix (go vet -fix;
// see fixes.diff).
func ResetBilling(ctx context.Context, rdb *redis.Client) error {
	owner := uuid.NewString()
	ok, err := rdb.SetNX(ctx, lockKey, owner, 30*time.Second).Result()
	if err != nil || !ok {
		return err
	}
	rdb.Del(ctx, lockKey) // want "FC5001"
	return nil
}
