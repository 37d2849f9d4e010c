// Package refresher keeps the application's locks alive for callers that
// took them elsewhere.
package refresher

import (
	"context"
	"log"
	"sync"
	"time"
)

// Locker is the application's lock.
type Locker interface {
	Lock(ctx context.Context, key string, ttl time.Duration) error
	Unlock(ctx context.Context, key string) error
	Extend(ctx context.Context, key string) error
}

// SafeGo runs f in a goroutine, recovering its panics.
func SafeGo(ctx context.Context, f func()) {
	go func() {
		defer func() { _ = recover() }()
		f()
	}()
}

// StartRefresher extends the lock every ttl*2/3 until stopped; a failed
// extension is logged and retried, and nobody else hears of it.
func StartRefresher(ctx context.Context, locker Locker, key string, ttl time.Duration) (stop func()) {
	var once sync.Once
	stopCh := make(chan struct{})
	stop = func() { once.Do(func() { close(stopCh) }) }
	SafeGo(ctx, func() {
		ticker := time.NewTicker(ttl * 2 / 3)
		defer ticker.Stop()
		for {
			select {
			case <-stopCh:
				return
			case <-ctx.Done():
				return
			case <-ticker.C:
				if err := locker.Extend(ctx, key); err != nil { // want `this refresher goroutine extends a lock with locker.Extend, but its outcome is only logged .* neither the goroutine nor StartRefresher can pass a loss on`
					log.Printf("lock refresher: failed to extend %s: %v", key, err)
				}
			}
		}
	})
	return stop
}

// KeepExtended is the same with a go statement and no stop at all.
func KeepExtended(ctx context.Context, locker Locker, key string) {
	go func() {
		for range time.Tick(time.Second) {
			if err := locker.Extend(ctx, key); err != nil { // want `this refresher goroutine extends a lock with locker.Extend`
				log.Printf("extend %s: %v", key, err)
			}
		}
	}()
}

// --- must stay silent ---

// StartRefresherCancelling is handed the work's cancel func and calls it.
func StartRefresherCancelling(ctx context.Context, locker Locker, key string, cancel context.CancelFunc) {
	go func() {
		for range time.Tick(time.Second) {
			if err := locker.Extend(ctx, key); err != nil {
				log.Printf("extend %s: %v", key, err)
				cancel()
				return
			}
		}
	}()
}

// StartRefresherReporting returns a channel that carries the failure.
func StartRefresherReporting(ctx context.Context, locker Locker, key string) <-chan error {
	lost := make(chan error, 1)
	go func() {
		for range time.Tick(time.Second) {
			if err := locker.Extend(ctx, key); err != nil {
				lost <- err
				return
			}
		}
	}()
	return lost
}

// Cache is no lock: extending an entry's life gates nothing.
type Cache interface {
	Get(key string) (string, error)
	Extend(ctx context.Context, key string) error
}

func KeepWarm(ctx context.Context, c Cache, key string) {
	go func() {
		for range time.Tick(time.Minute) {
			if err := c.Extend(ctx, key); err != nil {
				log.Printf("keep warm %s: %v", key, err)
			}
		}
	}()
}

// KeepExtendedQuietly extends a lock that only throttles.
func KeepExtendedQuietly(ctx context.Context, locker Locker, key string) {
	go func() {
		for range time.Tick(time.Second) {
			//lint:ignore FC5002 the lock only throttles a best-effort job; losing it is harmless
			if err := locker.Extend(ctx, key); err != nil {
				log.Printf("extend %s: %v", key, err)
			}
		}
	}()
}
