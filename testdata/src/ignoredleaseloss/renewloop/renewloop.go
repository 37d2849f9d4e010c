// Package renewloop renews a lock of another package's client in a loop
// that holds the work's cancel func; it declares no renewal and imports
// no lock API, so only the renewal it calls admits it.
package renewloop

import (
	"context"
	"errors"
	"log"
	"time"

	"ignoredleaseloss/renewloop/dlock"
)

func work(ctx context.Context) {}

// One failure is counted towards a cancel; the other (the lock is already
// gone from the client) goes round to the next renewal and never cancels.
func lockDo(ctx context.Context, l dlock.Locker, key string) {
	ticker := time.NewTicker(15 * time.Second)
	var cancel context.CancelFunc
	held, failures := false, 0
	for {
		select {
		case <-ticker.C:
			if !held {
				if err := l.TryLock(key, 30); err != nil {
					continue
				}
				var workCtx context.Context
				workCtx, cancel = context.WithCancel(context.Background())
				go work(workCtx)
				held = true
				continue
			}
			err := l.Renew(key) // want `when l.Renew fails, one path goes round to the next renewal without calling the work's cancel \(called at renewloop.go:44 on other paths\)`
			if err == nil {
				continue
			}
			if !errors.Is(err, dlock.ErrNotExists) {
				failures++
				log.Printf("renew failed: %v", err)
				if failures == 5 {
					cancel()
					held, failures = false, 0
				}
				continue
			}
		case <-ctx.Done():
			if cancel != nil {
				cancel()
			}
			return
		}
	}
}

// Look-alike: every failure cancels the work.
func lockDoCancels(ctx context.Context, l dlock.Locker, key string) {
	if err := l.TryLock(key, 30); err != nil {
		return
	}
	workCtx, cancel := context.WithCancel(ctx)
	go work(workCtx)
	for range time.Tick(15 * time.Second) {
		if err := l.Renew(key); err != nil {
			log.Printf("lost the lock: %v", err)
			cancel()
			return
		}
	}
}

// Look-alike: failures are retried until a deadline measured on every
// round has passed, and then the work is cancelled.
func lockDoDeadline(ctx context.Context, l dlock.Locker, key string, ttl time.Duration) {
	if err := l.TryLock(key, 30); err != nil {
		return
	}
	workCtx, cancel := context.WithCancel(ctx)
	go work(workCtx)
	renewed := time.Now()
	for range time.Tick(15 * time.Second) {
		if time.Since(renewed) > ttl {
			cancel()
			return
		}
		if err := l.Renew(key); err != nil {
			log.Printf("renew failed, retrying: %v", err)
			continue
		}
		renewed = time.Now()
	}
}

// Suppressed.
func lockDoSuppressed(ctx context.Context, l dlock.Locker, key string) {
	if err := l.TryLock(key, 30); err != nil {
		return
	}
	workCtx, cancel := context.WithCancel(ctx)
	go work(workCtx)
	for {
		select {
		case <-time.After(15 * time.Second):
			//lint:ignore FC5002 the work checks the lock record itself before every write
			err := l.Renew(key)
			if err == nil || errors.Is(err, dlock.ErrNotExists) {
				continue
			}
			cancel()
			return
		case <-ctx.Done():
			cancel()
			return
		}
	}
}

// Look-alike: the cancel is only deferred (cleanup when the loop ends);
// nothing here stops work on a failed renewal, so there is no stopping
// path for another failure to skip (a certificate renewal is no lease).
func maintain(l dlock.Locker, stop chan struct{}) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go work(ctx)
	ticker := time.NewTicker(time.Hour)
	for {
		select {
		case <-ticker.C:
			if err := l.Renew("certificates"); err != nil {
				log.Printf("renewing certificates: %v", err)
			}
		case <-stop:
			return
		}
	}
}
