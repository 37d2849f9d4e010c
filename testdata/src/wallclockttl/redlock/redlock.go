// Package redlock exercises FC4001 on Redlock-style validity: the lock's
// remaining time computed on this host and used as proof of authority.
package redlock

import (
	"context"
	"database/sql"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bsm/redislock"
	"github.com/go-redsync/redsync/v4"
	"github.com/hashicorp/consul/api"
	"github.com/redis/go-redis/v9"
)

const lockTTL = 10 * time.Second

// redlockValidity is the textbook ttl - elapsed - drift.
func redlockValidity(ctx context.Context, rs *redsync.Redsync, db *sql.DB) error {
	m := rs.NewMutex("jobs", redsync.WithExpiry(lockTTL))
	start := time.Now()
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	drift := lockTTL/100 + 2*time.Millisecond
	validity := lockTTL - time.Since(start) - drift
	if validity <= 0 { // want `validity <= 0. uses the lock's remaining validity, computed from the lock TTL \(lockTTL, the TTL passed to redsync.WithExpiry\) and this host's clock \(time.Since\), as proof of authority, and its result decides whether UPDATE jobs \(database/sql DB.ExecContext\) runs`
		return errors.New("lock expired before it was useful")
	}
	_, err := db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = 1`)
	return err
}

type worker struct {
	locker   *redislock.Client
	ttl      time.Duration
	acquired time.Time
	db       *sql.DB
}

func (w *worker) obtain(ctx context.Context) (*redislock.Lock, error) {
	l, err := w.locker.Obtain(ctx, "lock:worker", w.ttl, nil)
	if err == nil {
		w.acquired = time.Now()
	}
	return l, err
}

// stillHeld is the remaining validity handed out as a verdict.
func (w *worker) stillHeld() bool {
	return time.Since(w.acquired) < w.ttl // want `uses the lock's remaining validity, computed from the lock TTL \(ttl, the TTL passed to redislock.Client.Obtain\) .* and stillHeld returns the result as its verdict`
}

// deadlineMillis does the same with wall-clock integers.
func (w *worker) deadlineMillis(ctx context.Context, lk *redislock.Lock) error {
	deadline := time.Now().Add(w.ttl).UnixMilli()
	for time.Now().UnixMilli() < deadline { // want `remaining validity.* Unix\(\) integers`
		if _, err := w.db.ExecContext(ctx, `DELETE FROM queue WHERE id = (SELECT min(id) FROM queue)`); err != nil {
			return err
		}
	}
	return lk.Release(ctx)
}

// consulDeadline derives the deadline from the session TTL string.
func consulDeadline(ctx context.Context, c *api.Client, db *sql.DB, entry *api.SessionEntry, created time.Time) error {
	ttl, err := time.ParseDuration(entry.TTL)
	if err != nil {
		return err
	}
	if time.Since(created) >= ttl { // want `the Consul session TTL`
		return errors.New("session probably expired")
	}
	return work(ctx, db)
}

// work performs the write a caller decides about.
func work(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `UPDATE reports SET done = true WHERE id = 7`)
	return err
}

// leaseTimer keeps its lease deadline in memory; the duration is passed
// to a lock API, so it is the lock's TTL.
type leaseTimer struct {
	locker        *redislock.Client
	leaseDuration time.Duration
	renewedAt     time.Time
}

func (t *leaseTimer) obtain(ctx context.Context) (*redislock.Lock, error) {
	l, err := t.locker.Obtain(ctx, "lock:timer", t.leaseDuration, nil)
	if err == nil {
		t.renewedAt = time.Now()
	}
	return l, err
}

func (t *leaseTimer) valid() bool {
	return time.Now().Before(t.renewedAt.Add(t.leaseDuration)) // want `the lock TTL \(leaseDuration, the TTL passed to redislock.Client.Obtain\)`
}

// namedOnly has a duration named like a lease and nothing else: no lock
// API, no lock store, so its name is no evidence of a lease (a credential
// or a cache entry is "leased" too).
type namedOnly struct {
	leaseDuration time.Duration
	renewedAt     time.Time
}

func (t *namedOnly) valid() bool {
	return time.Now().Before(t.renewedAt.Add(t.leaseDuration))
}

// Silent: renewal scheduling and local budgets.

func keepAlive(ctx context.Context, m *redsync.Mutex, lastRenew time.Time) {
	if time.Since(lastRenew) > lockTTL/2 { // decides when to extend, not whether to write
		m.ExtendContext(ctx)
	}
}

// contender takes over after a full lease observed on its own monotonic
// clock: how a contender must decide (client-go does the same), not a
// holder's proof of authority.
func contender(ctx context.Context, rdb *redis.Client, observedAt time.Time, me string) error {
	if time.Since(observedAt) < lockTTL {
		return errors.New("held")
	}
	return rdb.Set(ctx, "lock:jobs", me, lockTTL).Err()
}

func waitFor(ctx context.Context, rs *redsync.Redsync) context.Context {
	ctx, _ = context.WithTimeout(ctx, lockTTL) // a local timeout
	return ctx
}

var errLockLost = errors.New("lock lost")

// checkValidity hands its verdict back as an error, with the lock held.
func checkValidity(ctx context.Context, rs *redsync.Redsync) error {
	m := rs.NewMutex("jobs", redsync.WithExpiry(lockTTL))
	start := time.Now()
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	validity := lockTTL - time.Since(start)
	if validity <= 0 { // want `validity <= 0. uses the lock's remaining validity.* and its result decides whether checkValidity returns an error while the lock is held`
		return errLockLost
	}
	return nil
}

// remaining hands the remaining validity itself to its callers.
func (w *worker) remaining() time.Duration {
	return w.ttl - time.Since(w.acquired) - 2*time.Millisecond // want `w.ttl - time.Since\(w.acquired\) - 2 \* time.Millisecond. uses the lock.s remaining validity.* and remaining returns it to its callers as the lock's remaining validity`
}

// Silent: a retry loop's budget before the lock is held returns an error
// too.
func acquireWithin(ctx context.Context, rs *redsync.Redsync) (*redsync.Mutex, error) {
	m := rs.NewMutex("jobs", redsync.WithExpiry(lockTTL))
	start := time.Now()
	for {
		if err := m.TryLockContext(ctx); err == nil {
			return m, nil
		}
		if time.Since(start) > lockTTL {
			return nil, errLockLost
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Silent: when to renew is a fraction of the TTL.
func (w *worker) nextRenewal() time.Duration {
	return w.ttl/2 - time.Since(w.acquired)
}

// untilStamp keeps its deadline in an atomic as Unix nanoseconds: the
// round trip loses the monotonic reading.
type untilStamp struct {
	mu    *redsync.Mutex
	until atomic.Int64
}

func (u *untilStamp) lock(ctx context.Context) error {
	if err := u.mu.LockContext(ctx); err != nil {
		return err
	}
	u.until.Store(time.Now().Add(lockTTL).UnixNano())
	return nil
}

func (u *untilStamp) held() bool {
	return time.Now().UnixNano() < u.until.Load() // want `remaining validity.*Unix\(\) integers`
}

// tracker remembers when each redsync lock was taken, in a map guarded by
// a mutex: a shadow of the distributed lock, not an in-process lock.
type tracker struct {
	mu       sync.Mutex
	acquired map[string]time.Time
}

func (t *tracker) lock(ctx context.Context, rs *redsync.Redsync, name string) error {
	m := rs.NewMutex(name, redsync.WithExpiry(lockTTL))
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	t.mu.Lock()
	t.acquired[name] = time.Now()
	t.mu.Unlock()
	return nil
}

func (t *tracker) held(name string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return time.Since(t.acquired[name]) < lockTTL // want `remaining validity, computed from the lock TTL \(lockTTL, the TTL passed to redsync.WithExpiry\)`
}
