// Package etcdclaim runs a nightly settlement under a hand-rolled etcd
// lease lock of another package: the writes gated on the claim carry no
// token.
package etcdclaim

import (
	"context"
	"database/sql"

	clientv3 "go.etcd.io/etcd/client/v3"

	"example.com/realmod/etcdclaim/leaselock"
)

// Settle writes under the claim, then after releasing it.
func Settle(ctx context.Context, cli *clientv3.Client, db *sql.DB) error {
	l, err := leaselock.New(ctx, cli, "/locks/settlement", 30)
	if err != nil {
		return err
	}
	if err := l.TryLock(ctx, "node-1"); err != nil {
		return err
	}
	if _, err := db.ExecContext(ctx, `UPDATE ledger SET settled = true WHERE day = current_date`); err != nil { // want "FC1001"
		return err
	}
	if err := l.Unlock(ctx); err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, `UPDATE ledger_stats SET runs = runs + 1`) // the lease is revoked: no lock held
	return err
}
