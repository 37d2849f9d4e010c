// Package lockedfirst: under a Redis lock, a write by key of a row that a
// locking read on the same transaction selected by its state (FOR UPDATE
// SKIP LOCKED) is a compare-and-set on the record: the row lock orders it
// with every other writer, and the state was checked under it. A locking
// read by key alone checks nothing.
package lockedfirst

import (
	"context"
	"database/sql"
	"time"

	"github.com/redis/go-redis/v9"
)


func Claim(ctx context.Context, rds *redis.Client, db *sql.DB) {
	ok, err := rds.SetNX(ctx, "outbox:lock", "me", 2*time.Second).Result()
	if err != nil || !ok {
		return
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return
	}
	defer tx.Rollback()
	var id int64
	if err := tx.QueryRowContext(ctx, `SELECT id FROM outbox_events WHERE status = 0 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id); err != nil {
		return
	}
	tx.ExecContext(ctx, `UPDATE outbox_events SET status = 1 WHERE id = ?`, id)
	tx.Commit()
}

func Bump(ctx context.Context, rds *redis.Client, db *sql.DB, id int64) {
	ok, err := rds.SetNX(ctx, "outbox:lock", "me", 2*time.Second).Result()
	if err != nil || !ok {
		return
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return
	}
	defer tx.Rollback()
	var n int64
	if err := tx.QueryRowContext(ctx, `SELECT attempts FROM outbox_events WHERE id = ? FOR UPDATE`, id).Scan(&n); err != nil {
		return
	}
	tx.ExecContext(ctx, `UPDATE outbox_events SET attempts = ? WHERE id = ?`, n+1, id) // want `UPDATE outbox_events .*under the Redis SET NX lock`
	tx.Commit()
}

// Suppressed.
func BumpQuiet(ctx context.Context, rds *redis.Client, db *sql.DB, id int64) {
	ok, err := rds.SetNX(ctx, "outbox:lock", "me", 2*time.Second).Result()
	if err != nil || !ok {
		return
	}
	//lint:ignore FC1001 attempts are advisory
	db.ExecContext(ctx, `UPDATE outbox_events SET attempts = attempts + 1 WHERE id = ?`, id)
}
