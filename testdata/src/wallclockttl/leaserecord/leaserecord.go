// Package leaserecord keeps leases as records of its own (a lock file's
// contents, a document in a store behind an interface) and judges them by
// the local clock; beside them, expiries that belong to no lock.
package leaserecord

import (
	"context"
	"encoding/json"
	"os"
	"sync"
	"time"
)

// A lock file's contents: who holds it, on which machine, and until when.
type lockContents struct {
	PID     int
	Host    string
	Expires time.Time
}

// Reported: the expiry was written by another machine's clock (the
// record names the machine: the lock directory is shared).
func lockFileExpired(path string) bool {
	data, err := os.ReadFile(path)
	if err != nil {
		return true
	}
	var c lockContents
	if json.Unmarshal(data, &c) != nil {
		return true
	}
	return c.Expires.Before(time.Now()) // want `c.Expires.Before\(time.Now\(\)\)`
}

// A lease document in a store the program reaches through its own
// interface: no lock library is imported.
type leaseDoc struct {
	Holder      string    `json:"holder"`
	RenewedAt   time.Time `json:"renewed_at"`
	Description string    `json:"description"`
}

type docStore interface {
	Get(ctx context.Context, key string, into any) error
	Put(ctx context.Context, key string, v any) error
}

// Reported: the stale branch takes the lease over on the local clock.
func takeOver(ctx context.Context, s docStore, me string, ttl time.Duration) (bool, error) {
	var d leaseDoc
	if err := s.Get(ctx, "jobs/lease", &d); err != nil {
		return false, err
	}
	if time.Since(d.RenewedAt) < ttl { // want `time.Since\(d.RenewedAt\) < ttl`
		return false, nil
	}
	d.Holder, d.RenewedAt = me, time.Now()
	return true, s.Put(ctx, "jobs/lease", &d)
}

// Silent: a session's expiry belongs to no lock, although the session
// carries a lock of its own (for refreshing it) and a lease id.
type refreshLock interface {
	Obtain(ctx context.Context, ttl time.Duration) error
	Release(ctx context.Context) error
}

type session struct {
	CreatedAt time.Time `json:"created_at"`
	ExpiresOn time.Time `json:"expires_on"`
	Email     string    `json:"email"`
	LeaseID   string    `json:"lease_id"`
	Lock      refreshLock
	mu        sync.Mutex
}

func (s *session) expired() bool {
	return s.ExpiresOn.Before(time.Now())
}

func loadSession(data []byte) (bool, error) {
	var s session
	if err := json.Unmarshal(data, &s); err != nil {
		return false, err
	}
	return s.expired(), nil
}

// Silent: a certificate's renewal window is no lease.
type certificate struct {
	Subject   string    `json:"subject"`
	NotAfter  time.Time `json:"not_after"`
	RenewFrom time.Time `json:"renew_from"`
}

func needsRenewal(data []byte) bool {
	var c certificate
	if json.Unmarshal(data, &c) != nil {
		return false
	}
	return time.Now().After(c.RenewFrom)
}

// Silent: a janitor's resource TTL, first seen by this process.
type sweeper struct {
	firstSeen map[string]time.Time
	ttl       time.Duration
}

func (s *sweeper) due(key string, created *time.Time) bool {
	now := time.Now()
	first := now
	if created != nil && created.Before(now) {
		first = *created
	}
	s.firstSeen[key] = first
	return now.Sub(first) > s.ttl
}

// Suppressed.
func lockFileExpiredSuppressed(path string) bool {
	data, _ := os.ReadFile(path)
	var c lockContents
	_ = json.Unmarshal(data, &c)
	//lint:ignore FC4001 the lock file never leaves this host and the clock is monotonic enough here
	return c.Expires.Before(time.Now())
}

// A lock kept as an annotation of an object, by a type of the program's
// own: its deadline is a local parsed from the object's annotation, not a
// field of a lease record, but the method belongs to a type named as a
// lock.
type object struct {
	Annotations map[string]string
}

type objectClient interface {
	Get(name string) (*object, error)
}

type annotationLock struct {
	cli objectClient
}

const untilAnnotation = "example.com/until"

// Reported: the deadline was written with another host's clock.
func (l *annotationLock) expired(name string) (bool, error) {
	r, err := l.cli.Get(name)
	if err != nil {
		return false, err
	}
	until, err := time.Parse(time.RFC3339, r.Annotations[untilAnnotation])
	if err != nil {
		return false, err
	}
	return time.Now().After(until), nil // want `time.Now\(\).After\(until\)`
}

// The same code in a type that is no lock: a cached token's expiry.
type tokenCache struct {
	cli objectClient
}

func (c *tokenCache) expired(name string) (bool, error) {
	r, err := c.cli.Get(name)
	if err != nil {
		return false, err
	}
	until, err := time.Parse(time.RFC3339, r.Annotations[untilAnnotation])
	if err != nil {
		return false, err
	}
	return time.Now().After(until), nil
}
