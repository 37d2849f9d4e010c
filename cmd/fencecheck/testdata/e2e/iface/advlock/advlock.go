// Package advlock implements service.Locker with a Postgres advisory
// lock, without importing package service.
package advlock

import (
	"context"
	"database/sql"
)

type Locker struct{ Conn *sql.Conn }

func (l *Locker) Acquire(ctx context.Context) error {
	_, err := l.Conn.ExecContext(ctx, `SELECT pg_advisory_lock(9)`)
	return err
}

func (l *Locker) Release(ctx context.Context) error {
	_, err := l.Conn.ExecContext(ctx, `SELECT pg_advisory_unlock(9)`)
	return err
}
