// Package silent holds random and identity values used where they belong:
// row ids, idempotency keys, owner checks in the lock's own store, jitter,
// sorting. FC3001 must report none of them.
package silent

import (
	"context"
	"database/sql"
	"math/rand"
	"net/http"
	"sort"
	"time"

	"example.com/ledgerpb"
	"github.com/bsm/redislock"
	"github.com/go-redsync/redsync/v4"
	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
	"go.etcd.io/etcd/client/v3/concurrency"
)

const releaseScript = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`

// UUIDs as row ids and idempotency keys next to the real fence.
func rowIDs(ctx context.Context, db *sql.DB, e *concurrency.Election, lc ledgerpb.LedgerClient) error {
	if err := e.Campaign(ctx, "me"); err != nil {
		return err
	}
	rev := e.Rev()
	id := uuid.New()
	_, err := db.ExecContext(ctx, `INSERT INTO events (id, request_id, term) VALUES ($1, $2, $3)`, id, uuid.NewString(), rev)
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, `UPDATE events SET body = 'x', term = $2 WHERE id = $1 AND term <= $2`, id.String(), rev)
	lc.Transfer(ctx, &ledgerpb.TransferRequest{IdempotencyKey: uuid.NewString(), FencingToken: rev})
	return err
}

// Identity where it belongs: the lock's own compare-and-delete, an owner
// check in the lease table, a custom redislock token.
func owners(ctx context.Context, rs *redsync.Redsync, rdb *redis.Client, db *sql.DB, c *redislock.Client) error {
	m := rs.NewMutex("orders")
	if err := m.Lock(); err != nil {
		return err
	}
	defer m.Unlock()
	rdb.Eval(ctx, releaseScript, []string{"orders"}, m.Value())
	db.ExecContext(ctx, `UPDATE leases SET expires_at = now() + interval '10 seconds' WHERE name = $1 AND owner = $2`, "orders", m.Value())
	db.ExecContext(ctx, `DELETE FROM locks WHERE name = $1 AND token = $2`, "orders", m.Value())
	lock, err := c.Obtain(ctx, "lock:report", time.Second, &redislock.Options{Token: uuid.NewString()})
	if err != nil {
		return err
	}
	return lock.Release(ctx)
}

// A lock struct keeping its owner token.
type ownerLock struct {
	key   string
	token string
}

func newOwnerLock(key string) *ownerLock { return &ownerLock{key: key, token: uuid.NewString()} }

func (l *ownerLock) acquire(ctx context.Context, rdb *redis.Client) (bool, error) {
	return rdb.SetNX(ctx, "lock:"+l.key, l.token, 10*time.Second).Result()
}

// Headers that are random by design.
func headers(ctx context.Context, c *http.Client, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://hooks.example/", nil)
	req.Header.Set("Idempotency-Key", uuid.NewString())
	req.Header.Set("X-Request-Id", uuid.NewString())
	req.Header.Set("X-Fencing-Token", "0") // not random
	_, err := c.Do(req)
	return err
}

// Jitter, sampling and sorting with random values.
func jitter(ctx context.Context, m *concurrency.Mutex) []string {
	if err := m.Lock(ctx); err != nil {
		return nil
	}
	defer m.Unlock(ctx)
	time.Sleep(time.Duration(rand.Intn(100)) * time.Millisecond)
	if rand.Float64() < 0.1 {
		return nil
	}
	var ids []string
	for i := 0; i < 3; i++ {
		ids = append(ids, uuid.NewString())
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	a, b := uuid.NewString(), uuid.NewString()
	if a < b {
		ids[0] = a
	}
	return ids
}
