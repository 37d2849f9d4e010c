// Package etcdlocker implements a storage Locker (certmagic's Lock(ctx,
// name) / Unlock(ctx, name)) over etcd mutexes: Lock takes the mutex over
// a session of its own and keeps it in a map for Unlock. The caller's work
// runs after Lock returns, and nothing can tell it that the session ended.
package etcdlocker

import (
	"context"
	"errors"
	"sync"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/concurrency"
)

type Store struct {
	client *clientv3.Client
	mu     sync.Mutex
	locks  map[string]*concurrency.Mutex
}

func (s *Store) Lock(ctx context.Context, name string) error {
	session, err := concurrency.NewSession(s.client, concurrency.WithContext(ctx))
	if err != nil {
		return err
	}
	m := concurrency.NewMutex(session, "/locks/"+name) // want `this etcd concurrency.Mutex is made over a session \(created at etcdlocker.go:\d+\) .* the lock is kept in a map for other code to use`
	if err := m.Lock(ctx); err != nil {
		return err
	}
	s.mu.Lock()
	s.locks[name] = m
	s.mu.Unlock()
	return nil
}

func (s *Store) Unlock(ctx context.Context, name string) error {
	s.mu.Lock()
	m, ok := s.locks[name]
	delete(s.locks, name)
	s.mu.Unlock()
	if !ok {
		return errors.New("not held")
	}
	return m.Unlock(ctx)
}

// LockQuiet is suppressed.
func (s *Store) LockQuiet(ctx context.Context, name string) error {
	session, err := concurrency.NewSession(s.client)
	if err != nil {
		return err
	}
	//lint:ignore FC5002 a lock for a one-shot command an operator watches
	m := concurrency.NewMutex(session, "/quiet/"+name)
	if err := m.Lock(ctx); err != nil {
		return err
	}
	s.locks[name] = m
	return nil
}
