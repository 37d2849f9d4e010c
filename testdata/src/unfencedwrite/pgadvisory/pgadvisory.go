// Package pgadvisory exercises FC1001 with SQL advisory locks.
package pgadvisory

import (
	"context"
	"database/sql"
)

// pg_advisory_xact_lock and writes in the same transaction: safe.
func xact(ctx context.Context, db *sql.DB, id int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, id); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE balances SET amount = amount + 1 WHERE id = $1`, id); err != nil {
		return err
	}
	db.ExecContext(ctx, `INSERT INTO audit(msg) VALUES ('outside the tx')`) // want `INSERT audit .* under the SQL advisory lock`
	return tx.Commit()
}

// A session-level advisory lock on a pool.
func session(ctx context.Context, db *sql.DB, id int64) error {
	if _, err := db.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, id); err != nil {
		return err
	}
	defer db.ExecContext(ctx, `SELECT pg_advisory_unlock($1)`, id)
	_, err := db.ExecContext(ctx, `UPDATE balances SET amount = 0 WHERE id = $1`, id) // want `pg_advisory_lock on a connection pool is held by one pooled connection`
	return err
}

// A try-lock whose success is a scanned bool.
func try(ctx context.Context, conn *sql.Conn, id int64) error {
	var ok bool
	if err := conn.QueryRowContext(ctx, `SELECT pg_try_advisory_lock($1)`, id).Scan(&ok); err != nil {
		return err
	}
	if !ok {
		conn.ExecContext(ctx, `INSERT INTO skipped(id) VALUES ($1)`, id) // not acquired
		return nil
	}
	_, err := conn.ExecContext(ctx, `UPDATE balances SET amount = 0 WHERE id = $1`, id) // want `UPDATE balances`
	conn.ExecContext(ctx, `SELECT pg_advisory_unlock($1)`, id)
	return err
}
