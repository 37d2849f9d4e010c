// Package watched: the same Locker, but Lock watches its session and
// drops the lock from the map when the session ends, so the next Unlock
// (and a holder that checks) learns it: silent.
package watched

import (
	"context"
	"sync"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/concurrency"
)

type Store struct {
	client *clientv3.Client
	mu     sync.Mutex
	locks  map[string]*concurrency.Mutex
	Lost   chan string
}

func (s *Store) Lock(ctx context.Context, name string) error {
	session, err := concurrency.NewSession(s.client, concurrency.WithContext(ctx))
	if err != nil {
		return err
	}
	m := concurrency.NewMutex(session, "/locks/"+name)
	if err := m.Lock(ctx); err != nil {
		return err
	}
	s.mu.Lock()
	s.locks[name] = m
	s.mu.Unlock()
	go func() {
		<-session.Done()
		s.Lost <- name
	}()
	return nil
}
