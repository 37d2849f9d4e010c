// Package txnuser hands its own compares to txnhelper.Commit under an etcd
// lock: a version compare-and-swap is conditional, a value compare is not.
package txnuser

import (
	"context"

	"interpkg/txnhelper"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/concurrency"
)

func cas(ctx context.Context, cli *clientv3.Client, m *concurrency.Mutex, rev int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	return txnhelper.Commit(ctx, cli, []clientv3.Cmp{clientv3.Compare(clientv3.ModRevision("/jobs/1"), "=", rev)}, clientv3.OpPut("/jobs/1", "done"))
}

func fenced(ctx context.Context, cli *clientv3.Client, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	return txnhelper.Commit(ctx, cli, []clientv3.Cmp{m.IsOwner()}, clientv3.OpPut("/jobs/1", "done"))
}

func valueCompare(ctx context.Context, cli *clientv3.Client, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	return txnhelper.Commit(ctx, cli, []clientv3.Cmp{clientv3.Compare(clientv3.Value("/config/mode"), "=", "on")}, clientv3.OpPut("/jobs/1", "done")) // want `etcd transaction .* does not carry the fencing token`
}
