// Package versioned exercises FC1002 on optimistic-concurrency writes: an
// UPDATE conditional on the row's version is a compare-and-swap, and its
// rows affected say whether it won.
package versioned

import (
	"context"
	"database/sql"
	"errors"

	"go.etcd.io/etcd/client/v3/concurrency"
)

var errStale = errors.New("stale")

func ignored(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id, version int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	_, err := db.ExecContext(ctx, `UPDATE orders SET state = 'paid', version = version + 1 WHERE id = $1 AND version = $2`, id, version) // want `UPDATE orders .* is conditional on the row's version but its outcome is never checked`
	return err
}

func checked(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id, version int64) error {
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
