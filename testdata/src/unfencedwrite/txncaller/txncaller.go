// Package txncaller: an etcd transaction whose If compares a key's version
// for equality (ModRevision, Version, CreateRevision) is a compare-and-swap
// the store enforces, also when the caller builds the compare and hands it
// to the helper that commits it. A transaction with no compare, or one on
// a key's value, is still unfenced.
package txncaller

import (
	"context"
	"errors"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/concurrency"
)

var errStale = errors.New("stale")

// commit runs ops if cmp holds.
func commit(ctx context.Context, cli *clientv3.Client, cmp clientv3.Cmp, ops ...clientv3.Op) error {
	resp, err := cli.Txn(ctx).If(cmp).Then(ops...).Commit()
	if err != nil {
		return err
	}
	if !resp.Succeeded {
		return errStale
	}
	return nil
}

// commitAll runs ops if every compare holds.
func commitAll(ctx context.Context, cli *clientv3.Client, cmps []clientv3.Cmp, ops []clientv3.Op) error {
	resp, err := cli.Txn(ctx).If(cmps...).Then(ops...).Commit()
	if err != nil {
		return err
	}
	if !resp.Succeeded {
		return errStale
	}
	return nil
}

// The caller read the key's revision and builds the compare-and-swap.
func casThroughHelpers(ctx context.Context, cli *clientv3.Client, m *concurrency.Mutex, rev int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	cmp := clientv3.Compare(clientv3.ModRevision("/jobs/1"), "=", rev)
	if err := commit(ctx, cli, cmp, clientv3.OpPut("/jobs/1", "done")); err != nil {
		return err
	}
	return commitAll(ctx, cli, []clientv3.Cmp{clientv3.Compare(clientv3.Version("/jobs/2"), "=", 3)}, []clientv3.Op{clientv3.OpPut("/jobs/2", "done")})
}

// The same compare-and-swap built and committed in one function.
func casInline(ctx context.Context, cli *clientv3.Client, m *concurrency.Mutex, rev int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	resp, err := cli.Txn(ctx).If(clientv3.Compare(clientv3.ModRevision("/jobs/1"), "=", rev)).Then(clientv3.OpPut("/jobs/1", "done")).Commit()
	if err != nil {
		return err
	}
	if !resp.Succeeded {
		return errStale
	}
	return nil
}

// Look-alikes: no compare, a compare on a value, a version compared with
// ">" (any later write passes): unfenced.
func notCAS(ctx context.Context, cli *clientv3.Client, m *concurrency.Mutex, rev int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	cli.Txn(ctx).If().Then(clientv3.OpPut("/jobs/1", "done")).Commit() // want `etcd transaction .*its If\(\) does not compare the lock's revision`
	cmp := clientv3.Compare(clientv3.Value("/config/mode"), "=", "on")
	cli.Txn(ctx).If(cmp).Then(clientv3.OpPut("/jobs/1", "done")).Commit()                                                // want `etcd transaction .*its If\(\) does not compare the lock's revision`
	return commit(ctx, cli, clientv3.Compare(clientv3.ModRevision("/jobs/1"), ">", rev), clientv3.OpPut("/jobs/1", "x")) // want `etcd transaction .*its If\(\) does not compare the lock's revision`
}

func suppressed(ctx context.Context, cli *clientv3.Client, m *concurrency.Mutex) {
	if err := m.Lock(ctx); err != nil {
		return
	}
	defer m.Unlock(ctx)
	//lint:ignore FC1001 every holder writes the same value
	cli.Txn(ctx).If().Then(clientv3.OpPut("/config/leader", "me")).Commit()
}
