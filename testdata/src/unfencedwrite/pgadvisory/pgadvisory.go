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

// A try-lock whose success is a scanned bool, on a pinned connection: its
// own writes are fenced by its session (the lock ends only with the
// session, and a statement sent on an ended session fails); a write on the
// pool can outlive it.
func try(ctx context.Context, db *sql.DB, conn *sql.Conn, id int64) error {
	var ok bool
	if err := conn.QueryRowContext(ctx, `SELECT pg_try_advisory_lock($1)`, id).Scan(&ok); err != nil {
		return err
	}
	if !ok {
		conn.ExecContext(ctx, `INSERT INTO skipped(id) VALUES ($1)`, id) // not acquired
		return nil
	}
	_, err := conn.ExecContext(ctx, `UPDATE balances SET amount = 0 WHERE id = $1`, id)
	db.ExecContext(ctx, `INSERT INTO audit(msg) VALUES ('zeroed')`) // want `INSERT audit .*under the SQL advisory lock acquired at`
	conn.ExecContext(ctx, `SELECT pg_advisory_unlock($1)`, id)
	return err
}

// The lock taken through a helper that is handed the connection: the
// caller's writes on that connection share the lock's session.
func lockConn(ctx context.Context, conn *sql.Conn, id int64) error {
	_, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, id)
	return err
}

type migrator struct {
	conn *sql.Conn
	db   *sql.DB
}

func (m *migrator) migrate(ctx context.Context, id int64) error {
	if err := lockConn(ctx, m.conn, id); err != nil {
		return err
	}
	defer m.conn.ExecContext(ctx, `SELECT pg_advisory_unlock($1)`, id)
	if _, err := m.conn.ExecContext(ctx, `UPDATE schema_version SET version = version + 1`); err != nil {
		return err
	}
	_, err := m.db.ExecContext(ctx, `UPDATE schema_version SET applied = now()`) // want `UPDATE schema_version .*under the SQL advisory lock acquired at`
	return err
}

// A helper that locks on a pool: the caller's writes get the pool's
// warning.
func lockPool(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, id)
	return err
}

func pooled(ctx context.Context, db *sql.DB, id int64) error {
	if err := lockPool(ctx, db, id); err != nil {
		return err
	}
	defer db.ExecContext(ctx, `SELECT pg_advisory_unlock($1)`, id)
	_, err := db.ExecContext(ctx, `UPDATE balances SET amount = 1 WHERE id = $1`, id) // want `pg_advisory_lock on a connection pool is held by one pooled connection`
	return err
}

// The lock's arguments are built at run time (a two-key lock id, as
// concourse's lock package does): the constant prefix names the function.
type lockID []int

func (id lockID) params() string { return "$1, $2" }
func (id lockID) args() []any    { return []any{id[0], id[1]} }

func dynamicArgs(ctx context.Context, db *sql.DB, conn *sql.Conn, id lockID) error {
	var ok bool
	if err := conn.QueryRowContext(ctx, `SELECT pg_try_advisory_lock(`+id.params()+`)`, id.args()...).Scan(&ok); err != nil || !ok {
		return err
	}
	defer conn.ExecContext(ctx, `SELECT pg_advisory_unlock(`+id.params()+`)`, id.args()...)
	_, err := conn.ExecContext(ctx, `UPDATE builds SET status = 'started' WHERE id = $1`, 1)
	if err == nil {
		_, err = db.ExecContext(ctx, `UPDATE builds SET status = 'queued' WHERE id = $1`, 2) // want `UPDATE builds .*under the SQL advisory lock acquired at`
	}
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

// A step that takes the lock on its connection again and writes on it,
// called under the same lock: fenced by the session, at both levels.
func step(ctx context.Context, conn *sql.Conn) error {
	if err := lockConn(ctx, conn, 9); err != nil {
		return err
	}
	defer conn.ExecContext(ctx, `SELECT pg_advisory_unlock($1)`, 9)
	_, err := conn.ExecContext(ctx, `UPDATE schema_version SET version = 9`)
	return err
}

func outer(ctx context.Context, other *sql.Conn, conn *sql.Conn) error {
	if err := lockConn(ctx, other, 9); err != nil {
		return err
	}
	defer other.ExecContext(ctx, `SELECT pg_advisory_unlock($1)`, 9)
	return step(ctx, conn)
}
