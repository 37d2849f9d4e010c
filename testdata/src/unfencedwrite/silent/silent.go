// Package silent holds code that must never be reported by FC1001.
package silent

import (
	"context"
	"database/sql"
	"net/http"
	"strings"
	"sync"

	"github.com/redis/go-redis/v9"
	"go.etcd.io/etcd/client/v3/concurrency"
)

var mu sync.Mutex

// No distributed lock at all.
func noLock(ctx context.Context, db *sql.DB) {
	db.ExecContext(ctx, `UPDATE accounts SET state = 'x' WHERE id = 1`)
}

// A process-local mutex is not a distributed lock.
func localMutex(ctx context.Context, db *sql.DB) {
	mu.Lock()
	defer mu.Unlock()
	db.ExecContext(ctx, `UPDATE accounts SET state = 'x' WHERE id = 1`)
}

// Reads under a lock are not effects.
func reads(ctx context.Context, db *sql.DB, m *concurrency.Mutex) {
	if err := m.Lock(ctx); err != nil {
		return
	}
	defer m.Unlock(ctx)
	db.QueryContext(ctx, `SELECT state FROM accounts WHERE id = $1`, 1)
	db.QueryRowContext(ctx, `WITH x AS (SELECT 1) SELECT * FROM x`)
}

// SQL text that is not a constant is unknown, never guessed.
func dynamicSQL(ctx context.Context, db *sql.DB, m *concurrency.Mutex, q string) {
	if err := m.Lock(ctx); err != nil {
		return
	}
	defer m.Unlock(ctx)
	db.ExecContext(ctx, q)
}

// SET NX used for de-duplication, not locking: the key names no lock and
// is never released.
func dedup(ctx context.Context, rdb *redis.Client, db *sql.DB, id string) {
	ok, err := rdb.SetNX(ctx, "processed:"+id, 1, 0).Result()
	if err != nil || !ok {
		return
	}
	db.ExecContext(ctx, `INSERT INTO processed(id) VALUES ($1)`, id)
}

// An idempotent request under a lock.
func idempotent(ctx context.Context, c *http.Client, m *concurrency.Mutex, key string) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example/charge", strings.NewReader("{}"))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	_, err = c.Do(req)
	return err
}

// GET requests are reads.
func get(ctx context.Context, c *http.Client, m *concurrency.Mutex) {
	if err := m.Lock(ctx); err != nil {
		return
	}
	defer m.Unlock(ctx)
	req, _ := http.NewRequestWithContext(ctx, "GET", "https://x.example/", nil)
	c.Do(req)
}
