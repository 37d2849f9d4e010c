// Package etcdunwatched exercises FC5002 with etcd sessions that nothing
// in the package watches (nobody calls Session.Done).
package etcdunwatched

import (
	"context"
	"log"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/concurrency"
)

type callbacks struct {
	OnStartedLeading func(ctx context.Context)
}

type member struct {
	election  *concurrency.Election
	callbacks callbacks
}

// The session is made here and handed only to the election; after the
// campaign the leader's work runs, and nobody learns that the session
// ended.
func run(ctx context.Context, cli *clientv3.Client, cb callbacks) error {
	s, err := concurrency.NewSession(cli, concurrency.WithTTL(10))
	if err != nil {
		return err
	}
	m := &member{election: concurrency.NewElection(s, "/leader"), callbacks: cb}
	m.lead(ctx)
	return nil
}

func (m *member) lead(ctx context.Context) {
	if err := m.election.Campaign(ctx, "me"); err != nil { // want `this etcd election holds only while its session \(created at etcdunwatched.go:26\) lives, but nothing in this package reads the session's Done\(\)`
		log.Printf("campaign: %v", err)
		return
	}
	m.callbacks.OnStartedLeading(ctx)
}

// A mutex over a session made in the same function.
func withMutex(ctx context.Context, cli *clientv3.Client, work func()) error {
	s, err := concurrency.NewSession(cli)
	if err != nil {
		return err
	}
	defer s.Close()
	m := concurrency.NewMutex(s, "/jobs")
	if err := m.Lock(ctx); err != nil { // want `this etcd lock holds only while its session .* nothing in this package reads the session's Done\(\)`
		return err
	}
	defer m.Unlock(ctx)
	work()
	return nil
}

// A helper that only takes the lock and returns it does no work under it,
// but hands its caller a lock over a session nobody can reach (the
// escaped-lock rule, not the work rule).
func lockOnly(ctx context.Context, cli *clientv3.Client) (*concurrency.Mutex, error) {
	s, err := concurrency.NewSession(cli)
	if err != nil {
		return nil, err
	}
	m := concurrency.NewMutex(s, "/jobs") // want `this etcd concurrency.Mutex is made over a session .* the lock is returned to the caller`
	if err := m.Lock(ctx); err != nil {
		return nil, err
	}
	return m, nil
}

// Look-alike: the session comes from the caller, who may watch it.
func campaignWith(ctx context.Context, s *concurrency.Session, work func(context.Context)) error {
	e := concurrency.NewElection(s, "/leader")
	if err := e.Campaign(ctx, "me"); err != nil {
		return err
	}
	work(ctx)
	return nil
}

// Look-alike: the session is handed to the caller as well, who may watch
// it.
func sessionReturned(ctx context.Context, cli *clientv3.Client, work func(context.Context)) (*concurrency.Session, error) {
	s, err := concurrency.NewSession(cli)
	if err != nil {
		return nil, err
	}
	e := concurrency.NewElection(s, "/leader")
	if err := e.Campaign(ctx, "me"); err != nil {
		return nil, err
	}
	work(ctx)
	return s, nil
}

// Suppressed.
func suppressed(ctx context.Context, cli *clientv3.Client, work func()) error {
	s, err := concurrency.NewSession(cli)
	if err != nil {
		return err
	}
	m := concurrency.NewMutex(s, "/jobs")
	//lint:ignore FC5002 the job is idempotent and fenced by the lock's revision
	if err := m.Lock(ctx); err != nil {
		return err
	}
	work()
	return nil
}

// Look-alike: a lock service. The session is orphaned (its keep-alive
// stopped) on a lease the service's caller owns and renews: the loss is
// the caller's to watch.
func lockFor(ctx context.Context, cli *clientv3.Client, lease clientv3.LeaseID, name string, work func()) error {
	s, err := concurrency.NewSession(cli, concurrency.WithLease(lease))
	if err != nil {
		return err
	}
	s.Orphan()
	m := concurrency.NewMutex(s, name)
	if err := m.Lock(ctx); err != nil {
		return err
	}
	work()
	return nil
}
