// Package lockhelper runs callbacks under a Postgres advisory lock.
package lockhelper

import (
	"context"
	"database/sql"
)

// WithLock runs fn while holding a session-level advisory lock on a
// dedicated connection.
func WithLock(ctx context.Context, db *sql.DB, key int64, fn func(ctx context.Context) error) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, key); err != nil {
		return err
	}
	defer conn.ExecContext(ctx, `SELECT pg_advisory_unlock($1)`, key)
	return fn(ctx)
}
