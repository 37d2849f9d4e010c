package wallclock

import "testing"

// TestSQLClocks: SQL that compares a lease column with this host's clock
// (a claim by time.Now()), or stores an expiry of this host's clock that
// the database then compares with its own, mixes two clocks; a renewal of
// the holder's own row, the database's clock on both sides, a cache row, a
// duration and a read for display do not decide a lease.
func TestSQLClocks(t *testing.T) {
	expect(t, `package p

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

var errLocked = errors.New("locked")

func claimOnly(ctx context.Context, db *sql.DB) (int64, error) {
	var id int64
	err := db.QueryRowContext(ctx, "SELECT id FROM jobs WHERE lease_until < $1 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED", time.Now()).Scan(&id) // want: claims a lease by comparing lease_until with time.Now()
	return id, err
}

func uniqueJob(ctx context.Context, db *sql.DB, name string, lockFor time.Duration) error {
	expiration := time.Now().UTC().Add(lockFor)
	res, err := db.ExecContext(ctx, "INSERT INTO locks (name, expires_at) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET expires_at = EXCLUDED.expires_at WHERE locks.expires_at <= NOW()", name, expiration) // want: which the database compares with its own clock
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errLocked
	}
	return nil
}

func heartbeat(ctx context.Context, db *sql.DB, name, me string, ttl time.Duration) error {
	_, err := db.ExecContext(ctx, "UPDATE leases SET expires_at = $1 WHERE name = $2 AND holder = $3", time.Now().Add(ttl), name, me)
	return err
}

func dbClock(ctx context.Context, db *sql.DB, name, me string, ttl time.Duration) error {
	_, err := db.ExecContext(ctx, "UPDATE locks SET owner = $1, expires_at = now() + $2 * interval '1 millisecond' WHERE name = $3 AND expires_at < now()", me, ttl.Milliseconds(), name)
	return err
}

func cachePut(ctx context.Context, db *sql.DB, k, v string, ttl time.Duration) error {
	_, err := db.ExecContext(ctx, "INSERT INTO cache (k, v, expires_at) VALUES ($1, $2, $3) ON CONFLICT (k) DO UPDATE SET v = EXCLUDED.v, expires_at = EXCLUDED.expires_at WHERE cache.expires_at < now()", k, v, time.Now().Add(ttl))
	return err
}

func finish(ctx context.Context, db *sql.DB, id int64, start time.Time) error {
	_, err := db.ExecContext(ctx, "UPDATE jobs SET lease_until = NULL, took_ms = $1 WHERE id = $2", time.Since(start).Milliseconds(), id)
	return err
}

func leaseReport(ctx context.Context, db *sql.DB) (int, error) {
	var n int
	err := db.QueryRowContext(ctx, "SELECT count(*) FROM leases WHERE expires_at < $1", time.Now()).Scan(&n)
	return n, err
}
`)
}
