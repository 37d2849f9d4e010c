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

// The lock's arguments are built at run time (a two-key lock id, as
// concourse's lock package does): the constant prefix names the function.
type lockID []int

func (id lockID) params() string { return "$1, $2" }
func (id lockID) args() []any    { return []any{id[0], id[1]} }

func dynamicArgs(ctx context.Context, conn *sql.Conn, id lockID) error {
	var ok bool
	if err := conn.QueryRowContext(ctx, `SELECT pg_try_advisory_lock(`+id.params()+`)`, id.args()...).Scan(&ok); err != nil || !ok {
		return err
	}
	defer conn.ExecContext(ctx, `SELECT pg_advisory_unlock(`+id.params()+`)`, id.args()...)
	_, err := conn.ExecContext(ctx, `UPDATE builds SET status = 'started' WHERE id = $1`, 1) // want `UPDATE builds .*under the SQL advisory lock acquired at`
	return err
}

// Text built at run time that only mentions a lock function elsewhere: no
// lock.
func notALock(ctx context.Context, conn *sql.Conn, table string) error {
	if _, err := conn.ExecContext(ctx, `SELECT count(*) FROM `+table+` WHERE name = 'pg_advisory_lock('`); err != nil {
		return err
	}
	_, err := conn.ExecContext(ctx, `UPDATE builds SET status = 'started' WHERE id = $1`, 1)
	return err
}
