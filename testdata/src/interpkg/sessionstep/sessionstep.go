// Package sessionstep is modelled on a migration library whose steps take
// a session-level advisory lock on the connection they are handed and
// write on it: those writes are fenced by the lock's session for every
// caller, so their summaries carry no effect; a step that writes without
// its own lock is summarised as usual.
package sessionstep

import (
	"context"
	"database/sql"
)

func lock(ctx context.Context, conn *sql.Conn) error {
	_, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock(1)`)
	return err
}

// Apply locks its connection again (advisory locks are reentrant) and
// records the version on it.
func Apply(ctx context.Context, conn *sql.Conn, version int) error {
	if err := lock(ctx, conn); err != nil {
		return err
	}
	defer conn.ExecContext(ctx, `SELECT pg_advisory_unlock(1)`)
	_, err := conn.ExecContext(ctx, `UPDATE schema_version SET version = $1`, version)
	return err
}

// Record writes with no lock of its own.
func Record(ctx context.Context, conn *sql.Conn, version int) error {
	_, err := conn.ExecContext(ctx, `UPDATE schema_version SET version = $1`, version)
	return err
}
