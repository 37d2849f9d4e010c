// Package versioned: an UPDATE conditional on the row's version is a
// compare-and-swap a stale holder loses, not an unfenced write; one that
// compares the version only under OR, or orders by it, is not.
package versioned

import (
	"context"
	"database/sql"
	"errors"

	"go.etcd.io/etcd/client/v3/concurrency"
)

var errStale = errors.New("stale")

func cas(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id, version int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	res, err := db.ExecContext(ctx, `UPDATE orders SET state = 'paid', version = version + 1 WHERE id = $1 AND version = $2`, id, version)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return errStale
	}
	return nil
}

func underOr(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id, version int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	_, err := db.ExecContext(ctx, `UPDATE orders SET state = 'paid' WHERE id = $1 AND (version = $2 OR state = 'new')`, id, version) // want `UPDATE orders .* does not carry the fencing token`
	return err
}
