// Package xacthelper: a lock helper that takes pg_advisory_xact_lock on a
// transaction and hands that transaction to its callback. The callback's
// statements on it run inside the lock (they end with it), including
// through helpers that fall back to the pool when handed no transaction:
// under the lock the transaction is never nil. Statements on the pool
// are not fenced.
package xacthelper

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Stakes struct{ db *pgxpool.Pool }

// run holds the node's advisory lock for fn's transaction; with no
// database it runs fn with no transaction and no lock.
func (m *Stakes) run(ctx context.Context, node string, fn func(ctx context.Context, tx pgx.Tx) error) error {
	if m.db == nil {
		return fn(ctx, nil)
	}
	tx, err := m.db.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext($1))`, node); err != nil {
		return err
	}
	if err := fn(ctx, tx); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// put writes on the transaction it is handed, or on the pool without one.
func (m *Stakes) put(ctx context.Context, tx pgx.Tx, node string, amount int64) error {
	if tx == nil {
		_, err := m.db.Exec(ctx, `UPDATE stakes SET amount = $1 WHERE node = $2`, amount, node)
		return err
	}
	_, err := tx.Exec(ctx, `UPDATE stakes SET amount = $1 WHERE node = $2`, amount, node)
	return err
}

// Lock writes on the locked transaction, directly and through put: silent.
func (m *Stakes) Lock(ctx context.Context, node string, amount int64) error {
	return m.run(ctx, node, func(ctx context.Context, tx pgx.Tx) error {
		if tx == nil {
			_, err := m.db.Exec(ctx, `INSERT INTO ledger (node, amount) VALUES ($1, $2)`, node, amount)
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO ledger (node, amount) VALUES ($1, $2)`, node, amount); err != nil {
			return err
		}
		return m.put(ctx, tx, node, amount)
	})
}

// Slash writes on the pool inside the callback: the lock's transaction
// does not carry that statement.
func (m *Stakes) Slash(ctx context.Context, node string, amount int64) error {
	return m.run(ctx, node, func(ctx context.Context, tx pgx.Tx) error {
		_, err := m.db.Exec(ctx, `UPDATE stakes SET slashed = $1 WHERE node = $2`, amount, node) // want `UPDATE stakes .*under the SQL advisory lock`
		return err
	})
}

// Suppressed.
func (m *Stakes) SlashQuiet(ctx context.Context, node string, amount int64) error {
	return m.run(ctx, node, func(ctx context.Context, tx pgx.Tx) error {
		//lint:ignore FC1001 slashing is recomputed from the ledger nightly
		_, err := m.db.Exec(ctx, `UPDATE stakes SET slashed = $1 WHERE node = $2`, amount, node)
		return err
	})
}
