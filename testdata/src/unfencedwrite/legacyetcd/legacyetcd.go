// Package legacyetcd exercises FC1001 on etcd's concurrency Mutex under
// the import path of v3.4, before the module split
// (go.etcd.io/etcd/clientv3/concurrency).
package legacyetcd

import (
	"context"
	"database/sql"

	"go.etcd.io/etcd/clientv3"
	"go.etcd.io/etcd/clientv3/concurrency"
)

func unfenced(ctx context.Context, cli *clientv3.Client, db *sql.DB) error {
	s, err := concurrency.NewSession(cli)
	if err != nil {
		return err
	}
	defer s.Close()
	m := concurrency.NewMutex(s, "/locks/accounts")
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	_, err = db.ExecContext(ctx, `UPDATE accounts SET balance = balance - 10 WHERE id = 1`) // want `UPDATE accounts .* under the etcd lock acquired at legacyetcd.go:\d+ does not carry the fencing token.*m.Header\(\).Revision`
	return err
}

// The revision after Lock is compared in the write: fenced.
func fenced(ctx context.Context, cli *clientv3.Client, db *sql.DB) error {
	s, err := concurrency.NewSession(cli)
	if err != nil {
		return err
	}
	defer s.Close()
	m := concurrency.NewMutex(s, "/locks/accounts")
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	_, err = db.ExecContext(ctx, `UPDATE accounts SET balance = balance - 10, fence = $1 WHERE id = 1 AND fence < $1`, m.Header().Revision)
	return err
}

// The reviewed exception.
func suppressed(ctx context.Context, cli *clientv3.Client, db *sql.DB) error {
	s, err := concurrency.NewSession(cli)
	if err != nil {
		return err
	}
	defer s.Close()
	m := concurrency.NewMutex(s, "/locks/stats")
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	//lint:ignore FC1001 the statistics are recomputed from scratch; a stale holder's write is overwritten by the next run
	_, err = db.ExecContext(ctx, `UPDATE stats SET total = (SELECT count(*) FROM accounts)`)
	return err
}
