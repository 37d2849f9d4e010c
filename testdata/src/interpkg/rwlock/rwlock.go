// Package rwlock is an application's own readers-writer lock over two etcd
// mutexes, shaped like real ones: RLock takes the inner mutex, bumps a
// readers counter with a plain Put and returns holding the outer mutex;
// RUnlock takes the inner mutex again to count down.
package rwlock

import (
	"context"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/concurrency"
)

type RW struct {
	inner, outer *concurrency.Mutex
	kv           clientv3.KV
}

// RLock is an acquire wrapper: it returns holding the outer mutex.
func (l *RW) RLock(ctx context.Context) error {
	if err := l.inner.Lock(ctx); err != nil {
		return err
	}
	if _, err := l.kv.Put(ctx, "/rw/readers", "1"); err != nil { // want `etcd Put .* under the etcd lock`
		return err
	}
	if err := l.inner.Unlock(ctx); err != nil {
		return err
	}
	return l.outer.Lock(ctx)
}

// RUnlock counts the reader down under the inner mutex and lets the outer
// one go: the lock's own bookkeeping.
func (l *RW) RUnlock(ctx context.Context) error {
	if err := l.inner.Lock(ctx); err != nil {
		return err
	}
	if _, err := l.kv.Put(ctx, "/rw/readers", "0"); err != nil { // want `etcd Put .* under the etcd lock`
		return err
	}
	if err := l.inner.Unlock(ctx); err != nil {
		return err
	}
	return l.outer.Unlock(ctx)
}
