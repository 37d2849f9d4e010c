// Package lockhelper wraps etcd locking in callback helpers.
package lockhelper

import (
	"context"

	"go.etcd.io/etcd/client/v3/concurrency"
)

// WithLock runs fn while holding the lock and passes the fencing token.
func WithLock(ctx context.Context, s *concurrency.Session, name string, fn func(ctx context.Context, fence int64) error) error { // want WithLock:`helper\(etcd lock, param 3, fence arg 1\)`
	m := concurrency.NewMutex(s, name)
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	return fn(ctx, m.Header().Revision)
}

// Do runs fn while holding the lock but keeps the token to itself.
func Do(ctx context.Context, m *concurrency.Mutex, fn func() error) error { // want Do:`helper\(etcd lock, param 2, fence arg -1\)`
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	return fn()
}
