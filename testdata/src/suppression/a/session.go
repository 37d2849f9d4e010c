package a

import (
	"context"
	"database/sql"
)

func lockSession(ctx context.Context, conn *sql.Conn) error {
	_, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock(7)`)
	return err
}

// A write in a transaction begun on the connection that holds a session
// advisory lock is fenced by the session: a suppression of it suppresses
// nothing, while one of a write on the pool still suppresses a finding.
func migrateSession(ctx context.Context, db *sql.DB, conn *sql.Conn) error {
	if err := lockSession(ctx, conn); err != nil {
		return err
	}
	defer conn.ExecContext(ctx, `SELECT pg_advisory_unlock(7)`)
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	//lint:ignore FC1001 the version row is the session's // want `this //lint:ignore comment suppresses no fencecheck finding`
	tx.ExecContext(ctx, `UPDATE schema_version SET version = version + 1`)
	//lint:ignore FC1001 the audit row tolerates a duplicate
	db.ExecContext(ctx, `INSERT INTO audit(msg) VALUES ('migrated')`)
	return tx.Commit()
}
