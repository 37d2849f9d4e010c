// Package locks wraps a Postgres advisory lock: a wrapper, a wrapper of it
// and one through a retry helper. Importers see all three through facts.
package locks

import (
	"context"
	"database/sql"
)

func Acquire(ctx context.Context, conn *sql.Conn) error {
	_, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock(11)`)
	return err
}

func AcquireChecked(ctx context.Context, conn *sql.Conn) error {
	if err := Acquire(ctx, conn); err != nil {
		return err
	}
	return nil
}

func retry(n int, f func() error) error {
	var err error
	for i := 0; i < n; i++ {
		if err = f(); err == nil {
			return nil
		}
	}
	return err
}

func AcquireRetry(ctx context.Context, conn *sql.Conn) error {
	return retry(3, func() error { return AcquireChecked(ctx, conn) })
}
