// Package stampclaim keeps import tasks in rows: a claim moves a task from
// pending to running and stamps started_at, and a reaper takes running
// tasks back once their stamp is older than the lease. No column is named
// as a lease; the protocol says which time is one.
package stampclaim

import (
	"context"
	"database/sql"
	"time"
)

func claim(ctx context.Context, db *sql.DB, id string) (bool, error) {
	res, err := db.ExecContext(ctx, `UPDATE import_tasks SET status = 'running', started_at = $1 WHERE id = $2 AND status = 'pending'`, time.Now().UTC(), id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// recoverStale compares another host's stamp with this host's clock.
func recoverStale(ctx context.Context, db *sql.DB, lease time.Duration) error {
	staleBefore := time.Now().UTC().Add(-lease)
	_, err := db.ExecContext(ctx, `UPDATE import_tasks SET status = 'pending', started_at = NULL WHERE status = 'running' AND started_at < $1`, staleBefore) // want `UPDATE import_tasks \(database/sql DB.ExecContext\) takes a lease over by comparing started_at with staleBefore, a time computed from this host's clock`
	return err
}

// Look-alike: a report of old finished tasks compares a time no takeover
// judges (finished_at).
func purgeFinished(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `DELETE FROM import_tasks WHERE status = 'done' AND finished_at < $1`, time.Now().Add(-30*24*time.Hour))
	return err
}

// Suppressed.
func recoverStaleSuppressed(ctx context.Context, db *sql.DB, lease time.Duration) error {
	//lint:ignore FC4001 one host runs both the claims and the reaper
	_, err := db.ExecContext(ctx, `UPDATE import_tasks SET status = 'pending', started_at = NULL WHERE status = 'running' AND started_at < $1`, time.Now().Add(-lease))
	return err
}
