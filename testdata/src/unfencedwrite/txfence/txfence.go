// Package txfence: a transaction that commits only when one of its own
// statements, a write that compares the lease record's holder, matched a
// row is all or nothing: a stale holder's conditional write matches
// nothing and the rest of the transaction rolls back with it.
package txfence

import (
	"context"
	"database/sql"
	"errors"

	"github.com/go-redsync/redsync/v4"

	"unfencedwrite/txfence/repo"
)

var errConflict = errors.New("conflict")

type store struct {
	db *sql.DB
	rs *redsync.Redsync
}

func insertEvent(ctx context.Context, tx *sql.Tx, id int64, kind string) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO job_events (job_id, kind) VALUES ($1, $2)`, id, kind)
	return err
}

// complete: the completion compares the holder and its rows are tested
// before the commit, so the event inserted with it is fenced too.
func (s *store) complete(ctx context.Context, id int64, worker string) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1 AND locked_by = $2`, id, worker)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errConflict
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO job_results (job_id) VALUES ($1)`, id); err != nil {
		return err
	}
	if err := insertEvent(ctx, tx, id, "completed"); err != nil {
		return err
	}
	return tx.Commit()
}

// completeUnchecked: the rows of the holder-checked write are never
// tested, so the transaction commits whether or not it matched.
func (s *store) completeUnchecked(ctx context.Context, id int64, worker string) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1 AND locked_by = $2`, id, worker); err != nil {
		return err
	}
	if err := insertEvent(ctx, tx, id, "completed"); err != nil {
		return err
	}
	return tx.Commit()
}

func (s *store) run(ctx context.Context, id int64, worker string) error {
	m := s.rs.NewMutex("jobs")
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	if err := s.complete(ctx, id, worker); err != nil {
		return err
	}
	return s.completeUnchecked(ctx, id, worker) // want `INSERT job_events .* under the redsync lock`
}

// The same transaction, written under the lock in one function.
func (s *store) inline(ctx context.Context, id int64, worker string) error {
	m := s.rs.NewMutex("jobs")
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1 AND locked_by = $2`, id, worker)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errConflict
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO job_results (job_id) VALUES ($1)`, id); err != nil {
		return err
	}
	if _, err := s.db.ExecContext(ctx, `INSERT INTO audit (job_id) VALUES ($1)`, id); err != nil { // want `INSERT audit .* under the redsync lock`
		return err
	}
	return tx.Commit()
}

// Through another package's summaries: the lease renewal and the failure
// compare the holder (the event inserted with the failure commits only
// with one of its branches); FailHalf's other branch does not.
func (s *store) viaRepo(ctx context.Context, r *repo.Repo, id int64, worker string) error {
	m := s.rs.NewMutex("jobs")
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	if ok, err := r.ExtendLease(ctx, id, worker); err != nil || !ok {
		return err
	}
	if err := r.Fail(ctx, id, worker, true); err != nil {
		return err
	}
	return r.FailHalf(ctx, id, worker, false) // want `INSERT job_events .* \(in FailHalf, called here\) under the redsync lock`
}
