// Package stripped exercises FC4001 on deadlines that lost Go's monotonic
// reading, stored instants named like durations, and TTLs of hand-rolled
// SET NX locks.
package stripped

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"github.com/go-redsync/redsync/v4"
	"github.com/redis/go-redis/v9"
)

var errLost = errors.New("lease lost")

// holder keeps its deadline as Unix seconds: a step of the wall clock
// moves it.
type holder struct {
	expiresUnix int64
}

func (h *holder) renewed(d time.Duration) { h.expiresUnix = time.Now().Add(d).Unix() }

func (h *holder) valid() bool {
	return time.Now().Unix() < h.expiresUnix // want `time.Now\(\).Unix\(\) < h.expiresUnix. decides lease validity with wall-clock values of this host`
}

// acquiredAt was rounded: Round(0) strips the monotonic reading, so
// time.Since measures wall-clock time.
type session struct {
	acquiredAt time.Time
	limit      time.Duration
}

func (s *session) fresh() bool {
	return time.Since(s.acquiredAt) < s.limit // want `decides lease validity with wall-clock values`
}

func work(ctx context.Context, m *redsync.Mutex, db *sql.DB, h *holder, s *session) error {
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	s.acquiredAt = time.Now().Round(0)
	h.renewed(s.limit)
	if !h.valid() || !s.fresh() {
		return errLost
	}
	_, err := db.ExecContext(ctx, `UPDATE reports SET done = true WHERE id = 1`)
	return err
}

// Silent: the same wall-clock deadline with no lock in sight.
type cookie struct {
	expiresUnix int64
}

func (c *cookie) set(d time.Duration) { c.expiresUnix = time.Now().Add(d).Unix() }
func (c *cookie) valid() bool         { return time.Now().Unix() < c.expiresUnix }

// lockRecord stores its deadline as "timeout": an instant, because it is
// assigned one.
type lockRecord struct {
	Owner   string `json:"owner"`
	Timeout int64  `json:"timeout"`
}

var errHeld = errors.New("held")

func takeOver(ctx context.Context, rdb *redis.Client, me string) error {
	raw, err := rdb.Get(ctx, "lock:jobs").Bytes()
	if err != nil {
		return err
	}
	var rec lockRecord
	if err := json.Unmarshal(raw, &rec); err != nil {
		return err
	}
	if time.Now().Unix() < rec.Timeout { // want `decides lease expiry by comparing a value decoded from JSON into rec with this host.s clock`
		return errHeld
	}
	rec.Owner, rec.Timeout = me, time.Now().Add(30*time.Second).Unix()
	out, _ := json.Marshal(rec)
	return rdb.Set(ctx, "lock:jobs", out, 0).Err()
}

// setnxLock is a hand-rolled SET NX lock whose key is a field: the TTL
// passed to the acquisition the engine recognises is the lock's TTL, set
// by an option.
type setnxLock struct {
	rdb      *redis.Client
	key      string
	ttl      time.Duration
	acquired time.Time
}

type option func(*setnxLock)

func withTTL(d time.Duration) option { return func(l *setnxLock) { l.ttl = d } }

func newLock(rdb *redis.Client, key string, opts ...option) *setnxLock {
	l := &setnxLock{rdb: rdb, key: key, ttl: 10 * time.Second}
	for _, o := range opts {
		o(l)
	}
	return l
}

func (l *setnxLock) run(ctx context.Context, db *sql.DB) error {
	ok, err := l.rdb.SetNX(ctx, l.key, "me", l.ttl).Result()
	if err != nil || !ok {
		return errHeld
	}
	defer l.rdb.Del(ctx, l.key)
	l.acquired = time.Now()
	for time.Since(l.acquired) < l.ttl { // want `remaining validity, computed from the lock TTL \(ttl, the TTL passed to go-redis.SetNX\)`
		if _, err := db.ExecContext(ctx, `DELETE FROM queue WHERE id = (SELECT min(id) FROM queue)`); err != nil {
			return err
		}
	}
	return nil
}
