// Package silentbeat: heartbeat goroutines that do more than renew (they
// release the lock when told to stop, close a done channel) but let one
// failure of the renewal go round, or end the heartbeat, telling nobody.
package silentbeat

import (
	"context"
	"errors"
	"log"
	"os/exec"
	"sync"
	"time"

	"github.com/bsm/redislock"
	"github.com/redis/go-redis/v9"
)

func work() {}

// Process takes a SET NX lock with SetArgs, renews it from a goroutine
// that logs a failed EXPIRE and goes on, and releases it when the
// process it guards exits.
func Process(ctx context.Context, rds *redis.Client, item, owner string, ttl time.Duration) error {
	lockKey := "lock:" + item
	res, err := rds.SetArgs(ctx, lockKey, owner, redis.SetArgs{Mode: "NX", TTL: ttl}).Result()
	if err == redis.Nil || res != "OK" {
		return nil
	}
	if err != nil {
		return err
	}
	complete := make(chan struct{})
	done := make(chan struct{})
	go keepAlive(rds, lockKey, owner, ttl, complete, done)
	if err := exec.Command("job").Run(); err != nil {
		log.Print(err)
	}
	close(complete)
	<-done
	return nil
}

func keepAlive(rds *redis.Client, key, owner string, ttl time.Duration, complete <-chan struct{}, done chan<- struct{}) {
	ctx := context.Background()
	ticker := time.NewTicker(ttl / 2)
loop:
	for {
		select {
		case <-complete:
			break loop
		case <-ticker.C:
			ok, err := rds.Expire(ctx, key, ttl).Result() // want `when rds.Expire fails, one path goes round to the next renewal without telling the work`
			if err != nil {
				log.Printf("EXPIRE: %v", err)
			} else if !ok {
				log.Printf("EXPIRE: not renewed")
			}
		}
	}
	ticker.Stop()
	rds.Del(ctx, key)
	close(done)
}

// Lead obtains a redislock lock and refreshes it until the refresh says
// the lock is gone, then stops refreshing: the scheduler it leads goes on.
func Lead(ctx context.Context, locker *redislock.Client, stop chan struct{}) bool {
	lock, err := locker.Obtain(ctx, "scheduler", time.Minute, nil)
	if err != nil {
		return false
	}
	go func() {
		ticker := time.NewTicker(20 * time.Second)
		defer ticker.Stop()
		for range ticker.C {
			err := lock.Refresh(ctx, time.Minute, nil) // want `when lock.Refresh fails, one path ends the heartbeat without telling the work`
			if errors.Is(err, redislock.ErrNotObtained) {
				break
			} else if err != nil {
				log.Fatalf("refresh: %v", err)
			}
		}
	}()
	go func() {
		<-stop
		lock.Release(ctx)
	}()
	work()
	return true
}

// Look-alike: the lost refresh cancels the work.
func LeadCancelling(ctx context.Context, locker *redislock.Client) {
	lock, err := locker.Obtain(ctx, "scheduler", time.Minute, nil)
	if err != nil {
		return
	}
	ctx, cancel := context.WithCancel(ctx)
	go func() {
		ticker := time.NewTicker(20 * time.Second)
		defer ticker.Stop()
		for range ticker.C {
			err := lock.Refresh(ctx, time.Minute, nil)
			if errors.Is(err, redislock.ErrNotObtained) {
				cancel()
				return
			} else if err != nil {
				log.Fatalf("refresh: %v", err)
			}
		}
	}()
	run(ctx)
}

// Look-alike: leaving the heartbeat runs a deferred close the work
// selects on.
func LeadDeferred(ctx context.Context, locker *redislock.Client) {
	lock, err := locker.Obtain(ctx, "scheduler", time.Minute, nil)
	if err != nil {
		return
	}
	lost := make(chan struct{})
	go func() {
		defer close(lost)
		for range time.Tick(20 * time.Second) {
			if err := lock.Refresh(ctx, time.Minute, nil); err != nil {
				return
			}
			log.Print("refreshed")
		}
	}()
	runUntil(lost)
}

// Look-alike: every failure is counted, and the count stops the work.
func LeadCounted(ctx context.Context, locker *redislock.Client) {
	lock, err := locker.Obtain(ctx, "scheduler", time.Minute, nil)
	if err != nil {
		return
	}
	ctx, cancel := context.WithCancel(ctx)
	go func() {
		failures := 0
		for range time.Tick(20 * time.Second) {
			if err := lock.Refresh(ctx, time.Minute, nil); err != nil {
				failures++
				if failures > 2 {
					cancel()
					return
				}
				continue
			}
			failures = 0
		}
	}()
	run(ctx)
}

// Suppressed.
func LeadQuiet(ctx context.Context, locker *redislock.Client, stop chan struct{}) {
	lock, err := locker.Obtain(ctx, "scheduler", time.Minute, nil)
	if err != nil {
		return
	}
	go func() {
		for range time.Tick(20 * time.Second) {
			//lint:ignore FC5002 the work checks the lock's TTL before each write
			if err := lock.Refresh(ctx, time.Minute, nil); errors.Is(err, redislock.ErrNotObtained) {
				return
			}
		}
	}()
	go func() {
		<-stop
		lock.Release(ctx)
	}()
	work()
}

func run(ctx context.Context)       {}
func runUntil(lost <-chan struct{}) {}

// Locked is a lock helper: Do runs the work in a goroutine and refreshes
// the lock until the work returns.
type Locked struct{ lock *redislock.Lock }

func (l *Locked) Refresh(ctx context.Context, ttl time.Duration) error {
	return l.lock.Refresh(ctx, ttl, nil)
}

func (l *Locked) Do(ctx context.Context, ttl time.Duration, work func() error) error {
	if err := l.Refresh(ctx, ttl); err != nil {
		return err
	}
	done := make(chan error, 1)
	go func() { done <- work() }()
	t := time.NewTicker(ttl / 2)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
			if err := l.Refresh(ctx, ttl); err != nil { // want `when l.Refresh fails, one path goes round to the next renewal without telling the work .* \(Refresh, checked\)`
				log.Printf("refresh: %v", err)
				continue
			}
		case err := <-done:
			return err
		}
	}
}

// Look-alike: the failed refresh cancels the work's context and returns.
func (l *Locked) DoCancelling(ctx context.Context, ttl time.Duration, work func(context.Context) error) error {
	if err := l.Refresh(ctx, ttl); err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- work(ctx) }()
	t := time.NewTicker(ttl / 2)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			if err := l.Refresh(ctx, ttl); err != nil {
				cancel()
				return err
			}
		case err := <-done:
			return err
		}
	}
}

// Look-alike: a goroutine whose outcome the loop does not wait for is not
// the loop's work (a metrics reporter).
func (l *Locked) KeepFresh(ctx context.Context, ttl time.Duration, report func()) {
	go report()
	for range time.Tick(ttl / 2) {
		if err := l.Refresh(ctx, ttl); err != nil {
			log.Printf("refresh: %v", err)
		}
	}
}

// Suppressed.
func (l *Locked) DoQuiet(ctx context.Context, ttl time.Duration, work func() error) error {
	if err := l.Refresh(ctx, ttl); err != nil {
		return err
	}
	done := make(chan error, 1)
	go func() { done <- work() }()
	for {
		select {
		case <-time.After(ttl / 2):
			//lint:ignore FC5002 the work checks the lock's TTL before each write
			if err := l.Refresh(ctx, ttl); err != nil {
				continue
			}
		case err := <-done:
			return err
		}
	}
}

// Look-alike: the refresh fails because the loop's own context ended (a
// shutdown), or the lock is dropped from the map its holders read.
type Held struct {
	mu    sync.Mutex
	locks map[string]*redislock.Lock
}

func (h *Held) Take(ctx context.Context, locker *redislock.Client, key string) error {
	lock, err := locker.Obtain(ctx, key, time.Minute, nil)
	if err != nil {
		return err
	}
	h.mu.Lock()
	h.locks[key] = lock
	h.mu.Unlock()
	go h.renew(ctx, key, lock)
	work()
	return nil
}

func (h *Held) renew(ctx context.Context, key string, lock *redislock.Lock) {
	t := time.NewTicker(20 * time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := lock.Refresh(ctx, time.Minute, nil); err != nil {
				if ctx.Err() != nil {
					return
				}
				log.Printf("refresh %s: %v", key, err)
				h.mu.Lock()
				delete(h.locks, key)
				h.mu.Unlock()
				return
			}
		}
	}
}

// Look-alike: a loop named as a renewal loop re-acquires the lease after a
// failed renewal has already stopped the work; the failed re-acquisition
// loses nothing, so its error may be logged.
type Broker struct{ rds *redis.Client }

func (b *Broker) TryAcquire(ctx context.Context, key, owner string, ttl time.Duration) (bool, error) {
	return b.rds.SetNX(ctx, key, owner, ttl).Result()
}

func (b *Broker) Renew(ctx context.Context, key string, ttl time.Duration) error {
	return b.rds.Expire(ctx, key, ttl).Err()
}

type Scheduler struct {
	broker *Broker
	owner  string
	stop   context.CancelFunc
}

func (s *Scheduler) Start(ctx context.Context) {
	ok, err := s.broker.TryAcquire(ctx, "scheduler", s.owner, time.Minute)
	if err != nil || !ok {
		return
	}
	go s.renewLeaseLoop(ctx)
	work()
}

func (s *Scheduler) renewLeaseLoop(ctx context.Context) {
	ticker := time.NewTicker(20 * time.Second)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
			if err := s.broker.Renew(ctx, "scheduler", time.Minute); err != nil {
				s.stop()
				acquired, err := s.broker.TryAcquire(ctx, "scheduler", s.owner, time.Minute)
				if err != nil {
					log.Printf("re-acquire: %v", err)
				} else if acquired {
					work()
				}
				continue
			}
		}
	}
}
