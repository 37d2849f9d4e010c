// Package names exercises the vocabulary that names locks and fences: the
// same words, matched the same way, for every check.
package names

import (
	"context"
	"database/sql"
	"errors"

	"go.etcd.io/etcd/client/v3/concurrency"
)

var errStale = errors.New("stale")

// terminal_id only contains the fence word "term": read and compared in Go
// it is no split fence check (FC2002), and the write is plainly unfenced.
func terminalColumn(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	var terminal int64
	db.QueryRowContext(ctx, `SELECT terminal_id FROM accounts WHERE id = $1`, id).Scan(&terminal)
	if terminal != 7 {
		return errStale
	}
	_, err := db.ExecContext(ctx, `UPDATE accounts SET state = 'x' WHERE id = $1`, id) // want `UPDATE accounts .* does not carry the fencing token`
	return err
}

// A hand-rolled lease is recognised by its table's name: job_locks has the
// word "lock".
func tryLease(ctx context.Context, db *sql.DB, name, owner string) (bool, error) {
	res, err := db.ExecContext(ctx, `UPDATE job_locks SET owner = $1, expires_at = now() + interval '30 seconds' WHERE name = $2 AND expires_at < now()`, owner, name)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func underLease(ctx context.Context, db *sql.DB) error {
	ok, err := tryLease(ctx, db, "billing", "me")
	if err != nil || !ok {
		return err
	}
	_, err = db.ExecContext(ctx, `UPDATE invoices SET sent = true WHERE due`) // want `UPDATE invoices .* under the SQL lease on job_locks`
	return err
}

// "blocks" only contains "lock": refreshing an expired cache row is no
// lease, and what follows it holds no lock.
func refreshBlock(ctx context.Context, db *sql.DB, hash string, data []byte) (bool, error) {
	res, err := db.ExecContext(ctx, `UPDATE blocks SET data = $1, expires_at = now() + interval '5 minutes' WHERE hash = $2 AND expires_at < now()`, data, hash)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func afterRefresh(ctx context.Context, db *sql.DB, hash string) error {
	ok, err := refreshBlock(ctx, db, hash, nil)
	if err != nil || !ok {
		return err
	}
	_, err = db.ExecContext(ctx, `UPDATE stats SET refreshed = refreshed + 1`)
	return err
}
