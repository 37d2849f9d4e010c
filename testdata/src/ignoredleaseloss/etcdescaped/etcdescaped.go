// Package etcdescaped holds etcd locks over sessions that nothing can
// watch: the session is made here and handed only to the lock, and the
// lock leaves the function that made it (returned behind the
// application's own interface, or captured by the goroutine that
// campaigns).
package etcdescaped

import (
	"context"
	"fmt"
	"log"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/concurrency"
)

type locker interface {
	Lock(ctx context.Context) error
	Unlock(ctx context.Context) error
}

// NewLock hands out a mutex whose session nobody can reach: when its
// lease expires the mutex is gone and its holder never hears it.
func NewLock(client *clientv3.Client, key string) locker {
	session, _ := concurrency.NewSession(client)
	return concurrency.NewMutex(session, fmt.Sprintf("%s/failover", key)) // want `this etcd concurrency.Mutex is made over a session \(created at etcdescaped.go:\d+\) that is handed to nothing but the lock, and nothing in this package reads a session's Done\(\)`
}

type failover struct {
	locker locker
}

func (f *failover) run(ctx context.Context) error {
	if err := f.locker.Lock(ctx); err != nil {
		return err
	}
	defer f.locker.Unlock(ctx)
	return nil
}

type db struct {
	cli    *clientv3.Client
	leader map[string]bool
}

// StartLeaderElection campaigns in a goroutine; once elected it marks
// itself the leader for good.
func (d *db) StartLeaderElection() {
	s, err := concurrency.NewSession(d.cli, concurrency.WithTTL(5))
	if err != nil {
		log.Printf("new session: %v", err)
	}
	election := concurrency.NewElection(s, "/leader")
	go func() {
		ctx := context.Background()
		for {
			if err := election.Campaign(ctx, "e"); err == nil { // want `this etcd election holds only while its session \(created at etcdescaped.go:\d+\) lives, but nothing in this package reads the session's Done\(\)`
				break
			}
		}
		d.markLeader()
	}()
}

func (d *db) markLeader() { d.leader["me"] = true }

// --- must stay silent ---

// NewSessionLock hands the session out with the lock: its caller can
// watch it.
func NewSessionLock(client *clientv3.Client, key string) (*concurrency.Mutex, *concurrency.Session, error) {
	s, err := concurrency.NewSession(client)
	if err != nil {
		return nil, nil, err
	}
	return concurrency.NewMutex(s, key), s, nil
}

// newScratchLock keeps its mutex to itself and never takes it.
func newScratchLock(client *clientv3.Client) {
	s, _ := concurrency.NewSession(client)
	m := concurrency.NewMutex(s, "/scratch")
	_ = m.Key()
}

// NewMaintenanceLock: a lock for a one-shot maintenance command that is
// run by hand.
func NewMaintenanceLock(client *clientv3.Client) locker {
	s, _ := concurrency.NewSession(client)
	//lint:ignore FC5002 taken by a one-shot command run by hand, which an operator watches
	return concurrency.NewMutex(s, "/maintenance")
}
