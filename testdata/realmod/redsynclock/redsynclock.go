// Package redsynclock settles orders under a redsync (Redlock) mutex.
// Redlock issues no fencing token, so the fenced version takes one from a
// guard row incremented in the same database transaction as the write.
package redsynclock

import (
	"context"
	"database/sql"
	"errors"

	"github.com/go-redsync/redsync/v4"
	"github.com/redis/go-redis/v9"
)

// ErrStale means a newer holder has already settled the order.
var ErrStale = errors.New("redsynclock: stale fencing token")

// SettleUnfenced marks the order paid in Redis and SQL with no fence.
func SettleUnfenced(ctx context.Context, rs *redsync.Redsync, rdb *redis.Client, db *sql.DB, orderID string) error {
	m := rs.NewMutex("lock:order:" + orderID)
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	if err := rdb.HSet(ctx, "order:"+orderID, "state", "paid").Err(); err != nil { // want "FC1001"
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE orders SET state = 'paid' WHERE id = $1`, orderID) // want "FC1001"
	return err
}

// SettleFenced takes a token from the fences guard row and compares it in the same transaction.
func SettleFenced(ctx context.Context, rs *redsync.Redsync, db *sql.DB, orderID string) error {
	m := rs.NewMutex("lock:order:" + orderID)
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var tok int64
	if err := tx.QueryRowContext(ctx, `UPDATE fences SET token = token + 1 WHERE name = $1 RETURNING token`, "order:"+orderID).Scan(&tok); err != nil {
		return err
	}
	res, err := tx.ExecContext(ctx, `UPDATE orders SET state = 'paid', fence_token = $1 WHERE id = $2 AND fence_token <= $1`, tok, orderID)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return ErrStale
	}
	return tx.Commit()
}

// OrderState reads the order under the lock.
func OrderState(ctx context.Context, rs *redsync.Redsync, rdb *redis.Client, orderID string) (string, error) {
	m := rs.NewMutex("lock:order:" + orderID)
	if err := m.LockContext(ctx); err != nil {
		return "", err
	}
	defer m.UnlockContext(ctx)
	return rdb.HGet(ctx, "order:"+orderID, "state").Result()
}
