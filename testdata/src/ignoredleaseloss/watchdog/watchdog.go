// Package watchdog wraps lock libraries with a refreshing goroutine that
// stops on the first failed refresh and tells nobody: the handle the
// wrapper returns carries no loss channel and no context.
package watchdog

import (
	"context"
	"sync"
	"time"

	"github.com/bsm/redislock"
	"github.com/redis/go-redis/v9"
)

type Lock struct {
	inner  *redislock.Lock
	cancel context.CancelFunc
}

func (l *Lock) Release(ctx context.Context) error {
	l.cancel()
	return l.inner.Release(ctx)
}

// AcquireWithExtend obtains the lock and refreshes it until Release; a
// failed refresh ends the watchdog and nothing else.
func AcquireWithExtend(ctx context.Context, rdb *redis.Client, key string, ttl time.Duration) (*Lock, bool, error) {
	inner, err := redislock.New(rdb).Obtain(ctx, key, ttl, nil)
	if err == redislock.ErrNotObtained {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	extCtx, cancel := context.WithCancel(context.Background())
	go func() {
		ticker := time.NewTicker(ttl / 3)
		defer ticker.Stop()
		for {
			select {
			case <-extCtx.Done():
				return
			case <-ticker.C:
				if err := inner.Refresh(extCtx, ttl, nil); err != nil { // want `this heartbeat goroutine renews the lease claimed at watchdog.go:28 \(Obtain\) with inner.Refresh`
					return
				}
			}
		}
	}()
	return &Lock{inner: inner, cancel: cancel}, true, nil
}

// Acquire takes a SET NX lease and renews it while the key still holds
// the owner; when it does not, the renewer just stops.
func Acquire(ctx context.Context, rdb *redis.Client, key, owner string, ttl time.Duration) (release func(), ok bool, err error) {
	got, err := rdb.SetNX(ctx, key, owner, ttl).Result()
	if err != nil || !got {
		return func() {}, false, err
	}
	stop := make(chan struct{})
	var renewers sync.WaitGroup
	renewers.Add(1)
	go func() {
		defer renewers.Done()
		t := time.NewTicker(ttl / 2)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				v, err := rdb.Get(ctx, key).Result()
				if err != nil || v != owner {
					return
				}
				_ = rdb.Expire(ctx, key, ttl).Err() // want `this heartbeat goroutine renews the lease claimed at watchdog.go:55 \(Acquire\) with rdb.Expire`
			}
		}
	}()
	return func() { close(stop); renewers.Wait() }, true, nil
}

// Look-alike: the watchdog closes a channel the handle exposes when a
// refresh fails.
type Held struct {
	inner *redislock.Lock
	Lost  chan struct{}
}

func AcquireWatched(ctx context.Context, rdb *redis.Client, key string, ttl time.Duration) (*Held, error) {
	inner, err := redislock.Obtain(ctx, rdb, key, ttl, nil)
	if err != nil {
		return nil, err
	}
	h := &Held{inner: inner, Lost: make(chan struct{})}
	go func() {
		for range time.Tick(ttl / 3) {
			if err := inner.Refresh(ctx, ttl, nil); err != nil {
				close(h.Lost)
				return
			}
		}
	}()
	return h, nil
}

// Suppressed.
func AcquireQuiet(ctx context.Context, rdb *redis.Client, key string, ttl time.Duration) (*redislock.Lock, error) {
	inner, err := redislock.Obtain(ctx, rdb, key, ttl, nil)
	if err != nil {
		return nil, err
	}
	go func() {
		for range time.Tick(ttl / 3) {
			//lint:ignore FC5002 the work checks inner.TTL before each write
			if err := inner.Refresh(ctx, ttl, nil); err != nil {
				return
			}
		}
	}()
	return inner, nil
}
