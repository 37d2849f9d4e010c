// Package pgsession: writes on the session that holds a session-level
// advisory lock are fenced by that session (the lock and the writes end
// together), also when they reach it through a transaction begun on the
// connection, a helper that is handed the connection, a transaction helper
// running a callback, or a query wrapper made from it; writes on a pool
// are not. A transaction-scoped lock ends with its transaction, and a
// session-level one with the close of a connection that is its session.
package pgsession

import (
	"context"
	"database/sql"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"unfencedwrite/pgsession/sessiondb"
)

func lockConn(ctx context.Context, conn *sql.Conn) error {
	_, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock(101, 1)`)
	return err
}

func unlockConn(ctx context.Context, conn *sql.Conn) {
	conn.ExecContext(ctx, `SELECT pg_advisory_unlock(101, 1)`)
}

type querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

func updateVersion(ctx context.Context, q querier, v int) error {
	_, err := q.ExecContext(ctx, `UPDATE schema_version SET version = $1`, v)
	return err
}

// execTxOnConn begins a transaction on the connection it is given and
// runs fn on it.
func execTxOnConn(ctx context.Context, conn *sql.Conn, fn func(*sql.Tx) error) error {
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// execTx begins a transaction on the pool.
func execTx(ctx context.Context, db *sql.DB, fn func(*sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// A migration: the lock taken through a helper on a pinned connection,
// the version written in a transaction a helper begins on it.
func migrate(ctx context.Context, db *sql.DB, v int) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if err := lockConn(ctx, conn); err != nil {
		return err
	}
	defer unlockConn(ctx, conn)
	if err := execTxOnConn(ctx, conn, func(tx *sql.Tx) error {
		return updateVersion(ctx, tx, v)
	}); err != nil {
		return err
	}
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE schema_version SET dirty = false`); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	if err := updateVersion(ctx, conn, v); err != nil {
		return err
	}
	// The pool is not the session.
	if err := execTx(ctx, db, func(tx *sql.Tx) error {
		return updateVersion(ctx, tx, v) // want `UPDATE schema_version .*under the SQL advisory lock acquired at`
	}); err != nil {
		return err
	}
	ptx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	ptx.ExecContext(ctx, `UPDATE schema_version SET dirty = true`) // want `UPDATE schema_version .*under the SQL advisory lock acquired at`
	return updateVersion(ctx, db, v)                               // want `UPDATE schema_version .*under the SQL advisory lock acquired at`
}

// A query wrapper made from the session's connection runs on it; a
// method of it that writes through a pool of its own does not.
func switchover(ctx context.Context, conn *pgx.Conn) error {
	if _, err := conn.Exec(ctx, `select pg_advisory_lock(4370)`); err != nil {
		return err
	}
	defer conn.Exec(ctx, `select pg_advisory_unlock(4370)`)
	if err := sessiondb.New(conn).DisableTriggers(ctx); err != nil {
		return err
	}
	return sessiondb.New(conn).Audit(ctx) // want `INSERT audit .*under the SQL advisory lock acquired at`
}

// A transaction-scoped lock ends with its transaction: the VACUUM after
// the commit runs with no lock held; the write on another connection
// before it does not share the transaction.
func initialSync(ctx context.Context, src, dst *pgx.Conn) error {
	tx, err := src.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `select pg_advisory_xact_lock(4919)`); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE sync_state SET phase = 'copy' WHERE true`); err != nil {
		return err
	}
	if _, err := dst.Exec(ctx, `UPDATE sync_state SET phase = 'copy' WHERE true`); err != nil { // want `UPDATE sync_state .*under the SQL advisory lock acquired at`
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	_, err = dst.Exec(ctx, `VACUUM ANALYZE`)
	return err
}

// The wrapper rebound to the transaction that holds the xact lock runs its
// statements in it: silent. The pool's wrapper does not share it.
func reserve(ctx context.Context, pool *pgxpool.Pool, q *sessiondb.Queries) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	qtx := q.WithTx(tx)
	if _, err := tx.Exec(ctx, `select pg_advisory_xact_lock(77)`); err != nil {
		return err
	}
	if err := qtx.DisableTriggers(ctx); err != nil {
		return err
	}
	if err := sessiondb.New(pool).DisableTriggers(ctx); err != nil { // want `UPDATE switchover_state .*under the SQL advisory lock acquired at`
		return err
	}
	return tx.Commit(ctx)
}

func lockPgx(ctx context.Context, conn *pgx.Conn) error {
	_, err := conn.Exec(ctx, `select pg_advisory_lock(1)`)
	return err
}

// up opens a connection that is its own session, locks it and closes it
// on return: the lock ends there, so up is no acquire wrapper.
func up(ctx context.Context, url string) error {
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	if err := lockPgx(ctx, conn); err != nil {
		return err
	}
	_, err = conn.Exec(ctx, `UPDATE migrations SET applied = true WHERE true`)
	return err
}

// upKept returns with the lock still held on the connection it keeps.
func upKept(ctx context.Context, url string) (*pgx.Conn, error) {
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		return nil, err
	}
	if err := lockPgx(ctx, conn); err != nil {
		return nil, err
	}
	return conn, nil
}

func resetDB(ctx context.Context, url string, pool *pgxpool.Pool) error {
	if err := up(ctx, url); err != nil {
		return err
	}
	_, err := pool.Exec(ctx, `ALTER TABLE users DISABLE TRIGGER ALL`)
	return err
}

func resetDBKept(ctx context.Context, url string, pool *pgxpool.Pool) error {
	conn, err := upKept(ctx, url)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	_, err = pool.Exec(ctx, `ALTER TABLE users DISABLE TRIGGER ALL`) // want `ALTER .*under the SQL advisory lock acquired at`
	return err
}

// applyOn records a migration in a transaction begun on the connection it
// is handed.
func applyOn(ctx context.Context, conn *pgx.Conn, version int) error {
	tx, err := conn.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `INSERT INTO schema_migrations (version) VALUES ($1)`, version); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// migratePooled locks a connection acquired from the pool and migrates on
// the *pgx.Conn it wraps (pgxpool.Conn.Conn): the same session.
func migratePooled(ctx context.Context, pool *pgxpool.Pool, version int) error {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock(7)`); err != nil {
		return err
	}
	defer conn.Exec(ctx, `SELECT pg_advisory_unlock(7)`)
	if err := applyOn(ctx, conn.Conn(), version); err != nil {
		return err
	}
	_, err = pool.Exec(ctx, `UPDATE schema_state SET version = $1 WHERE true`, version) // want `UPDATE schema_state .*under the SQL advisory lock acquired at`
	return err
}
