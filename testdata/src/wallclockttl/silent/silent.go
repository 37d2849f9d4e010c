// Package silent holds look-alikes FC4001 must not report: local
// timeouts and metrics, cache TTLs, stored timestamps, retention by age.
package silent

import (
	"context"
	"database/sql"
	"encoding/json"
	"log"
	"sync"
	"time"

	"github.com/go-redsync/redsync/v4"
	"github.com/redis/go-redis/v9"
	"go.etcd.io/etcd/client/v3/concurrency"
)

// timed measures the acquisition and bounds the work locally.
func timed(ctx context.Context, m *redsync.Mutex, db *sql.DB) error {
	start := time.Now()
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	log.Printf("lock wait took %s", time.Since(start))
	if time.Since(start) > 5*time.Second {
		log.Printf("slow lock acquisition")
	}
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	_, err := db.ExecContext(ctx, `UPDATE jobs SET state = 'x' WHERE id = 1`)
	return err
}

// budget is a local time budget guarding writes: not the lock's TTL.
func budget(ctx context.Context, m *redsync.Mutex, db *sql.DB, timeout time.Duration) error {
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	start := time.Now()
	for time.Since(start) < timeout {
		db.ExecContext(ctx, `DELETE FROM queue WHERE id = 1`)
	}
	return nil
}

// cache is a local cache with a TTL per entry.
type entry struct {
	value     string
	expiresAt time.Time
}

type cache struct {
	mu  sync.Mutex
	ttl time.Duration
	m   map[string]entry
}

func (c *cache) get(k string) (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.m[k]
	if !ok || time.Now().After(e.expiresAt) {
		return "", false
	}
	return e.value, true
}

func (c *cache) put(k, v string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.m[k] = entry{v, time.Now().Add(c.ttl)}
}

func (c *cache) expired(k string) bool { return time.Now().After(c.m[k].expiresAt) }

// cachedPage is a cache entry shared through Redis, without lease
// vocabulary.
type cachedPage struct {
	Body      string    `json:"body"`
	ExpiresAt time.Time `json:"expires_at"`
}

func refresh(ctx context.Context, rdb *redis.Client, key string) error {
	raw, err := rdb.Get(ctx, "page:"+key).Bytes()
	if err != nil {
		return err
	}
	var p cachedPage
	if err := json.Unmarshal(raw, &p); err != nil {
		return err
	}
	if time.Now().After(p.ExpiresAt) {
		return rdb.Del(ctx, "page:"+key).Err()
	}
	return nil
}

// heartbeat stores a timestamp; nothing compares it here.
func heartbeat(ctx context.Context, db *sql.DB, me string) error {
	_, err := db.ExecContext(ctx, `UPDATE locks SET renewed_at = $1 WHERE owner = $2`, time.Now(), me)
	return err
}

// sweep expires sessions by this host's clock: not a lease.
func sweep(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `DELETE FROM sessions WHERE expires_at < $1`, time.Now())
	return err
}

// purge deletes old rows under a lock: an age, not a lease deadline.
func purge(ctx context.Context, m *redsync.Mutex, db *sql.DB) error {
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	var created time.Time
	if err := db.QueryRowContext(ctx, `SELECT created_at FROM jobs WHERE id = 1`).Scan(&created); err != nil {
		return err
	}
	if time.Since(created) > 24*time.Hour {
		_, err := db.ExecContext(ctx, `DELETE FROM jobs WHERE id = 1`)
		return err
	}
	return nil
}

// checkThenAct is FC2001's (a library validity check), not FC4001's.
func checkThenAct(ctx context.Context, m *redsync.Mutex, db *sql.DB) {
	if err := m.LockContext(ctx); err != nil {
		return
	}
	defer m.UnlockContext(ctx)
	if time.Now().Before(m.Until()) {
		db.ExecContext(ctx, `DELETE FROM queue WHERE id = 2`)
	}
}

type lockRecord struct {
	Owner     string    `json:"owner"`
	ExpiresAt time.Time `json:"expires_at"`
}

// fenced: the write carries the fencing token, so the clock comparison
// only saves a round trip.
func fenced(ctx context.Context, m *concurrency.Mutex, db *sql.DB, rec *lockRecord) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision
	if time.Now().After(rec.ExpiresAt) {
		_, err := db.ExecContext(ctx, `UPDATE jobs SET owner = 'me' WHERE id = 1 AND fence_token <= $1`, tok)
		return err
	}
	return nil
}
