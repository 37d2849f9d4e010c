// Package store is the golangci-lint integration fixture: writes under a
// PostgreSQL session advisory lock taken on a connection pool. Every write
// below is an FC1001 (unfencedwrite) finding unless a comment silences it.
//
// The expected findings are the lines marked "FINDING"; the test reads the
// markers, so keep them on the line the finding is reported at.
package store

import (
	"context"
	"database/sql"
)

// Reported: the lock lives on one pooled connection, the UPDATE may run on
// another, and it carries no fencing token.
func Transfer(ctx context.Context, db *sql.DB, id int64) error {
	if _, err := db.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, id); err != nil {
		return err
	}
	defer db.ExecContext(ctx, `SELECT pg_advisory_unlock($1)`, id)
	_, err := db.ExecContext(ctx, `UPDATE balances SET amount = 0 WHERE id = $1`, id) // FINDING
	return err
}

// Reported as well: a second, independent critical section.
func Close(ctx context.Context, db *sql.DB, id int64) error {
	if _, err := db.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, id); err != nil {
		return err
	}
	defer db.ExecContext(ctx, `SELECT pg_advisory_unlock($1)`, id)
	_, err := db.ExecContext(ctx, `UPDATE accounts SET closed = true WHERE id = $1`, id) // FINDING
	return err
}
