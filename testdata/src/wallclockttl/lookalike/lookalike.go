// Package lookalike holds code FC4001 must not report although it compares
// expiries with the clock: token and credential caches, an in-process lock
// table, heap orderings, enums of a record read from storage.
package lookalike

import (
	"container/heap"
	"context"
	"encoding/json"
	"errors"
	"sync"
	"time"

	"github.com/go-redsync/redsync/v4"
	"github.com/redis/go-redis/v9"
)

// A bearer-token cache guarded by an embedded sync.RWMutex: the mutex's
// field name ("RWMutex") is no lease vocabulary, and the token's expiry is
// a credential's, not a lock's.
type token struct {
	Token     string `json:"token"`
	ExpiresIn int    `json:"expires_in"`
	IssuedAt  string `json:"issued_at"`
}

type tokenCache struct {
	sync.RWMutex
	latency int
	cache   map[string]*token
}

func (c *tokenCache) expired(t *token) (bool, time.Time) {
	issuedAt, err := time.Parse(time.RFC3339, t.IssuedAt)
	if err != nil {
		return true, time.Time{}
	}
	expireAt := issuedAt.Add(time.Duration(t.ExpiresIn-c.latency) * time.Second)
	return expireAt.Before(time.Now()), expireAt
}

func (c *tokenCache) get(key string) *token {
	c.RLock()
	defer c.RUnlock()
	t := c.cache[key]
	if t == nil {
		return nil
	}
	if expired, _ := c.expired(t); expired {
		return nil
	}
	return t
}

// A credential renewal loop: the "lease" is a Vault token's, returned by a
// login, and nothing here locks anything.
type auther interface {
	Login() (time.Duration, error)
	Renew() (time.Duration, error)
}

type reAuther struct {
	auther auther
	maxTTL time.Duration
}

func (ra *reAuther) renewable(leaseEnd, tokenEOL time.Time) bool {
	now := time.Now()
	if ra.maxTTL != 0 && now.After(tokenEOL) {
		return false
	}
	if now.After(leaseEnd) {
		return false
	}
	return true
}

func (ra *reAuther) loop() {
	lease, err := ra.auther.Login()
	if err != nil {
		return
	}
	now := time.Now()
	tokenEOL := now.Add(ra.maxTTL)
	leaseEnd := now.Add(lease)
	for ra.renewable(leaseEnd, tokenEOL) {
		lease, err = ra.auther.Renew()
		if err != nil {
			return
		}
		leaseEnd = time.Now().Add(lease)
	}
}

// An in-process lock table: the development stand-in for a Redis lock.
// The same configured expiry is passed to redsync by the Redis
// implementation, so the duration is a lock TTL; but this table's
// deadlines are written and compared by this process under its own mutex.
type config struct {
	Expiry time.Duration
}

func newRedisMutex(rs *redsync.Redsync, cfg config, key string) *redsync.Mutex {
	return rs.NewMutex(key, redsync.WithExpiry(cfg.Expiry))
}

type inMemEntry struct {
	token      string
	validUntil time.Time
}

type inMemory struct {
	config config
	mutex  sync.Mutex
	keys   map[string]inMemEntry
}

func (m *inMemory) acquire(key, tok string) bool {
	ttl := m.config.Expiry
	m.mutex.Lock()
	defer m.mutex.Unlock()
	now := time.Now()
	entry, ok := m.keys[key]
	if ok && entry.validUntil.After(now) {
		return false
	}
	m.keys[key] = inMemEntry{tok, now.Add(ttl)}
	return true
}

func (m *inMemory) held(key string) bool {
	m.mutex.Lock()
	defer m.mutex.Unlock()
	return m.keys[key].validUntil.After(time.Now())
}

// A timeout heap orders lease expiries: no clock reading is compared.
type lease struct {
	Owner   string
	Expires time.Time
}

type leaseHeap []*lease

func (h leaseHeap) Len() int           { return len(h) }
func (h leaseHeap) Less(i, j int) bool { return h[i].Expires.Before(h[j].Expires) }
func (h leaseHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *leaseHeap) Push(x any)        { *h = append(*h, x.(*lease)) }
func (h *leaseHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

func schedule(h *leaseHeap, owner string) {
	heap.Push(h, &lease{Owner: owner, Expires: time.Now().Add(ringLockTTL)})
}

// A ring member read from the store: its state is an enum, compared with a
// constant, next to a heartbeat timestamp.
type memberState int32

const (
	pending memberState = iota
	joining
	active
)

var errJoining = errors.New("member found joining")

type memberDesc struct {
	Addr      string      `json:"addr"`
	Timestamp int64       `json:"timestamp"`
	State     memberState `json:"state"`
}

const ringLockTTL = 10 * time.Second

func ringMutex(rs *redsync.Redsync) *redsync.Mutex {
	return rs.NewMutex("ring", redsync.WithExpiry(ringLockTTL))
}

// fetch returns the stored record and until when this member may keep it:
// one summary for both results, so the record carries a clock reading and
// the lock TTL too.
func fetch(ctx context.Context, rdb *redis.Client, id string) (memberDesc, int64, error) {
	var desc memberDesc
	raw, err := rdb.Get(ctx, "ring:"+id).Bytes()
	if err != nil {
		return desc, 0, err
	}
	err = json.Unmarshal(raw, &desc)
	return desc, time.Now().Add(ringLockTTL).Unix(), err
}

func rejoin(ctx context.Context, rdb *redis.Client, m *redsync.Mutex, id string) error {
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	desc, until, err := fetch(ctx, rdb, id)
	if err != nil {
		return err
	}
	desc.Timestamp = until
	if desc.State == joining {
		return errJoining
	}
	out, _ := json.Marshal(desc)
	return rdb.Set(ctx, "ring:"+id, out, 0).Err()
}

// A certificate's renewal window, chosen by the CA, checked under the
// lock that serialises renewals: "renewal" names no lock or lease, so the
// window's time belongs to none.
type RenewalInfo struct {
	ValidUntil time.Time `json:"validUntil"`
}

func certNeedsRenewal(ri RenewalInfo, checkInterval time.Duration) bool {
	cutoff := ri.ValidUntil.Add(-checkInterval)
	return time.Now().After(cutoff)
}

func renewUnderLock(ctx context.Context, m *redsync.Mutex, ri RenewalInfo) (bool, error) {
	if err := m.LockContext(ctx); err != nil {
		return false, err
	}
	defer m.UnlockContext(ctx)
	return certNeedsRenewal(ri, time.Hour), nil
}
