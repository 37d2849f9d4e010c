// Package txguard: a checked guard-row statement fences its transaction.
package txguard

import (
	"context"
	"database/sql"
	"errors"

	"go.etcd.io/etcd/client/v3/concurrency"
)

var errStale = errors.New("stale")

func guarded(ctx context.Context, db *sql.DB, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `UPDATE fences SET token = $1 WHERE name = 'orders' AND token <= $1`, m.Header().Revision)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return errStale
	}
	if _, err := tx.ExecContext(ctx, `UPDATE orders SET state = 'paid' WHERE id = 1`); err != nil {
		return err
	}
	return tx.Commit()
}

// The guard's outcome is ignored: the transaction commits either way.
func unchecked(ctx context.Context, db *sql.DB, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	tx.ExecContext(ctx, `UPDATE fences SET token = $1 WHERE name = 'orders' AND token <= $1`, m.Header().Revision)
	tx.ExecContext(ctx, `UPDATE orders SET state = 'paid' WHERE id = 1`) // want `UPDATE orders`
	return tx.Commit()
}

// A guard on another transaction does not fence this one.
func otherTx(ctx context.Context, db *sql.DB, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tx1, _ := db.BeginTx(ctx, nil)
	tx2, _ := db.BeginTx(ctx, nil)
	res, err := tx1.ExecContext(ctx, `UPDATE fences SET token = $1 WHERE name = 'orders' AND token <= $1`, m.Header().Revision)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return errStale
	}
	tx2.ExecContext(ctx, `UPDATE orders SET state = 'paid' WHERE id = 1`) // want `UPDATE orders`
	tx1.Commit()
	return tx2.Commit()
}
