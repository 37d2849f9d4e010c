// Package heartbeat keeps a claimed resource alive from a goroutine, over
// a client fencecheck does not know: whether the renewal's failure can
// reach the work is read from what the goroutine is able to do.
package heartbeat

import (
	"context"
	"errors"
	"log"
	"time"
)

type Resource struct{ Name string }

// Pool hands out resources to one holder at a time; a reaper takes back
// those whose holder stopped touching them.
type Pool struct{}

func (p *Pool) AcquireWait(ctx context.Context, kind string) (*Resource, error) {
	return &Resource{}, nil
}
func (p *Pool) Touch(name string) error      { return nil }
func (p *Pool) GrantLease(name string) error { return nil }

func use(r *Resource) {}

// Acquire claims a resource and starts its heartbeat; the caller works in
// the resource.
func Acquire(p *Pool, kind string, every time.Duration, stop chan struct{}) (*Resource, error) {
	r, err := p.AcquireWait(context.Background(), kind)
	if err != nil {
		return nil, err
	}
	startHeartbeat(p, r, every, stop)
	return r, nil
}

// The failed renewal is logged and the loop goes on: nothing tells the
// caller of Acquire, which keeps using the resource.
func startHeartbeat(p *Pool, r *Resource, every time.Duration, stop chan struct{}) {
	go func() {
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				if err := p.Touch(r.Name); err != nil { // want `this heartbeat goroutine renews the lease claimed at heartbeat.go:\d+ \(AcquireWait\) with p.Touch, but its outcome is only logged .*Acquire hands what it claimed to its callers`
					log.Printf("heartbeat of %s failed: %v", r.Name, err)
				}
			}
		}
	}()
}

// Giving up is no better: the goroutine ends, the work does not.
func RunWithKeepalive(p *Pool, kind string) error {
	r, err := p.AcquireWait(context.Background(), kind)
	if err != nil {
		return err
	}
	go func() {
		for range time.Tick(time.Second) {
			if err := p.Touch(r.Name); err != nil { // want `this heartbeat goroutine renews .* RunWithKeepalive goes on working under it \(use\)`
				log.Printf("keepalive failed, giving up: %v", err)
				return
			}
		}
	}()
	use(r)
	return nil
}

// Look-alike: the failure cancels the work's context.
func HeartbeatCancelling(p *Pool, kind string) error {
	r, err := p.AcquireWait(context.Background(), kind)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		for range time.Tick(time.Second) {
			if err := p.Touch(r.Name); err != nil {
				log.Printf("heartbeat failed: %v", err)
				cancel()
				return
			}
		}
	}()
	<-ctx.Done()
	use(r)
	return nil
}

// Look-alike: the failure is sent to the work, which selects on it.
func HeartbeatReporting(p *Pool, kind string) error {
	r, err := p.AcquireWait(context.Background(), kind)
	if err != nil {
		return err
	}
	lost := make(chan error, 1)
	go func() {
		for range time.Tick(time.Second) {
			if err := p.Touch(r.Name); err != nil {
				lost <- err
				return
			}
		}
	}()
	use(r)
	return <-lost
}

// Look-alike: the failure closes a channel the work selects on.
func HeartbeatClosing(p *Pool, kind string, work func(<-chan struct{})) error {
	r, err := p.AcquireWait(context.Background(), kind)
	if err != nil {
		return err
	}
	gone := make(chan struct{})
	go func() {
		for range time.Tick(time.Second) {
			if err := p.Touch(r.Name); err != nil {
				close(gone)
				return
			}
		}
	}()
	work(gone)
	return nil
}

type worker struct{ leaseLost bool }

// Look-alike: the failure sets a field the work reads.
func (w *worker) runWithHeartbeat(p *Pool, kind string) error {
	r, err := p.AcquireWait(context.Background(), kind)
	if err != nil {
		return err
	}
	go func() {
		for range time.Tick(time.Second) {
			if err := p.Touch(r.Name); err != nil {
				w.leaseLost = true
				return
			}
		}
	}()
	use(r)
	return nil
}

// Look-alike: a liveness lease that is granted, not claimed, excludes
// nobody; its renewal failing is informational.
func HeartbeatGranted(p *Pool, name string) error {
	if err := p.GrantLease(name); err != nil {
		return err
	}
	go func() {
		for range time.Tick(time.Second) {
			if err := p.Touch(name); err != nil {
				log.Printf("lease renewal failed: %v", err)
			}
		}
	}()
	use(&Resource{Name: name})
	return nil
}

// Look-alike: a heartbeat started with no claim in sight (its callers are
// elsewhere): whether it gates work is not known here.
func StartLeaseRenewal(p *Pool, name string) {
	go func() {
		for range time.Tick(time.Second) {
			if err := p.Touch(name); err != nil {
				log.Printf("lease renewal failed: %v", err)
			}
		}
	}()
}

// Look-alike: the claim gates nothing after the heartbeat starts.
func ClaimOnlyHeartbeat(p *Pool, kind string) {
	r, err := p.AcquireWait(context.Background(), kind)
	if err != nil {
		return
	}
	go func() {
		for range time.Tick(time.Second) {
			if err := p.Touch(r.Name); err != nil {
				log.Printf("heartbeat failed: %v", err)
			}
		}
	}()
}

// Suppressed.
func HeartbeatSuppressed(p *Pool, kind string) error {
	r, err := p.AcquireWait(context.Background(), kind)
	if err != nil {
		return err
	}
	go func() {
		for range time.Tick(time.Second) {
			//lint:ignore FC5002 the reaper only reclaims after an hour; jobs are shorter
			if err := p.Touch(r.Name); err != nil {
				log.Printf("heartbeat failed: %v", err)
			}
		}
	}()
	use(r)
	return nil
}

var _ = errors.New
