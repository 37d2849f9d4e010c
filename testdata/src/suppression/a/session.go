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

func isDuplicate(err error) bool { return err != nil }

// An insert whose duplicate-key error is tested is keyed uniquely by the
// store: a suppression of it suppresses nothing; one of an insert whose
// error is only returned still suppresses a finding.
func createOnce(ctx context.Context, db *sql.DB, conn *sql.Conn, id int64) error {
	if err := lockSession(ctx, conn); err != nil {
		return err
	}
	defer conn.ExecContext(ctx, `SELECT pg_advisory_unlock(7)`)
	//lint:ignore FC1001 one task per timer // want `this //lint:ignore comment suppresses no fencecheck finding`
	if _, err := db.ExecContext(ctx, `INSERT INTO tasks (timer_id) VALUES ($1)`, id); err != nil && !isDuplicate(err) {
		return err
	}
	//lint:ignore FC1001 the ledger tolerates a duplicate
	_, err := db.ExecContext(ctx, `INSERT INTO ledger (account) VALUES ($1)`, id)
	return err
}
