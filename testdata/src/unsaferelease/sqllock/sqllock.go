// Package sqllock exercises FC5001 with a lock table in SQL.
package sqllock

import (
	"context"
	"database/sql"
)

func work() {}

// A lock row taken with INSERT and released by name only.
func withLockRow(ctx context.Context, db *sql.DB, name, owner string) error {
	if _, err := db.ExecContext(ctx, `INSERT INTO locks (name, owner, expires_at) VALUES ($1, $2, now() + interval '30 seconds')`, name, owner); err != nil {
		return err
	}
	work()
	_, err := db.ExecContext(ctx, `DELETE FROM locks WHERE name = $1`, name) // want `DELETE locks \(database/sql DB.ExecContext\) releases the lock row taken at sqllock.go:\d+ by its name only.*add the owner to the predicate`
	return err
}

// The release in its own method, MySQL style.
type leaser struct{ db *sql.DB }

func (l *leaser) Acquire(ctx context.Context, job, owner string) error {
	_, err := l.db.ExecContext(ctx, `UPDATE job_leases SET holder = ?, expires_at = NOW() + INTERVAL 30 SECOND WHERE job = ? AND expires_at < NOW()`, owner, job)
	return err
}

func (l *leaser) Release(job string) error {
	_, err := l.db.Exec("DELETE FROM job_leases WHERE job = ?", job) // want `DELETE job_leases \(database/sql DB.Exec\) releases the lock row taken at sqllock.go:\d+ by its name only`
	return err
}

// --- must stay silent ---

func ownerChecked(ctx context.Context, db *sql.DB, name, owner string) error {
	res, err := db.ExecContext(ctx, `DELETE FROM locks WHERE name = $1 AND owner = $2`, name, owner)
	if err != nil {
		return err
	}
	_, err = res.RowsAffected()
	return err
}

func reapExpired(ctx context.Context, db *sql.DB, name string) {
	db.ExecContext(ctx, `DELETE FROM locks WHERE name = $1 AND expires_at < now()`, name)
}

func notALockTable(ctx context.Context, db *sql.DB, hash string) {
	db.ExecContext(ctx, `DELETE FROM blocks WHERE hash = $1`, hash)
	db.ExecContext(ctx, `DELETE FROM releases WHERE tag = $1`, hash)
}

func clearAll(ctx context.Context, db *sql.DB) {
	db.ExecContext(ctx, `DELETE FROM locks`)
}

// --- suppressed ---

func suppressed(ctx context.Context, db *sql.DB, name string) {
	//lint:ignore FC5001 admin tool: force-release a stuck lock
	db.ExecContext(ctx, `DELETE FROM locks WHERE name = $1`, name)
}

// Reaping stale rows is no release of one lock.
func reapStale(ctx context.Context, db *sql.DB) {
	db.ExecContext(ctx, `DELETE FROM leases WHERE stale`)
	db.ExecContext(ctx, `DELETE FROM leases WHERE renewed_at < now() - interval '1 minute'`)
}

// A constant name is one lock too.
func releaseConstant(ctx context.Context, db *sql.DB) {
	db.ExecContext(ctx, `DELETE FROM app_locks WHERE lock_name = 'nightly'`) // want `DELETE app_locks \(database/sql DB.ExecContext\) releases the lock row by its name only`
}
