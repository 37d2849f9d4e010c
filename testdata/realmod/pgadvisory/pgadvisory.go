// Package pgadvisory serializes per-account work with PostgreSQL advisory
// locks. A transaction-scoped lock protects writes made in that same
// transaction; a session lock taken through a pool protects nothing else.
package pgadvisory

import (
	"context"
	"database/sql"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// ErrBusy means another worker holds the account lock.
var ErrBusy = errors.New("pgadvisory: account is locked by another worker")

// ApplyInterestTx locks with pg_advisory_xact_lock and writes on the same *sql.Tx.
func ApplyInterestTx(ctx context.Context, db *sql.DB, accountID int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, accountID); err != nil {
		return err
	}
	var cents int64
	if err := tx.QueryRowContext(ctx, `SELECT balance_cents FROM accounts WHERE id = $1`, accountID).Scan(&cents); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET balance_cents = $1 WHERE id = $2`, cents+cents/100, accountID); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO interest_runs (account_id) VALUES ($1)`, accountID); err != nil {
		return err
	}
	return tx.Commit()
}

// ApplyInterestPgxTx does the same with a pgx transaction.
func ApplyInterestPgxTx(ctx context.Context, pool *pgxpool.Pool, accountID int64) error {
	tx, err := pool.BeginTx(ctx, pgx.TxOptions{})
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, accountID); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE accounts SET balance_cents = balance_cents * 101 / 100 WHERE id = $1`, accountID); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// ApplyInterestSession takes a session-level lock on the pool, then writes through the pool.
func ApplyInterestSession(ctx context.Context, db *sql.DB, accountID int64) error {
	if _, err := db.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, accountID); err != nil {
		return err
	}
	defer db.ExecContext(ctx, `SELECT pg_advisory_unlock($1)`, accountID)
	_, err := db.ExecContext(ctx, `UPDATE accounts SET balance_cents = balance_cents * 101 / 100 WHERE id = $1`, accountID) // want "FC1001"
	return err
}

// ApplyInterestTryLock takes pg_try_advisory_lock through a pgx pool, then writes through the pool.
func ApplyInterestTryLock(ctx context.Context, pool *pgxpool.Pool, accountID int64) error {
	var locked bool
	if err := pool.QueryRow(ctx, `SELECT pg_try_advisory_lock($1)`, accountID).Scan(&locked); err != nil {
		return err
	}
	if !locked {
		return ErrBusy
	}
	defer pool.Exec(ctx, `SELECT pg_advisory_unlock($1)`, accountID)
	_, err := pool.Exec(ctx, `UPDATE accounts SET balance_cents = balance_cents * 101 / 100 WHERE id = $1`, accountID) // want "FC1001"
	return err
}

// Balance reads inside a transaction that holds the advisory lock.
func Balance(ctx context.Context, db *sql.DB, accountID int64) (int64, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock_shared($1)`, accountID); err != nil {
		return 0, err
	}
	var cents int64
	err = tx.QueryRowContext(ctx, `SELECT balance_cents FROM accounts WHERE id = $1`, accountID).Scan(&cents)
	return cents, err
}

// MigrateOnConn takes a session-level lock on a pinned pgx connection and
// writes in a transaction begun on it: the session fences the write.
func MigrateOnConn(ctx context.Context, conn *pgx.Conn, version int64) error {
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock(42)`); err != nil {
		return err
	}
	defer conn.Exec(ctx, `SELECT pg_advisory_unlock(42)`)
	tx, err := conn.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `UPDATE schema_version SET version = $1`, version); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// migrateURL locks a connection of its own and closes it before it
// returns: the lock ends with that session, so it is no acquire wrapper.
func migrateURL(ctx context.Context, url string) error {
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock(42)`); err != nil {
		return err
	}
	_, err = conn.Exec(ctx, `UPDATE schema_version SET version = version + 1`)
	return err
}

// Reset migrates, then writes through the pool with no lock held.
func Reset(ctx context.Context, url string, pool *pgxpool.Pool) error {
	if err := migrateURL(ctx, url); err != nil {
		return err
	}
	_, err := pool.Exec(ctx, `TRUNCATE jobs`)
	return err
}
