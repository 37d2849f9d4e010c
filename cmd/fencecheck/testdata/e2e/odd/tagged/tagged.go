//go:build fencecheck_never

// Package tagged is excluded by its build tag: nothing to report.
package tagged

import (
	"context"
	"database/sql"
)

func Write(ctx context.Context, db *sql.DB) {
	db.ExecContext(ctx, `SELECT pg_advisory_lock(1)`)
	db.ExecContext(ctx, `UPDATE t SET v = 1`)
}
