// Package failedrenewal: an active/passive loop re-acquires and renews a
// lock on tickers. Where the renewal or the acquisition has just failed
// the lock is not held: what runs there (stepping down) is no work under
// the lock.
package failedrenewal

import (
	"context"
	"time"

	"github.com/bsm/redislock"
	"github.com/redis/go-redis/v9"
)

type node struct {
	locker *redislock.Client
	rdb    *redis.Client
	active bool
}

func (n *node) label(ctx context.Context, state string) {
	n.rdb.Set(ctx, "pods:me", state, 0)
}

func (n *node) run(ctx context.Context) {
	var lock *redislock.Lock
	refresh := time.NewTicker(time.Second)
	acquire := time.NewTicker(time.Second)
	for {
		select {
		case <-ctx.Done():
			return
		case <-refresh.C:
			if n.active {
				if err := lock.Refresh(ctx, 3*time.Second, nil); err != nil {
					n.active = false
					n.label(ctx, "undefined")
					continue
				}
				n.label(ctx, "still-active") // want `go-redis Set .* under the redislock lock extended`
			}
		case <-acquire.C:
			if !n.active {
				var err error
				lock, err = n.locker.Obtain(ctx, "leader", 3*time.Second, nil)
				if err != nil {
					n.label(ctx, "passive")
					continue
				}
				n.active = true
				n.label(ctx, "active") // want `go-redis Set .* under the redislock lock acquired`
			}
		}
	}
}

// The shape of a loop whose renewal failure falls through to the next tick.
func (n *node) loop(ctx context.Context) {
	var lock *redislock.Lock
	refresh := time.NewTicker(time.Second)
	acquire := time.NewTicker(time.Second)
	for {
		select {
		case <-ctx.Done():
			return
		case <-refresh.C:
			if n.active {
				err := lock.Refresh(ctx, 3*time.Second, nil)
				if err != nil {
					n.active = false
					n.label(ctx, "undefined")
				}
			}
		case <-acquire.C:
			if !n.active {
				var err error
				lock, err = n.locker.Obtain(ctx, "leader", 3*time.Second, nil)
				if err != nil {
					if n.active {
						n.label(ctx, "passive")
					}
					continue
				}
				n.active = true
				n.label(ctx, "active") // want `go-redis Set .* under the redislock lock acquired`
				refresh.Reset(time.Second)
			}
		}
	}
}

// A worker whose lock lives in a field renews it after each batch and
// stops when the renewal fails: the next batch runs after a successful
// renewal.
func (n *node) worker(ctx context.Context, lock *redislock.Lock) {
	for {
		if err := lock.Refresh(ctx, 3*time.Second, nil); err != nil {
			return
		}
		n.label(ctx, "batch") // want `go-redis Set .* under the redislock lock extended`
	}
}
