// Package stateheartbeat: a job's heartbeat that matches its row only
// while the job is still running. A reaper fails jobs whose heartbeat is
// stale; the heartbeat that then matches no row is the worker's only
// word of it.
package stateheartbeat

import (
	"context"
	"database/sql"
)

func UpdateJobHeartbeat(ctx context.Context, db *sql.DB, id string) error {
	_, err := db.ExecContext(ctx, `UPDATE jobs SET heartbeat_at = now() WHERE id = $1 AND state = 'running'`, id) // want `the rows affected by this lease renewal \(UPDATE jobs SET heartbeat_at ... WHERE ... state = 'running'\) are discarded`
	return err
}

func HeartbeatTask(ctx context.Context, db *sql.DB, id, running string) error {
	_, err := db.ExecContext(ctx, `UPDATE tasks SET last_heartbeat = now() WHERE id = $1 AND status = $2`, id, running) // want `the rows affected by this lease renewal \(UPDATE tasks SET last_heartbeat ... WHERE ... status = \$2\) are discarded`
	return err
}

// Look-alike: the rows affected are checked.
func HeartbeatChecked(ctx context.Context, db *sql.DB, id string) error {
	res, err := db.ExecContext(ctx, `UPDATE jobs SET heartbeat_at = now() WHERE id = $1 AND state = 'running'`, id)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return sql.ErrNoRows
	}
	return nil
}

// Look-alike: no condition but the key: nothing the heartbeat can lose.
func WorkerHeartbeat(ctx context.Context, db *sql.DB, id string) error {
	_, err := db.ExecContext(ctx, `UPDATE workers SET heartbeat_at = now() WHERE id = $1`, id)
	return err
}

// Look-alike: not a renewal by name (a progress report).
func ReportProgress(ctx context.Context, db *sql.DB, id string, pct int) error {
	_, err := db.ExecContext(ctx, `UPDATE jobs SET heartbeat_at = now(), progress = $2 WHERE id = $1 AND state = 'running'`, id, pct)
	return err
}

// Suppressed.
func BeatQuiet(ctx context.Context, db *sql.DB, id string) error {
	//lint:ignore FC5002 the reaper also signals the worker over the queue
	_, err := db.ExecContext(ctx, `UPDATE runs SET heartbeat_at = now() WHERE id = $1 AND state = 'running'`, id)
	return err
}
