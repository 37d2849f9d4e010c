// Package advisory holds a Postgres session advisory lock, which issues no
// fencing token, while it writes: the one write that is neither fenced nor
// suppressed must be reported, by the standalone command and by go vet.
package advisory

import (
	"context"
	"database/sql"
)

func Rebalance(ctx context.Context, db *sql.DB) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock(42)`); err != nil {
		return err
	}
	defer conn.ExecContext(ctx, `SELECT pg_advisory_unlock(42)`)

	if _, err := db.ExecContext(ctx, `UPDATE accounts SET state = $1 WHERE id = $2`, "moved", 7); err != nil { // want "FC1001"
		return err
	}
	//lint:ignore FC1001 the audit table is append-only and tolerates duplicates
	if _, err := db.ExecContext(ctx, `INSERT INTO audit (msg) VALUES ($1)`, "rebalanced"); err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, `DELETE FROM jobs WHERE id = $1`, 7) //nolint:fencecheck // jobs are rebuilt from the log
	return err
}
