// Package sqlclock exercises FC4001 on lease rows whose expiry is written
// with one clock and compared with another: a claim query comparing with
// this host's time, an expiry written from this host's clock that the
// database compares with now().
package sqlclock

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

type backend struct {
	db          *sql.DB
	worker      string
	lockTimeout time.Duration
}

func placeholders(from, n int) string {
	var ps []string
	for i := 0; i < n; i++ {
		ps = append(ps, fmt.Sprintf("$%d", from+i))
	}
	return strings.Join(ps, ", ")
}

// nextTask claims a task whose lease expired by this worker's clock, then
// writes its own expiry from the same clock: reported at the write, with
// the claim as related information.
func (b *backend) nextTask(ctx context.Context, queues []string) (int, error) {
	tx, err := b.db.BeginTx(ctx, nil)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	now := time.Now()
	args := []any{"active", now, b.worker}
	for _, q := range queues {
		args = append(args, q)
	}
	row := tx.QueryRowContext(ctx, fmt.Sprintf(`SELECT i.id FROM instances i
		WHERE i.state = $1
		  AND (i.locked_until IS NULL OR i.locked_until < $2)
		  AND i.worker <> $3
		  AND i.queue IN (%s)
		LIMIT 1
		FOR UPDATE OF i SKIP LOCKED`, placeholders(4, len(queues))), args...)
	var id int
	if err := row.Scan(&id); err != nil {
		return 0, err
	}
	_, err = tx.ExecContext(ctx, `UPDATE instances SET locked_until = $1, worker = $2 WHERE id = $3`,
		now.Add(b.lockTimeout), b.worker, id) // want `UPDATE instances \(database/sql Tx.ExecContext\) stores now.Add\(b.lockTimeout\), an expiry computed from this host's clock \(time.Now\(\)\), into the lease column locked_until, which a claim compares with the clock of the host that runs it \(locked_until < \$2 \(now\)\) at sqlclock.go:\d+`
	if err != nil {
		return 0, err
	}
	return id, tx.Commit()
}

// claimOnly locks a row whose lease expired by this host's clock.
func claimOnly(ctx context.Context, db *sql.DB) (int64, error) {
	var id int64
	err := db.QueryRowContext(ctx, `SELECT id FROM jobs WHERE lease_until < $1 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`, time.Now()).Scan(&id) // want `SELECT jobs \(database/sql DB.QueryRowContext\) claims a lease by comparing lease_until with time.Now\(\)`
	return id, err
}

var errLocked = errors.New("locked")

// uniqueJob writes the expiry with this host's clock and lets the database
// compare it with its own: two clocks again.
func uniqueJob(ctx context.Context, db *sql.DB, name string, lockFor time.Duration) error {
	expiration := time.Now().UTC().Add(lockFor)
	res, err := db.ExecContext(ctx, `INSERT INTO locks (name, expires_at) VALUES ($1, $2)
		ON CONFLICT (name) DO UPDATE SET expires_at = EXCLUDED.expires_at
		WHERE locks.expires_at <= NOW()`, name, expiration) // want `INSERT locks \(database/sql DB.ExecContext\) stores expiration, an expiry computed from this host's clock \(time.Now\(\)\), into the lease column expires_at, which the database compares with its own clock \(expires_at <= the database's clock\)`
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errLocked
	}
	return nil
}

// acquire takes the lease with an expiry from this host's clock; steal
// compares the same column with the database's clock.
func acquire(ctx context.Context, db *sql.DB, name, me string, ttl time.Duration) error {
	_, err := db.ExecContext(ctx, `INSERT INTO leases (name, holder, expires_at) VALUES ($1, $2, $3)`, name, me, time.Now().Add(ttl)) // want `INSERT leases .* into the lease column expires_at, which the database compares with its own clock \(expires_at < the database's clock\) at sqlclock.go:\d+`
	return err
}

// Silent: a renewal extends the holder's own lease (the acquisition is what
// races, and a lost lease shows in the rows affected).
func heartbeat(ctx context.Context, db *sql.DB, name, me string, ttl time.Duration) error {
	_, err := db.ExecContext(ctx, `UPDATE leases SET expires_at = $1 WHERE name = $2 AND holder = $3`, time.Now().Add(ttl), name, me)
	return err
}

func steal(ctx context.Context, db *sql.DB, name, me string) error {
	_, err := db.ExecContext(ctx, `UPDATE leases SET holder = $1, expires_at = now() + interval '30 seconds' WHERE name = $2 AND expires_at < now()`, me, name)
	return err
}

// Silent: the database's clock on both sides.
func dbClock(ctx context.Context, db *sql.DB, name, me string, ttl time.Duration) error {
	_, err := db.ExecContext(ctx, `UPDATE locks SET owner = $1, expires_at = now() + $2 * interval '1 millisecond'
		WHERE name = $3 AND expires_at < now()`, me, ttl.Milliseconds(), name)
	return err
}

// Silent: a cache row's expiry compared with the database's clock: no
// lease.
func cachePut(ctx context.Context, db *sql.DB, k, v string, ttl time.Duration) error {
	_, err := db.ExecContext(ctx, `INSERT INTO cache (k, v, expires_at) VALUES ($1, $2, $3)
		ON CONFLICT (k) DO UPDATE SET v = EXCLUDED.v, expires_at = EXCLUDED.expires_at
		WHERE cache.expires_at < now()`, k, v, time.Now().Add(ttl))
	return err
}

// Silent: a job's run time is a duration, not an instant, and nothing
// compares it.
func finish(ctx context.Context, db *sql.DB, id int64, start time.Time) error {
	_, err := db.ExecContext(ctx, `UPDATE jobs SET lease_until = NULL, took_ms = $1 WHERE id = $2`, time.Since(start).Milliseconds(), id)
	return err
}

// Silent: a plain read of a lease column, for display.
func leaseReport(ctx context.Context, db *sql.DB) (int, error) {
	var n int
	err := db.QueryRowContext(ctx, `SELECT count(*) FROM leases WHERE expires_at < $1`, time.Now()).Scan(&n)
	return n, err
}

// Silent: a session row has an owner, but it is no lease; its sweeper
// compares with the database's clock.
func login(ctx context.Context, db *sql.DB, id, user string, ttl time.Duration) error {
	_, err := db.ExecContext(ctx, `INSERT INTO sessions (id, owner_id, expires_at) VALUES ($1, $2, $3)`, id, user, time.Now().Add(ttl))
	return err
}

func sweepSessions(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `DELETE FROM sessions WHERE owner_id IS NOT NULL AND expires_at < now()`)
	return err
}

// The statements kept in locals first: the same reading. The lease is
// stamped with this host's clock and reclaimed by the database's.
func (b *backend) leaseJob(ctx context.Context, id, token string) error {
	leaseExpiresAt := time.Now().Add(b.lockTimeout)
	updateQuery := `
		UPDATE jobs
		SET status = 'running', lease_token = $2, lease_expires_at = $3
		WHERE id = $1`
	_, err := b.db.ExecContext(ctx, updateQuery, id, token, leaseExpiresAt) // want `UPDATE jobs \(database/sql DB.ExecContext\) stores leaseExpiresAt, an expiry computed from this host's clock \(time.Now\(\)\), into the lease column lease_expires_at, which the database compares with its own clock \(lease_expires_at < the database's clock\) at sqlclock.go:\d+`
	return err
}

func (b *backend) reclaimJobs(ctx context.Context) error {
	query := `
		UPDATE jobs SET status = 'pending', lease_token = NULL, lease_expires_at = NULL
		WHERE status = 'running' AND lease_expires_at < NOW()`
	_, err := b.db.ExecContext(ctx, query)
	return err
}
