// Package consul exercises FC5002 with Consul locks and sessions.
package consul

import (
	"context"
	"errors"
	"fmt"
	"log"
	"path"
	"sync"
	"time"

	"github.com/hashicorp/consul/api"
)

func work() {}

// The lost channel thrown away.
func discarded(c *api.Client) error {
	l, err := c.LockKey("service/leader")
	if err != nil {
		return err
	}
	_, err = l.Lock(nil) // want `the lost channel returned by this Consul lock acquisition \(api.Lock.Lock\) is discarded \(assigned to _\), so this function keeps working after Consul invalidates the session.*select on it`
	if err != nil {
		return err
	}
	defer l.Unlock()
	work()
	return nil
}

// The lost channel kept but never read.
func neverRead(c *api.Client, stop chan struct{}) error {
	l, err := c.LockOpts(&api.LockOptions{Key: "service/leader", SessionTTL: "10s"})
	if err != nil {
		return err
	}
	lost, err := l.Lock(stop) // want `the lost channel .* is never read`
	if err != nil {
		return err
	}
	if lost == nil {
		return errors.New("not acquired")
	}
	defer l.Unlock()
	for i := 0; i < 10; i++ {
		work()
	}
	return nil
}

// RenewPeriodic's error dropped, in a go statement and as a statement.
func renewInBackground(c *api.Client, done chan struct{}) error {
	id, _, err := c.Session().Create(&api.SessionEntry{TTL: "15s", Behavior: api.SessionBehaviorRelease}, nil)
	if err != nil {
		return err
	}
	go c.Session().RenewPeriodic("15s", id, nil, done) // want `the error of Consul Session.RenewPeriodic is dropped \(it runs in a go statement, which throws its result away\)`
	ok, _, err := c.KV().Acquire(&api.KVPair{Key: "jobs/lock", Session: id}, nil)
	if err != nil || !ok {
		return err
	}
	work()
	return nil
}

func renewLiteral(s *api.Session, id string, done chan struct{}) {
	go func() {
		s.RenewPeriodic("15s", id, nil, done) // want `the error of Consul Session.RenewPeriodic is dropped \(its result is discarded\)`
	}()
	work()
}

// --- must stay silent ---

// The lost channel read in a select with ctx.
func selectLost(ctx context.Context, c *api.Client) error {
	l, err := c.LockKey("service/leader")
	if err != nil {
		return err
	}
	lost, err := l.Lock(ctx.Done())
	if err != nil {
		return err
	}
	defer l.Unlock()
	for {
		select {
		case <-lost:
			return errors.New("lost the lock")
		case <-ctx.Done():
			return ctx.Err()
		default:
			work()
		}
	}
}

// The lost channel handed to a helper that turns it into a context.
func passedOn(ctx context.Context, c *api.Client) error {
	l, err := c.LockKey("service/leader")
	if err != nil {
		return err
	}
	lost, err := l.Lock(nil)
	if err != nil {
		return err
	}
	defer l.Unlock()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go cancelOn(lost, cancel)
	run(ctx)
	return nil
}

func cancelOn(lost <-chan struct{}, cancel context.CancelFunc) {
	<-lost
	cancel()
}

func run(ctx context.Context) { <-ctx.Done() }

// A helper that only takes the lock and returns the channel to its caller.
func acquire(l *api.Lock) (<-chan struct{}, error) {
	return l.Lock(nil)
}

// A helper that only takes the lock.
func tryOnce(l *api.Lock) error {
	_, err := l.Lock(nil)
	return err
}

// RenewPeriodic's error read.
func renewChecked(s *api.Session, id string, done chan struct{}) error {
	errc := make(chan error, 1)
	go func() { errc <- s.RenewPeriodic("15s", id, nil, done) }()
	work()
	return <-errc
}

func renewBlocking(s *api.Session, id string, done chan struct{}) {
	if err := s.RenewPeriodic("15s", id, nil, done); err != nil {
		log.Printf("session lost: %v", err)
	}
}

// --- suppressed ---

func suppressed(c *api.Client) error {
	l, err := c.LockKey("service/leader")
	if err != nil {
		return err
	}
	//lint:ignore FC5002 the process is restarted by the supervisor when the session dies
	_, err = l.Lock(nil)
	if err != nil {
		return err
	}
	work()
	return nil
}

// A section that only logs before releasing does no work the loss could
// spoil: silent.
func idle(c *api.Client) error {
	l, err := c.LockKey("service/leader")
	if err != nil {
		return err
	}
	if _, err := l.Lock(nil); err != nil {
		return err
	}
	defer l.Unlock()
	log.Printf("acquired")
	return nil
}

// Look-alike: RenewPeriodic's error is dropped, but the lock held through
// the session closes its lost channel when the session is invalidated,
// and the work selects on it.
func renewWatchedThroughLock(c *api.Client, stop chan struct{}) error {
	id, _, err := c.Session().Create(&api.SessionEntry{TTL: "15s"}, nil)
	if err != nil {
		return err
	}
	go c.Session().RenewPeriodic("15s", id, nil, stop)
	lock, err := c.LockOpts(&api.LockOptions{Key: "jobs/leader", Session: id})
	if err != nil {
		return err
	}
	lost, err := lock.Lock(stop)
	if err != nil {
		return err
	}
	for {
		select {
		case <-lost:
			return nil
		default:
			work()
		}
	}
}

// The lost channel read only by a goroutine that unlocks: the work below
// never hears of the loss.
func lostToUnlocker(c *api.Client, stop chan struct{}) error {
	l, err := c.LockKey("service/leader")
	if err != nil {
		return err
	}
	lost, err := l.Lock(stop) // want `the lost channel .* is read only by the goroutine started at consul.go:\d+, which releases the lock or logs`
	if err != nil {
		return err
	}
	go func() {
		<-lost
		log.Printf("lock lost")
		l.Unlock()
	}()
	for {
		work()
	}
}

// Look-alike: the goroutine that reads the lost channel cancels the work.
func lostCancels(c *api.Client, stop chan struct{}) error {
	l, err := c.LockKey("service/leader")
	if err != nil {
		return err
	}
	lost, err := l.Lock(stop)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-lost
		l.Unlock()
		cancel()
	}()
	for ctx.Err() == nil {
		work()
	}
	return nil
}

// A certmagic-style storage: Lock keeps the Consul lock for Unlock and
// returns to the caller, who works under it.
type storage struct {
	client *api.Client
	mu     sync.Mutex
	locks  map[string]*api.Lock
	cancel map[string]context.CancelFunc
}

func (s *storage) held(key string) (*api.Lock, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	l, ok := s.locks[path.Join("locks", key)]
	return l, ok
}

// Unlock releases the lock and forgets it: nobody else hears of it.
func (s *storage) Unlock(key string) error {
	l, ok := s.held(key)
	if !ok {
		return fmt.Errorf("lock %s not held", key)
	}
	if err := l.Unlock(); err != nil {
		return fmt.Errorf("unlock %s: %w", key, err)
	}
	s.mu.Lock()
	delete(s.locks, path.Join("locks", key))
	s.mu.Unlock()
	return nil
}

func (s *storage) Lock(key string) error {
	l, err := s.client.LockKey(key)
	if err != nil {
		return err
	}
	lost, err := l.Lock(nil) // want `the lost channel .* is read only by the goroutine started at consul.go:\d+, which releases the lock or logs`
	if err != nil {
		return err
	}
	go func() {
		<-lost
		if err := s.Unlock(key); err != nil {
			log.Printf("release after loss: %v", err)
		}
	}()
	s.mu.Lock()
	s.locks[key] = l
	s.mu.Unlock()
	return nil
}

// Look-alike: the application's release also cancels the work's context.
func (s *storage) UnlockAndStop(key string) error {
	if err := s.Unlock(key); err != nil {
		return err
	}
	s.mu.Lock()
	s.cancel[key]()
	s.mu.Unlock()
	return nil
}

func (s *storage) LockStopping(key string) error {
	l, err := s.client.LockKey(key)
	if err != nil {
		return err
	}
	lost, err := l.Lock(nil)
	if err != nil {
		return err
	}
	go func() {
		<-lost
		_ = s.UnlockAndStop(key)
	}()
	s.mu.Lock()
	s.locks[key] = l
	s.mu.Unlock()
	return nil
}

// With LockTryOnce, Lock returns nil, nil when the key stays held past the
// wait time: checking only the error takes a failed attempt as held.
func (s *storage) TryLock(key string) error {
	l, err := s.client.LockOpts(&api.LockOptions{Key: key, LockWaitTime: time.Second, LockTryOnce: true})
	if err != nil {
		return err
	}
	lost, err := l.Lock(nil) // want `this Consul lock is taken with LockTryOnce set, so when another holder keeps the lock past the wait time the acquisition returns a nil lost channel and a nil error`
	if err != nil {
		return err
	}
	go func() {
		<-lost
		log.Printf("lock %s lost", key)
		cancelAll(s)
	}()
	s.mu.Lock()
	s.locks[key] = l
	s.mu.Unlock()
	return nil
}

func cancelAll(s *storage) {
	for _, c := range s.cancel {
		c()
	}
}

// Look-alike: the nil channel is taken as not acquired.
func (s *storage) TryLockChecked(key string) (bool, error) {
	l, err := s.client.LockOpts(&api.LockOptions{Key: key, LockTryOnce: true})
	if err != nil {
		return false, err
	}
	lost, err := l.Lock(nil)
	if err != nil || lost == nil {
		return false, err
	}
	go func() {
		<-lost
		cancelAll(s)
	}()
	s.mu.Lock()
	s.locks[key] = l
	s.mu.Unlock()
	return true, nil
}

// Look-alike: without LockTryOnce (and without a stop channel) Lock blocks
// until it holds the lock or fails with an error.
func (s *storage) LockBlocking(key string) error {
	l, err := s.client.LockOpts(&api.LockOptions{Key: key, LockTryOnce: false})
	if err != nil {
		return err
	}
	lost, err := l.Lock(nil)
	if err != nil {
		return err
	}
	go func() {
		<-lost
		cancelAll(s)
	}()
	s.mu.Lock()
	s.locks[key] = l
	s.mu.Unlock()
	return nil
}
