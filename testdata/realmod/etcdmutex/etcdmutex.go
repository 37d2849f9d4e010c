// Package etcdmutex moves account balances while holding an etcd
// concurrency.Mutex. The fence is the revision at which the lock was acquired.
package etcdmutex

import (
	"context"
	"database/sql"
	"errors"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/concurrency"
)

// ErrStale means a newer lock holder has already written.
var ErrStale = errors.New("etcdmutex: stale fencing token")

// SetBalanceUnfenced updates the balance with a plain UPDATE: a paused holder can overwrite a newer one.
func SetBalanceUnfenced(ctx context.Context, db *sql.DB, s *concurrency.Session, account string, cents int64) error {
	m := concurrency.NewMutex(s, "/locks/accounts/"+account)
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	_, err := db.ExecContext(ctx, `UPDATE accounts SET balance_cents = $1 WHERE id = $2`, cents, account) // want "FC1001"
	return err
}

// PublishOwnerUnfenced writes the owner key in etcd with an unconditional Put.
func PublishOwnerUnfenced(ctx context.Context, cli *clientv3.Client, s *concurrency.Session, owner string) error {
	m := concurrency.NewMutex(s, "/locks/scheduler")
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	_, err := cli.Put(ctx, "/scheduler/owner", owner) // want "FC1001"
	return err
}

// SetBalanceFenced binds the acquisition revision to the WHERE clause and checks the row count.
func SetBalanceFenced(ctx context.Context, db *sql.DB, s *concurrency.Session, account string, cents int64) error {
	m := concurrency.NewMutex(s, "/locks/accounts/"+account)
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision
	res, err := db.ExecContext(ctx,
		`UPDATE accounts SET balance_cents = $1, fence_token = $2 WHERE id = $3 AND fence_token <= $2`,
		cents, tok, account)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return ErrStale
	}
	return nil
}

// PublishOwnerFenced makes the Put conditional on still owning the lock key.
func PublishOwnerFenced(ctx context.Context, cli *clientv3.Client, s *concurrency.Session, owner string) error {
	m := concurrency.NewMutex(s, "/locks/scheduler")
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	resp, err := cli.Txn(ctx).If(m.IsOwner()).Then(clientv3.OpPut("/scheduler/owner", owner)).Commit()
	if err != nil {
		return err
	}
	if !resp.Succeeded {
		return ErrStale
	}
	return nil
}

// UpsertLedgerFenced uses the lock key's CreateRevision in an upsert guarded by the stored fence.
func UpsertLedgerFenced(ctx context.Context, db *sql.DB, cli *clientv3.Client, m *concurrency.Mutex, account string, cents int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	got, err := cli.Get(ctx, m.Key())
	if err != nil || len(got.Kvs) == 0 {
		return ErrStale
	}
	tok := got.Kvs[0].CreateRevision
	res, err := db.ExecContext(ctx, `
		INSERT INTO ledger AS t (account, balance_cents, fence_token) VALUES ($1, $2, $3)
		ON CONFLICT (account) DO UPDATE SET balance_cents = EXCLUDED.balance_cents, fence_token = EXCLUDED.fence_token
		WHERE t.fence_token <= EXCLUDED.fence_token`, account, cents, tok)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return ErrStale
	}
	return nil
}

// ReadBalance only reads while holding the lock.
func ReadBalance(ctx context.Context, db *sql.DB, cli *clientv3.Client, m *concurrency.Mutex, account string) (int64, string, error) {
	if err := m.Lock(ctx); err != nil {
		return 0, "", err
	}
	defer m.Unlock(ctx)
	var cents int64
	if err := db.QueryRowContext(ctx, `SELECT balance_cents FROM accounts WHERE id = $1`, account).Scan(&cents); err != nil {
		return 0, "", err
	}
	resp, err := cli.Get(ctx, "/scheduler/owner")
	if err != nil || len(resp.Kvs) == 0 {
		return cents, "", err
	}
	return cents, string(resp.Kvs[0].Value), nil
}
