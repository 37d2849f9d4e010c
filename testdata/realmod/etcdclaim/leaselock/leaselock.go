// Package leaselock is a hand-rolled lock over the real etcd client: a
// transaction creates the lock key only if it is absent, bound to a lease.
package leaselock

import (
	"context"
	"errors"

	clientv3 "go.etcd.io/etcd/client/v3"
)

// ErrLocked means another holder has the key.
var ErrLocked = errors.New("leaselock: held by another owner")

// Lock is one key held under one lease.
type Lock struct {
	cli   *clientv3.Client
	lease clientv3.LeaseID
	key   string
}

// New grants a lease of ttl seconds for key.
func New(ctx context.Context, cli *clientv3.Client, key string, ttl int64) (*Lock, error) {
	g, err := cli.Grant(ctx, ttl)
	if err != nil {
		return nil, err
	}
	return &Lock{cli: cli, lease: g.ID, key: key}, nil
}

// TryLock claims the key; it returns ErrLocked when another holder has it.
func (l *Lock) TryLock(ctx context.Context, owner string) error {
	resp, err := l.cli.Txn(ctx).
		If(clientv3.Compare(clientv3.CreateRevision(l.key), "=", 0)).
		Then(clientv3.OpPut(l.key, owner, clientv3.WithLease(l.lease))).
		Commit()
	if err != nil {
		return err
	}
	if !resp.Succeeded {
		return ErrLocked
	}
	return nil
}

// Unlock revokes the lease, which deletes the key.
func (l *Lock) Unlock(ctx context.Context) error {
	_, err := l.cli.Revoke(ctx, l.lease)
	return err
}

// TryLockKept claims the key and keeps its lease alive in the background;
// the goroutine draining the keepalive channel just stops when the lease
// can no longer be kept alive, and nobody hears of it.
func (l *Lock) TryLockKept(ctx context.Context, owner string) error {
	keep, err := l.cli.KeepAlive(context.Background(), l.lease)
	if err != nil {
		return err
	}
	go func() {
		for resp := range keep { // want "FC5002"
			_ = resp
		}
	}()
	if err := l.TryLock(ctx, owner); err != nil {
		return err
	}
	return nil
}
