// Package keepalive exercises FC5002 with etcd leases kept alive by
// Lease.KeepAlive: its channel closes when the lease can no longer be kept
// alive, and a goroutine that only drains it tells nobody.
package keepalive

import (
	"context"
	"errors"
	"log"

	clientv3 "go.etcd.io/etcd/client/v3"
)

var errHeld = errors.New("task lock held")

type taskLock struct {
	cli    *clientv3.Client
	key    string
	cancel context.CancelFunc
	lost   chan struct{}
}

func (t *taskLock) claim(ctx context.Context, id clientv3.LeaseID) error {
	resp, err := t.cli.Txn(ctx).
		If(clientv3.Compare(clientv3.CreateRevision(t.key), "=", 0)).
		Then(clientv3.OpPut(t.key, "me", clientv3.WithLease(id))).
		Commit()
	if err != nil {
		return err
	}
	if !resp.Succeeded {
		return errHeld
	}
	return nil
}

// TryLock reports the lock taken to its caller while the keepalive drain
// just stops when the lease is gone.
func (t *taskLock) TryLock(ctx context.Context) error {
	grant, err := t.cli.Grant(ctx, 30)
	if err != nil {
		return err
	}
	kctx, cancel := context.WithCancel(context.Background())
	keep, err := t.cli.KeepAlive(kctx, grant.ID)
	if err != nil {
		cancel()
		return err
	}
	go func() {
		for {
			select {
			case resp := <-keep: // want `this goroutine drains the keepalive channel of t.cli.KeepAlive \(at keepalive.go:\d+\) for the lease claimed at keepalive.go:\d+ \(TryLock\).*tells nobody`
				if resp == nil {
					return
				}
			}
		}
	}()
	if err := t.claim(ctx, grant.ID); err != nil {
		cancel()
		return err
	}
	t.cancel = cancel
	return nil
}

// A drain that takes the channel as an argument and ranges over it.
func drain(ch <-chan *clientv3.LeaseKeepAliveResponse) {
	for range ch {
	}
	log.Print("keepalive ended")
}

func (t *taskLock) TryLockRange(ctx context.Context) error {
	grant, err := t.cli.Grant(ctx, 30)
	if err != nil {
		return err
	}
	keep, err := t.cli.KeepAlive(context.Background(), grant.ID)
	if err != nil {
		return err
	}
	go func() {
		for r := range keep { // want `this goroutine drains the keepalive channel`
			_ = r
		}
		log.Print("keepalive ended")
	}()
	if err := t.claim(ctx, grant.ID); err != nil {
		return err
	}
	return nil
}

// --- must stay silent ---

// The drain closes a channel the holder's work selects on.
func (t *taskLock) TryLockSignals(ctx context.Context) error {
	grant, err := t.cli.Grant(ctx, 30)
	if err != nil {
		return err
	}
	keep, err := t.cli.KeepAlive(context.Background(), grant.ID)
	if err != nil {
		return err
	}
	lost := make(chan struct{})
	go func() {
		for resp := range keep {
			_ = resp
		}
		close(lost)
	}()
	if err := t.claim(ctx, grant.ID); err != nil {
		return err
	}
	t.lost = lost
	return nil
}

// The work itself reads the keepalive channel.
func (t *taskLock) RunLocked(ctx context.Context, step func()) error {
	grant, err := t.cli.Grant(ctx, 30)
	if err != nil {
		return err
	}
	keep, err := t.cli.KeepAlive(ctx, grant.ID)
	if err != nil {
		return err
	}
	if err := t.claim(ctx, grant.ID); err != nil {
		return err
	}
	for {
		select {
		case resp := <-keep:
			if resp == nil {
				return errors.New("lease lost")
			}
		default:
			step()
		}
	}
}

// A lease kept alive with no claim at all (a service registration).
func register(ctx context.Context, cli *clientv3.Client) error {
	grant, err := cli.Grant(ctx, 10)
	if err != nil {
		return err
	}
	keep, err := cli.KeepAlive(context.Background(), grant.ID)
	if err != nil {
		return err
	}
	go func() {
		for range keep {
		}
	}()
	_, err = cli.Put(ctx, "services/me", "addr", clientv3.WithLease(grant.ID))
	return err
}

// --- suppressed ---

func (t *taskLock) TryLockQuiet(ctx context.Context) error {
	grant, err := t.cli.Grant(ctx, 30)
	if err != nil {
		return err
	}
	keep, err := t.cli.KeepAlive(context.Background(), grant.ID)
	if err != nil {
		return err
	}
	go func() {
		//nolint:ignoredleaseloss // the lock only de-duplicates reports
		for range keep {
		}
	}()
	if err := t.claim(ctx, grant.ID); err != nil {
		return err
	}
	return nil
}

var _ = drain

// elector claims the leader key under a lease and keeps the lease alive
// with a channel nobody reads.
type elector struct {
	cli      *clientv3.Client
	key      string
	isLeader bool
}

func (e *elector) campaign(ctx context.Context) {
	grant, err := e.cli.Grant(ctx, 10)
	if err != nil {
		return
	}
	resp, err := e.cli.Txn(ctx).
		If(clientv3.Compare(clientv3.CreateRevision(e.key), "=", 0)).
		Then(clientv3.OpPut(e.key, "me", clientv3.WithLease(grant.ID))).
		Commit()
	if err != nil || !resp.Succeeded {
		return
	}
	e.isLeader = true
	go e.cli.KeepAlive(ctx, grant.ID) // want `e.cli.KeepAlive keeps the lease of the key put at keepalive.go:\d+ alive, but the go statement throws the channel away`
}

func (e *elector) campaignDiscarded(ctx context.Context) error {
	grant, err := e.cli.Grant(ctx, 10)
	if err != nil {
		return err
	}
	if _, err := e.cli.Put(ctx, e.key, "me", clientv3.WithLease(grant.ID)); err != nil {
		return err
	}
	_, err = e.cli.KeepAlive(ctx, grant.ID) // want `e.cli.KeepAlive keeps the lease of the key put at keepalive.go:\d+ alive, but the channel it returns is discarded`
	return err
}

// Look-alike: the channel is read, and its close stops the leader.
func (e *elector) campaignWatched(ctx context.Context, stop context.CancelFunc) error {
	grant, err := e.cli.Grant(ctx, 10)
	if err != nil {
		return err
	}
	if _, err := e.cli.Put(ctx, e.key, "me", clientv3.WithLease(grant.ID)); err != nil {
		return err
	}
	ch, err := e.cli.KeepAlive(ctx, grant.ID)
	if err != nil {
		return err
	}
	go func() {
		for range ch {
		}
		e.isLeader = false
		stop()
	}()
	return nil
}

// Look-alike: a lease this function binds to no key (a session's
// liveness, kept alive for the process's lifetime).
func (e *elector) keepSession(ctx context.Context, id clientv3.LeaseID) {
	go e.cli.KeepAlive(ctx, id)
}

// Suppressed.
func (e *elector) campaignSuppressed(ctx context.Context) error {
	grant, err := e.cli.Grant(ctx, 10)
	if err != nil {
		return err
	}
	if _, err := e.cli.Put(ctx, e.key, "me", clientv3.WithLease(grant.ID)); err != nil {
		return err
	}
	//lint:ignore FC5002 the leader re-reads its key before every action
	_, err = e.cli.KeepAlive(ctx, grant.ID)
	return err
}
