// Package silent holds writes that fencecheck must not report: no
// distributed lock, a process-local mutex, SET NX used for de-duplication, an
// idempotent HTTP request, and random IDs used as row identifiers.
package silent

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
	"go.etcd.io/etcd/client/v3/concurrency"
)

// ErrStale means a newer lock holder already claimed the job.
var ErrStale = errors.New("silent: stale fencing token")

// Counter keeps a per-process cache of page views behind a sync.Mutex.
type Counter struct {
	mu    sync.Mutex
	views map[string]int64
	db    *sql.DB
}

// ArchiveOrders writes with no lock at all.
func ArchiveOrders(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `UPDATE orders SET archived = true WHERE created_at < now() - interval '1 year'`)
	return err
}

// Flush writes under a process-local mutex, which is not a distributed lock.
func (c *Counter) Flush(ctx context.Context, page string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, err := c.db.ExecContext(ctx, `UPDATE pages SET views = views + $1 WHERE path = $2`, c.views[page], page)
	delete(c.views, page)
	return err
}

// HandleEvent uses SET NX to process each event once; the key is never released.
func HandleEvent(ctx context.Context, rdb *redis.Client, db *sql.DB, eventID string) error {
	first, err := rdb.SetNX(ctx, "processed:"+eventID, 1, 24*time.Hour).Result()
	if err != nil || !first {
		return err
	}
	_, err = db.ExecContext(ctx, `INSERT INTO events_processed (event_id) VALUES ($1)`, eventID)
	return err
}

// Charge POSTs with an Idempotency-Key under a lock: replays are harmless.
func Charge(ctx context.Context, c *http.Client, m *concurrency.Mutex, invoiceID string) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://payments.example/v1/charges", strings.NewReader(`{"invoice":"`+invoiceID+`"}`))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", "charge-"+invoiceID)
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// CreateOrder uses a UUID as the new row's primary key; no lock is involved.
func CreateOrder(ctx context.Context, db *sql.DB, customer string) (string, error) {
	id := uuid.NewString()
	_, err := db.ExecContext(ctx, `INSERT INTO orders (id, customer) VALUES ($1, $2)`, id, customer)
	return id, err
}

// ClaimJob records a UUID run id under a lock, fenced by the lock revision.
func ClaimJob(ctx context.Context, db *sql.DB, m *concurrency.Mutex, job string) (string, error) {
	if err := m.Lock(ctx); err != nil {
		return "", err
	}
	defer m.Unlock(ctx)
	runID := uuid.New().String()
	res, err := db.ExecContext(ctx, `
		INSERT INTO job_owner AS o (job, run_id, fence_token) VALUES ($1, $2, $3)
		ON CONFLICT (job) DO UPDATE SET run_id = EXCLUDED.run_id, fence_token = EXCLUDED.fence_token
		WHERE o.fence_token <= EXCLUDED.fence_token`, job, runID, m.Header().Revision)
	if err != nil {
		return "", err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return "", ErrStale
	}
	return runID, nil
}
