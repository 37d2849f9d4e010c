// Package leaseclaimbatch: a claim of several tasks in one transaction (a
// locking read of the free ones, then one update of all the rows it
// locked, selected with = ANY) is a claim like a single conditional
// update.
package leaseclaimbatch

import (
	"context"
	"database/sql"
)

type Repo struct{ db *sql.DB }

// ClaimBatch locks up to n free tasks and gives them this worker.
func (r *Repo) ClaimBatch(ctx context.Context, worker string, n int) ([]int64, error) {
	tx, err := r.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, `SELECT id FROM tasks WHERE status = 'pending' AND locked_by IS NULL LIMIT $1 FOR UPDATE SKIP LOCKED`, n)
	if err != nil {
		return nil, err
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	rows.Close()
	if _, err := tx.ExecContext(ctx, `UPDATE tasks SET status = 'running', locked_by = $1, locked_at = now() WHERE id = ANY($2)`, worker, ids); err != nil {
		return nil, err
	}
	return ids, tx.Commit()
}

// ClaimVia is ClaimBatch with the locking read in a helper handed the
// transaction: the update still applies only to rows the read locked.
func (r *Repo) ClaimVia(ctx context.Context, worker string, n int) ([]int64, error) {
	tx, err := r.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	ids, err := lockFree(ctx, tx, n)
	if err != nil {
		return nil, err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE tasks SET status = 'running' WHERE id = ANY($1)`, ids); err != nil {
		return nil, err
	}
	return ids, tx.Commit()
}

func lockFree(ctx context.Context, tx *sql.Tx, n int) ([]int64, error) {
	rows, err := tx.QueryContext(ctx, `SELECT id FROM tasks WHERE status = 'pending' AND locked_by IS NULL LIMIT $1 FOR UPDATE SKIP LOCKED`, n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, nil
}

// Unstick puts tasks whose worker went quiet back in the queue.
func (r *Repo) Unstick(ctx context.Context) error {
	_, err := r.db.ExecContext(ctx, `UPDATE tasks SET status = 'pending', locked_by = NULL, locked_at = NULL WHERE status = 'running' AND locked_at < now() - interval '10 minutes'`)
	return err
}

// Complete finishes a task by its id alone.
func (r *Repo) Complete(ctx context.Context, id int64) error {
	_, err := r.db.ExecContext(ctx, `UPDATE tasks SET status = 'completed', result = 'ok' WHERE id = $1`, id) // want `UPDATE tasks .* selects the record by its key alone, not by its holder: the records of tasks are leased: ClaimBatch at leaseclaimbatch.go:\d+ claims one`
	return err
}

// Look-alike: the completion compares the holder.
func (r *Repo) CompleteHeld(ctx context.Context, id int64, worker string) (bool, error) {
	res, err := r.db.ExecContext(ctx, `UPDATE tasks SET status = 'completed' WHERE id = $1 AND locked_by = $2`, id, worker)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Suppressed.
func (r *Repo) Touch(ctx context.Context, id int64) error {
	//lint:ignore FC1001 only an operator's annotation, read by nobody else
	_, err := r.db.ExecContext(ctx, `UPDATE tasks SET note = 'seen' WHERE id = $1`, id)
	return err
}
