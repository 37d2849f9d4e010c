// Package redislocklib rebuilds a daily report under a bsm/redislock lock.
// redislock issues no fencing token, so the fenced version takes one from a
// guard row in the same pgx transaction as the write.
package redislocklib

import (
	"context"
	"errors"
	"time"

	"github.com/bsm/redislock"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/redis/go-redis/v9"
)

// ErrStale means a newer holder has already written the report.
var ErrStale = errors.New("redislocklib: stale fencing token")

// RebuildUnfenced overwrites the cached report and the report row with no fence.
func RebuildUnfenced(ctx context.Context, locker *redislock.Client, rdb *redis.Client, pool *pgxpool.Pool, day string, body []byte) error {
	lock, err := locker.Obtain(ctx, "lock:report:"+day, 30*time.Second, nil)
	if err != nil {
		return err
	}
	defer lock.Release(ctx)
	if err := rdb.Set(ctx, "report:"+day, body, time.Hour).Err(); err != nil { // want "FC1001"
		return err
	}
	_, err = pool.Exec(ctx, `UPDATE reports SET body = $1 WHERE day = $2`, body, day) // want "FC1001"
	return err
}

// RebuildFenced bumps the guard row and writes with the new token in one transaction.
func RebuildFenced(ctx context.Context, locker *redislock.Client, pool *pgxpool.Pool, day string, body []byte) error {
	lock, err := locker.Obtain(ctx, "lock:report:"+day, 30*time.Second, &redislock.Options{
		RetryStrategy: redislock.LimitRetry(redislock.LinearBackoff(200*time.Millisecond), 10),
	})
	if err != nil {
		return err
	}
	defer lock.Release(ctx)
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		var tok int64
		if err := tx.QueryRow(ctx, `UPDATE fences SET token = token + 1 WHERE name = $1 RETURNING token`, "report:"+day).Scan(&tok); err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, `UPDATE reports SET body = $1, fence_token = $2 WHERE day = $3 AND fence_token <= $2`, body, tok, day)
		if err != nil {
			return err
		}
		if tag.RowsAffected() != 1 {
			return ErrStale
		}
		return nil
	})
}

// CachedReport reads the cached report under the lock.
func CachedReport(ctx context.Context, locker *redislock.Client, rdb *redis.Client, day string) ([]byte, error) {
	lock, err := locker.Obtain(ctx, "lock:report:"+day, 30*time.Second, nil)
	if err != nil {
		return nil, err
	}
	defer lock.Release(ctx)
	return rdb.Get(ctx, "report:"+day).Bytes()
}
