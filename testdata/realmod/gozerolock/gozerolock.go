// Package gozerolock refreshes a currency-rate table under go-zero's
// RedisLock. go-zero issues no fencing token, so the fenced version takes
// one from a guard row in the same sqlx transaction as the write.
package gozerolock

import (
	"context"
	"errors"

	"github.com/jmoiron/sqlx"
	"github.com/zeromicro/go-zero/core/stores/redis"
)

// ErrNotAcquired means another instance holds the lock.
var ErrNotAcquired = errors.New("gozerolock: lock not acquired")

// ErrStale means a newer holder has already refreshed the rates.
var ErrStale = errors.New("gozerolock: stale fencing token")

// acquire takes the rates lock for 30 seconds.
func acquire(ctx context.Context, store *redis.Redis) (*redis.RedisLock, error) {
	lock := redis.NewRedisLock(store, "lock:rates")
	lock.SetExpire(30)
	ok, err := lock.AcquireCtx(ctx)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, ErrNotAcquired
	}
	return lock, nil
}

// RefreshUnfenced caches and stores the new rate with no fence.
func RefreshUnfenced(ctx context.Context, store *redis.Redis, db *sqlx.DB, currency, rate string) error {
	lock := redis.NewRedisLock(store, "lock:rates")
	lock.SetExpire(30)
	ok, err := lock.AcquireCtx(ctx)
	if err != nil {
		return err
	}
	if !ok {
		return ErrNotAcquired
	}
	defer lock.ReleaseCtx(ctx)
	if err := store.SetCtx(ctx, "rate:"+currency, rate); err != nil { // want "FC1001"
		return err
	}
	_, err = db.ExecContext(ctx, `UPDATE rates SET rate = $1 WHERE currency = $2`, rate, currency) // want "FC1001"
	return err
}

// RefreshFenced bumps the guard row and writes with the token in one transaction.
func RefreshFenced(ctx context.Context, store *redis.Redis, db *sqlx.DB, currency, rate string) error {
	lock, err := acquire(ctx, store)
	if err != nil {
		return err
	}
	defer lock.ReleaseCtx(ctx)
	tx, err := db.BeginTxx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var tok int64
	if err := tx.GetContext(ctx, &tok, `UPDATE fences SET token = token + 1 WHERE name = 'rates' RETURNING token`); err != nil {
		return err
	}
	res, err := tx.ExecContext(ctx, `UPDATE rates SET rate = $1, fence_token = $2 WHERE currency = $3 AND fence_token <= $2`, rate, tok, currency)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return ErrStale
	}
	return tx.Commit()
}

// CurrentRate reads the cached rate under the lock.
func CurrentRate(ctx context.Context, store *redis.Redis, currency string) (string, error) {
	lock, err := acquire(ctx, store)
	if err != nil {
		return "", err
	}
	defer lock.ReleaseCtx(ctx)
	return store.GetCtx(ctx, "rate:"+currency)
}
