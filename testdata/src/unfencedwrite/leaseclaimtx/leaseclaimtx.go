// Package leaseclaimtx: a claim made in two statements of one transaction
// (a locking read of a queued task, then an update of the row it locked)
// is a claim like a single conditional update; a release whose row was
// read FOR UPDATE with its holder compared in the same transaction is
// fenced by that row lock.
package leaseclaimtx

import (
	"context"
	"database/sql"
	"errors"
)

type Repo struct{ db *sql.DB }

// Claim locks the next queued task and marks it running.
func (r *Repo) Claim(ctx context.Context, worker string) (int64, error) {
	tx, err := r.db.BeginTx(ctx, nil)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	var id int64
	if err := tx.QueryRowContext(ctx, `SELECT id FROM tasks WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id); err != nil {
		return 0, err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE tasks SET status = 'running', locked_by = $2, updated_at = now() WHERE id = $1`, id, worker); err != nil {
		return 0, err
	}
	return id, tx.Commit()
}

// Reap puts tasks that stopped making progress back in the queue.
func (r *Repo) Reap(ctx context.Context) error {
	_, err := r.db.ExecContext(ctx, `UPDATE tasks SET status = 'queued', locked_by = NULL WHERE status = 'running' AND updated_at < now() - interval '5 minutes'`)
	return err
}

// Succeed finishes a task by its id alone.
func (r *Repo) Succeed(ctx context.Context, id int64) error {
	_, err := r.db.ExecContext(ctx, `UPDATE tasks SET status = 'succeeded', locked_by = NULL WHERE id = $1`, id) // want `UPDATE tasks .* selects the record by its key alone, not by its holder: the records of tasks are leased: Claim at leaseclaimtx.go:2[0-9] claims one`
	return err
}

var errNotHeld = errors.New("not held")

// Release reads the row FOR UPDATE with its holder compared: the reaper
// cannot take it before the commit, so the release by id is the holder's.
func (r *Repo) Release(ctx context.Context, id int64, worker string) error {
	tx, err := r.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT attempts FROM tasks WHERE id = $1 AND status = 'running' AND locked_by = $2 FOR UPDATE`, id, worker).Scan(&n); err != nil {
		return errNotHeld
	}
	if _, err := tx.ExecContext(ctx, `UPDATE tasks SET status = 'queued', locked_by = NULL WHERE id = $1`, id); err != nil {
		return err
	}
	return tx.Commit()
}
