package wallclock

import (
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/clocklabel"
)

// TestStoredTimestamps: a lease's expiry or renewal time written by
// another host (decoded from a lock file that names its host, read into a
// lease document)
// compared with this host's clock, deciding a verdict or a takeover, is
// reported; expiries that belong to no lock (a session's, a credential's)
// and orderings of two stored values are not.
func TestStoredTimestamps(t *testing.T) {
	expect(t, `package p

import (
	"context"
	"encoding/json"
	"os"
	"time"
)

type lockContents struct {
	PID     int
	Host    string
	Expires time.Time
}

func lockFileExpired(path string) bool {
	data, err := os.ReadFile(path)
	if err != nil {
		return true
	}
	var c lockContents
	if json.Unmarshal(data, &c) != nil {
		return true
	}
	return c.Expires.Before(time.Now()) // want: c.Expires.Before(time.Now())
}

type localLock struct {
	PID     int
	Expires time.Time
}

func localLockExpired(path string) bool {
	data, err := os.ReadFile(path)
	if err != nil {
		return true
	}
	var c localLock
	if json.Unmarshal(data, &c) != nil {
		return true
	}
	return c.Expires.Before(time.Now()) // one machine's lock file: its clock on both sides
}

type leaseDoc struct {
	Holder    string    `+"`json:\"holder\"`"+`
	RenewedAt time.Time `+"`json:\"renewed_at\"`"+`
}

type docStore interface {
	Get(ctx context.Context, key string, into any) error
	Put(ctx context.Context, key string, v any) error
}

func takeOver(ctx context.Context, s docStore, me string, ttl time.Duration) (bool, error) {
	var d leaseDoc
	if err := s.Get(ctx, "jobs/lease", &d); err != nil {
		return false, err
	}
	if time.Since(d.RenewedAt) < ttl { // want: time.Since(d.RenewedAt) < ttl
		return false, nil
	}
	d.Holder, d.RenewedAt = me, time.Now()
	return true, s.Put(ctx, "jobs/lease", &d)
}

type session struct {
	CreatedAt time.Time `+"`json:\"created_at\"`"+`
	ExpiresOn time.Time `+"`json:\"expires_on\"`"+`
	Email     string    `+"`json:\"email\"`"+`
}

func loadSession(data []byte) (bool, error) {
	var s session
	if err := json.Unmarshal(data, &s); err != nil {
		return false, err
	}
	return s.ExpiresOn.Before(time.Now()), nil
}

type token struct {
	Value     string
	ExpiresAt time.Time
}

func refresh(t *token) bool {
	return time.Now().After(t.ExpiresAt)
}

func older(a, b *leaseDoc) bool {
	return a.RenewedAt.Before(b.RenewedAt)
}
`)
}

// TestInProcessTable: the deadlines of an in-process lock table, kept in
// a map next to the mutex that guards it, are written and read by this
// process alone: silent.
func TestInProcessTable(t *testing.T) {
	expect(t, `package p

import (
	"sync"
	"time"
)

type locks struct {
	mu    sync.Mutex
	until map[string]time.Time
}

func (l *locks) tryLock(key string, ttl time.Duration) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if d, ok := l.until[key]; ok && time.Now().Before(d) {
		return false
	}
	l.until[key] = time.Now().Add(ttl)
	return true
}
`)
}

// TestStripped: a holder's deadline kept as Unix seconds of this host's
// clock lost its monotonic reading, so comparing it with a fresh reading
// is wall-clock arithmetic: reported where the work under a lock asks it;
// the same shape for a cookie, with no lock in sight, is silent.
func TestStripped(t *testing.T) {
	expect(t, `package p

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/go-redsync/redsync/v4"
)

type holder struct{ expiresUnix int64 }

func (h *holder) renewed(d time.Duration) { h.expiresUnix = time.Now().Add(d).Unix() }

func (h *holder) valid() bool {
	return time.Now().Unix() < h.expiresUnix // want: decides lease validity with wall-clock values of this host
}

func work(ctx context.Context, m *redsync.Mutex, db *sql.DB, h *holder) error {
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	h.renewed(time.Minute)
	if !h.valid() {
		return errors.New("lease lost")
	}
	_, err := db.ExecContext(ctx, "UPDATE reports SET done = true WHERE id = 1")
	return err
}

type cookie struct{ expiresUnix int64 }

func (c *cookie) set(d time.Duration) { c.expiresUnix = time.Now().Add(d).Unix() }
func (c *cookie) valid() bool         { return time.Now().Unix() < c.expiresUnix }
`, "github.com/go-redsync", "github.com/redis")
}

// TestStrippedPair: the labels of two operands make a stripped pair when
// both are readings of this host's clock and one lost its monotonic
// reading, or when an elapsed time is measured on the wall clock; never
// with a timestamp of another host.
func TestStrippedPair(t *testing.T) {
	l := func(f clocklabel.Flags) clocklabel.Label { return clocklabel.Label{Bits: f} }
	local, wall, elapsed, foreign := clocklabel.LocalClock, clocklabel.WallOnly, clocklabel.ElapsedTime, clocklabel.ForeignTime
	for _, tc := range []struct {
		name string
		a, b clocklabel.Label
		want bool
	}{
		{"fresh against wall-only", l(local), l(local | wall), true},
		{"two fresh readings", l(local), l(local), false},
		{"wall-clock elapsed", l(local | elapsed | wall), l(0), true},
		{"monotonic elapsed against a wall-only reading", l(local | elapsed), l(local | wall), false},
		{"another host's timestamp", l(local | wall), l(local | foreign), false},
	} {
		if got := strippedPair(tc.a, tc.b); got != tc.want {
			t.Errorf("%s: strippedPair = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestValidity: Redlock's remaining validity (the lock TTL given to the
// library, less the time elapsed on this host) deciding whether a write
// runs is reported; the same arithmetic on a TTL that no lock was given
// (a retry budget) is silent, and so is a validity computed but deciding
// nothing.
func TestValidity(t *testing.T) {
	expect(t, `package p

import (
	"context"
	"database/sql"
	"errors"
	"log"
	"time"

	"github.com/go-redsync/redsync/v4"
)

const lockTTL = 10 * time.Second

func validity(ctx context.Context, rs *redsync.Redsync, db *sql.DB) error {
	m := rs.NewMutex("jobs", redsync.WithExpiry(lockTTL))
	start := time.Now()
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	left := lockTTL - time.Since(start)
	if left <= 0 { // want: uses the lock's remaining validity, computed from the lock TTL (lockTTL, the TTL passed to redsync.WithExpiry)
		return errors.New("lock expired before it was useful")
	}
	_, err := db.ExecContext(ctx, "UPDATE jobs SET state = 'done' WHERE id = 1")
	return err
}

func budget(ctx context.Context, db *sql.DB, limit time.Duration) error {
	start := time.Now()
	if time.Since(start) > limit {
		return errors.New("too slow")
	}
	_, err := db.ExecContext(ctx, "UPDATE jobs SET state = 'done' WHERE id = 1")
	return err
}

func logged(ctx context.Context, rs *redsync.Redsync) error {
	m := rs.NewMutex("jobs", redsync.WithExpiry(lockTTL))
	start := time.Now()
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	if lockTTL-time.Since(start) <= 0 {
		log.Println("slow acquisition")
	}
	return nil
}
`, "github.com/go-redsync", "github.com/redis")
}
