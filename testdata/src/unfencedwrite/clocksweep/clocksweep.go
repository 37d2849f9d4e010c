// Package clocksweep: a reaper's state transition on the database's clock
// (effect.ClockSweep). An UPDATE with no parameter that moves rows from
// one constant state to another by the database's clock alone converges:
// a stale sweeper moves the rows the current one would. A sweep given a
// cutoff or a value by the holder, one that computes what it writes, or
// one that returns its rows to act on is still unfenced.
package clocksweep

import (
	"context"
	"database/sql"

	"github.com/go-redsync/redsync/v4"
)

func lock(ctx context.Context, rs *redsync.Redsync) (*redsync.Mutex, error) {
	m := rs.NewMutex("sweeper")
	return m, m.LockContext(ctx)
}

// Converges: constant states, the database's clock, no parameter.
func expirePending(ctx context.Context, rs *redsync.Redsync, db *sql.DB) error {
	m, err := lock(ctx, rs)
	if err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	_, err = db.ExecContext(ctx, `UPDATE deploys SET state = 'expired', claimed_by = NULL WHERE state = 'pending' AND created_at < now() - interval '2 hours'`)
	return err
}

// A cutoff the holder computed: its clock, not the database's.
func expireBefore(ctx context.Context, rs *redsync.Redsync, db *sql.DB, cutoff string) error {
	m, err := lock(ctx, rs)
	if err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	_, err = db.ExecContext(ctx, `UPDATE deploys SET state = 'expired' WHERE state = 'pending' AND created_at < $1`, cutoff) // want `UPDATE deploys`
	return err
}

// A value computed by the statement (attempts + 1): repeated late, it counts twice.
func requeue(ctx context.Context, rs *redsync.Redsync, db *sql.DB) error {
	m, err := lock(ctx, rs)
	if err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	_, err = db.ExecContext(ctx, `UPDATE jobs SET state = 'queued', attempts = attempts + 1 WHERE state = 'running' AND heartbeat_at < now() - interval '5 minutes'`) // want `UPDATE jobs`
	return err
}

// Rows returned to act on: the reaper then reassigns their work.
func reclaim(ctx context.Context, rs *redsync.Redsync, db *sql.DB) error {
	m, err := lock(ctx, rs)
	if err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	_, err = db.QueryContext(ctx, `UPDATE jobs SET state = 'queued' WHERE state = 'running' AND heartbeat_at < now() - interval '5 minutes' RETURNING id`) // want `UPDATE jobs`
	return err
}

// No state condition: every row past the clock is reset, whatever moved it on.
func resetAll(ctx context.Context, rs *redsync.Redsync, db *sql.DB) error {
	m, err := lock(ctx, rs)
	if err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	_, err = db.ExecContext(ctx, `UPDATE deploys SET state = 'expired' WHERE created_at < now() - interval '2 hours'`) // want `UPDATE deploys`
	return err
}
