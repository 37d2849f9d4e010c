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

// The renewal's lost sentinel cancels the work (a cancel captured from
// the enclosing function); any other error is only logged and retried.
func serve(l dlock.Locker, key string) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		t := time.NewTicker(5 * time.Second)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				rctx, c := context.WithTimeout(ctx, time.Second)
				err := renewLease(rctx, l, key) // want `when renewLease fails, one path goes round to the next renewal without calling the work's cancel`
				c()
				if errors.Is(err, dlock.ErrNotExists) {
					cancel()
					return
				} else if err != nil && ctx.Err() == nil {
					log.Printf("renew failed (will retry): %v", err)
				}
			}
		}
	}()
	work(ctx)
}

func renewLease(ctx context.Context, l dlock.Locker, key string) error { return l.Renew(key) }

// A keepalive handed a loss callback calls it when the lease is reported
// lost, but a failing renewal is only logged.
func keepalive(ctx context.Context, l dlock.Leaser, key, owner string, onLost func()) {
	ticker := time.NewTicker(time.Second)
	go func() {
		defer ticker.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-ticker.C:
				ok, err := l.Renew(key, owner) // want `when l.Renew fails, one path goes round to the next renewal without calling the work's cancel`
				if err != nil {
					log.Printf("keepalive failed: %v", err)
					continue
				}
				if !ok {
					onLost()
					return
				}
			}
		}
	}()
}

type session struct {
	id     string
	cancel context.CancelFunc
}

// A session's cancel kept in a field; the failures only pick a backoff.
func heartbeat(ctx context.Context, l dlock.Leaser, s *session) {
	failures := 0
	for {
		wait := time.Second
		if failures > 0 {
			wait = time.Duration(failures) * time.Second
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
			alive, err := l.Renew(s.id, "me") // want `when l.Renew fails, one path goes round to the next renewal without calling the work's cancel`
			if err != nil {
				failures++
				continue
			}
			failures = 0
			if alive {
				continue
			}
			s.cancel()
			return
		}
	}
}

// Look-alike: the failures are counted, and after too many the session's
// work is cancelled.
func heartbeatGivesUp(ctx context.Context, l dlock.Leaser, s *session) {
	failures := 0
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
			alive, err := l.Renew(s.id, "me")
			if err != nil {
				failures++
				if failures >= 3 {
					s.cancel()
					return
				}
				continue
			}
			failures = 0
			if !alive {
				s.cancel()
				return
			}
		}
	}
}

// Look-alike: the only cancel is the renewal's own timeout; nothing here
// stops any work, so there is no stopping path to skip.
func renewOnly(ctx context.Context, l dlock.Locker, key string) {
	for range time.Tick(time.Second) {
		rctx, c := context.WithTimeout(ctx, time.Second)
		err := renewLease(rctx, l, key)
		c()
		if err != nil {
			log.Printf("renew: %v", err)
		}
	}
}

// The loss callback defaults to a no-op when none is handed in.
func keepaliveDefault(ctx context.Context, l dlock.Leaser, key, owner string, onLost func()) {
	if onLost == nil {
		onLost = func() {}
	}
	go func() {
		for range time.Tick(time.Second) {
			ok, err := l.Renew(key, owner) // want `when l.Renew fails, one path goes round to the next renewal without calling the work's cancel`
			if err != nil {
				log.Printf("keepalive failed: %v", err)
				continue
			}
			if !ok {
				onLost()
				return
			}
		}
	}()
}
