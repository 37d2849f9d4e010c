// Package poolboot is modelled on a service's schema package: Bootstrap
// takes a session advisory lock on a pool and returns with it held,
// ReleaseAdvisoryLock gives it up on the same pool, and the schema steps
// create only what is absent.
package poolboot

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func acquire(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, "SELECT pg_advisory_lock(hashtext('svc'))")
	return err
}

// Bootstrap locks and creates the schema; the lock stays held.
func Bootstrap(ctx context.Context, pool *pgxpool.Pool) error {
	if err := acquire(ctx, pool); err != nil {
		return err
	}
	return EnsureSchema(ctx, pool)
}

// ReleaseAdvisoryLock releases the lock Bootstrap took.
func ReleaseAdvisoryLock(ctx context.Context, pool *pgxpool.Pool) {
	_, _ = pool.Exec(ctx, "SELECT pg_advisory_unlock(hashtext('svc'))")
}

// EnsureSchema creates the tables and columns that are absent.
func EnsureSchema(ctx context.Context, pool *pgxpool.Pool) error {
	if _, err := pool.Exec(ctx, `CREATE TABLE IF NOT EXISTS svc.config (key TEXT PRIMARY KEY, value TEXT)`); err != nil {
		return err
	}
	_, err := pool.Exec(ctx, `ALTER TABLE svc.config ADD COLUMN IF NOT EXISTS price NUMERIC(10,2) DEFAULT 0, ADD IF NOT EXISTS note TEXT`)
	return err
}

// Reset replaces a table: not idempotent for a successor that wrote to it.
func Reset(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `DROP TABLE IF EXISTS svc.cache; CREATE TABLE IF NOT EXISTS svc.cache (k TEXT)`)
	return err
}

// SetConfig writes a configuration entry.
func SetConfig(ctx context.Context, pool *pgxpool.Pool, key, value string) error {
	_, err := pool.Exec(ctx, `UPDATE svc.config SET value = $2 WHERE key = $1`, key, value)
	return err
}
