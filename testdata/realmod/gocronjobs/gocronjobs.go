// Package gocronjobs schedules maintenance jobs with gocron v2 across several
// replicas. gocron takes a distributed lock (or asks an elector) before each
// run, so a task body runs under that lock; gocron's Lock carries no token.
package gocronjobs

import (
	"context"
	"database/sql"
	"errors"
	"log"
	"time"

	"github.com/go-co-op/gocron/v2"
)

// ExpireSessionsUnfenced marks expired sessions in a job guarded by a scheduler-wide locker,
// counting each sweep (an increment a stale run repeats; a plain retention DELETE by the
// database's clock would be idempotent, and silent).
func ExpireSessionsUnfenced(locker gocron.Locker, db *sql.DB) (gocron.Scheduler, error) {
	s, err := gocron.NewScheduler(gocron.WithDistributedLocker(locker))
	if err != nil {
		return nil, err
	}
	_, err = s.NewJob(gocron.DurationJob(time.Minute), gocron.NewTask(func(ctx context.Context) {
		if _, err := db.ExecContext(ctx, `UPDATE sessions SET sweeps = sweeps + 1 WHERE expires_at < now()`); err != nil { // want "FC1001"
			log.Printf("expire sessions: %v", err)
		}
	}), gocron.WithName("expire-sessions"))
	return s, err
}

// RollupUnfenced writes a rollup in a job guarded by a per-job locker.
func RollupUnfenced(locker gocron.Locker, db *sql.DB) (gocron.Scheduler, error) {
	s, err := gocron.NewScheduler()
	if err != nil {
		return nil, err
	}
	_, err = s.NewJob(gocron.CronJob("0 * * * *", false), gocron.NewTask(func(ctx context.Context) {
		if _, err := db.ExecContext(ctx, `INSERT INTO hourly_rollups (hour, views) SELECT date_trunc('hour', now()), count(*) FROM page_views`); err != nil { // want "FC1001"
			log.Printf("rollup: %v", err)
		}
	}), gocron.WithName("hourly-rollup"), gocron.WithDistributedJobLocker(locker))
	return s, err
}

// ReindexElectedUnfenced writes in a job that only the elected replica runs.
func ReindexElectedUnfenced(elector gocron.Elector, db *sql.DB) (gocron.Scheduler, error) {
	s, err := gocron.NewScheduler(gocron.WithDistributedElector(elector))
	if err != nil {
		return nil, err
	}
	_, err = s.NewJob(gocron.DurationJob(10*time.Minute), gocron.NewTask(func(ctx context.Context) {
		if _, err := db.ExecContext(ctx, `UPDATE search_index SET stale = false WHERE stale`); err != nil { // want "FC1001"
			log.Printf("reindex: %v", err)
		}
	}), gocron.WithName("reindex"))
	return s, err
}

// RefreshDashboardFenced takes a token from the guard row and compares it in the same transaction.
func RefreshDashboardFenced(locker gocron.Locker, db *sql.DB) (gocron.Scheduler, error) {
	s, err := gocron.NewScheduler(gocron.WithDistributedLocker(locker))
	if err != nil {
		return nil, err
	}
	_, err = s.NewJob(gocron.DurationJob(time.Minute), gocron.NewTask(func(ctx context.Context) {
		if err := refreshDashboard(ctx, db); err != nil {
			log.Printf("refresh dashboard: %v", err)
		}
	}), gocron.WithName("refresh-dashboard"))
	return s, err
}

// refreshDashboard bumps the guard row and writes only if no newer run has written.
func refreshDashboard(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var tok int64
	if err := tx.QueryRowContext(ctx, `UPDATE fences SET token = token + 1 WHERE name = 'refresh-dashboard' RETURNING token`).Scan(&tok); err != nil {
		return err
	}
	res, err := tx.ExecContext(ctx, `
		UPDATE dashboard SET active_sessions = (SELECT count(*) FROM sessions WHERE expires_at > now()), fence_token = $1
		WHERE id = 1 AND fence_token <= $1`, tok)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return errors.New("gocronjobs: stale fencing token")
	}
	return tx.Commit()
}

// ReportBacklog only reads in a locked job.
func ReportBacklog(locker gocron.Locker, db *sql.DB) (gocron.Scheduler, error) {
	s, err := gocron.NewScheduler(gocron.WithDistributedLocker(locker))
	if err != nil {
		return nil, err
	}
	_, err = s.NewJob(gocron.DurationJob(time.Minute), gocron.NewTask(func(ctx context.Context) {
		var n int64
		if err := db.QueryRowContext(ctx, `SELECT count(*) FROM sessions WHERE expires_at < now()`).Scan(&n); err != nil {
			log.Printf("backlog: %v", err)
			return
		}
		log.Printf("%d expired sessions waiting", n)
	}), gocron.WithName("backlog"))
	return s, err
}
