// Package etcd exercises FC5001 with etcd concurrency mutexes.
package etcd

import (
	"context"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/concurrency"
)

func work() {}

// Delete of the lock key instead of Unlock.
func deleteKey(ctx context.Context, cli *clientv3.Client, s *concurrency.Session) error {
	m := concurrency.NewMutex(s, "/jobs/reindex")
	if err := m.Lock(ctx); err != nil {
		return err
	}
	work()
	_, err := cli.Delete(ctx, m.Key()) // want `etcd Delete deletes the lock key m.Key\(\) of the etcd lock acquired at etcd.go:\d+ without comparing its CreateRevision.*Txn\(ctx\).If\(m.IsOwner\(\)\)`
	return err
}

// The same through the KV interface, the key kept in a variable.
func deleteViaKV(ctx context.Context, kv clientv3.KV, m *concurrency.Mutex) {
	if err := m.TryLock(ctx); err != nil {
		return
	}
	key := m.Key()
	work()
	kv.Delete(ctx, key) // want `etcd Delete deletes the lock key m.Key\(\)`
}

// OpDelete run without a compare.
func opDelete(ctx context.Context, cli *clientv3.Client, m *concurrency.Mutex) {
	if err := m.Lock(ctx); err != nil {
		return
	}
	work()
	cli.Txn(ctx).Then(clientv3.OpDelete(m.Key())).Commit() // want `etcd OpDelete run in a Txn without If\(\) deletes the lock key m.Key\(\)`
	cli.Do(ctx, clientv3.OpDelete(m.Key()))                // want `etcd OpDelete run with Do deletes the lock key m.Key\(\)`
}

// An election's key deleted instead of Resign.
func resignByDelete(ctx context.Context, cli *clientv3.Client, e *concurrency.Election) {
	if err := e.Campaign(ctx, "me"); err != nil {
		return
	}
	work()
	cli.Delete(ctx, e.Key()) // want `etcd Delete deletes the lock key e.Key\(\) of the etcd election .*release with e.Resign\(ctx\)`
}

// --- must stay silent ---

func unlock(ctx context.Context, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	work()
	return nil
}

func txnRelease(ctx context.Context, cli *clientv3.Client, m *concurrency.Mutex) (bool, error) {
	if err := m.Lock(ctx); err != nil {
		return false, err
	}
	work()
	resp, err := cli.Txn(ctx).If(m.IsOwner()).Then(clientv3.OpDelete(m.Key())).Commit()
	if err != nil {
		return false, err
	}
	return resp.Succeeded, nil
}

func otherKey(ctx context.Context, cli *clientv3.Client) {
	cli.Delete(ctx, "/config/stale")
}

// --- suppressed ---

func suppressed(ctx context.Context, cli *clientv3.Client, m *concurrency.Mutex) {
	if err := m.Lock(ctx); err != nil {
		return
	}
	work()
	cli.Delete(ctx, m.Key()) //nolint:unsaferelease // the session is closed right after, no reuse of its lease
}
