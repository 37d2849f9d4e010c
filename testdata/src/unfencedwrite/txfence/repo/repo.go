// Package repo is a job repository whose writes compare the job's holder,
// summarised for the callers in package txfence.
package repo

import (
	"context"
	"database/sql"
	"errors"
)

var ErrConflict = errors.New("conflict")

type Repo struct{ DB *sql.DB }

type executor interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

func insertEvent(ctx context.Context, ex executor, id int64, kind string) error {
	_, err := ex.ExecContext(ctx, `INSERT INTO job_events (job_id, kind) VALUES ($1, $2)`, id, kind)
	return err
}

// ExtendLease renews the job's lease only while worker holds it.
func (r *Repo) ExtendLease(ctx context.Context, id int64, worker string) (bool, error) {
	res, err := r.DB.ExecContext(ctx, `UPDATE jobs SET locked_until = now() + interval '30 seconds' WHERE id = $1 AND locked_by = $2`, id, worker)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Fail records the attempt, then retries or dead-letters the job: each
// branch compares the holder and tests its rows, so the event inserted
// before the branch (through an executor interface) commits only with one
// of them.
func (r *Repo) Fail(ctx context.Context, id int64, worker string, dead bool) error {
	tx, err := r.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := insertEvent(ctx, tx, id, "failed"); err != nil {
		return err
	}
	if dead {
		res, err := tx.ExecContext(ctx, `UPDATE jobs SET status = 'dead', locked_by = NULL WHERE id = $1 AND locked_by = $2`, id, worker)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrConflict
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO dead_letters (job_id) VALUES ($1)`, id); err != nil {
			return err
		}
	} else {
		res, err := tx.ExecContext(ctx, `UPDATE jobs SET status = 'retry', locked_by = NULL WHERE id = $1 AND locked_by = $2`, id, worker)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrConflict
		}
	}
	return tx.Commit()
}

// FailHalf compares the holder in one branch only: the other commits the
// event whoever holds the job.
func (r *Repo) FailHalf(ctx context.Context, id int64, worker string, dead bool) error {
	tx, err := r.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := insertEvent(ctx, tx, id, "failed"); err != nil {
		return err
	}
	if dead {
		res, err := tx.ExecContext(ctx, `UPDATE jobs SET status = 'dead', locked_by = NULL WHERE id = $1 AND locked_by = $2`, id, worker)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrConflict
		}
	} else if _, err := tx.ExecContext(ctx, `UPDATE jobs SET status = 'retry' WHERE id = $1`, id); err != nil {
		return err
	}
	return tx.Commit()
}
