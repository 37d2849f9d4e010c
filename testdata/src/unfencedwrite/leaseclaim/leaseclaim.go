// Package leaseclaim: a job store whose claim gives a job row its holder,
// and whose reaper takes a claim back once its time has passed, leases its
// rows; a write of a row by its id alone does not check that its writer
// still holds it.
package leaseclaim

import (
	"context"
	"database/sql"
	"time"
)

type Store struct{ db *sql.DB }

// Claim gives the next pending job to worker.
func (s *Store) Claim(ctx context.Context, worker string) (int64, error) {
	var id int64
	err := s.db.QueryRowContext(ctx, `UPDATE jobs SET status = 'running', worker_id = $1, locked_until = now() + interval '1 minute'
		WHERE id = (SELECT id FROM jobs WHERE status = 'pending' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`, worker).Scan(&id)
	return id, err
}

// Reap returns jobs whose lease expired to pending.
func (s *Store) Reap(ctx context.Context) error {
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET status = 'pending', worker_id = NULL WHERE status = 'running' AND locked_until < now()`)
	return err
}

func (s *Store) Complete(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET status = 'done', worker_id = NULL WHERE id = $1`, id) // want `UPDATE jobs \(database/sql DB.ExecContext\) selects the record by its key alone, not by its holder: the records of jobs are leased: Claim at leaseclaim.go:18 claims one \(it sets worker_id and moves status from "pending" to "running"\), and Reap at leaseclaim.go:25 takes a claim back once its time has passed, so a worker paused or partitioned past its lease still makes this write .*add the holder \(worker_id\)`
	return err
}

// Completing only the running job does not say whose run it is.
func (s *Store) CompleteRunning(ctx context.Context, id int64, result string) error {
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET status = 'done', result = $2 WHERE id = $1 AND status = 'running'`, id, result) // want `UPDATE jobs .* selects the record by its key alone`
	return err
}

// The holder compared: fenced by the write's own condition.
func (s *Store) CompleteOwned(ctx context.Context, id int64, worker string) error {
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET status = 'done', worker_id = NULL WHERE id = $1 AND worker_id = $2`, id, worker)
	return err
}

// A heartbeat moves only the lease's time: neither finishes nor releases.
func (s *Store) Extend(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET locked_until = now() + interval '1 minute' WHERE id = $1`, id)
	return err
}

// A pending job cancelled: not a claimed one.
func (s *Store) CancelPending(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET status = 'cancelled' WHERE id = $1 AND status = 'pending'`, id)
	return err
}

// A job this run just made (its id returned by the insert): no worker
// can have claimed it yet.
func (s *Store) Split(ctx context.Context) error {
	var child int64
	if err := s.db.QueryRowContext(ctx, `INSERT INTO jobs (status) VALUES ('pending') RETURNING id`).Scan(&child); err != nil {
		return err
	}
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET status = 'dispatched' WHERE id = $1`, child)
	return err
}

// A suppressed finding.
func (s *Store) CompleteQuietly(ctx context.Context, id int64) error {
	//lint:ignore FC1001 jobs are idempotent and the last writer wins by design
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

// One-way claims: nothing takes a claimed order back, so completing it by
// id overwrites no other holder.
type Orders struct{ db *sql.DB }

func (o *Orders) Claim(ctx context.Context, worker string, id int64) (bool, error) {
	res, err := o.db.ExecContext(ctx, `UPDATE orders SET status = 'packing', packer = $1 WHERE id = $2 AND status = 'paid'`, worker, id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (o *Orders) Ship(ctx context.Context, id int64) error {
	_, err := o.db.ExecContext(ctx, `UPDATE orders SET status = 'shipped' WHERE id = $1`, id)
	return err
}

// A reaper of another table, or one that compares no time, takes no claim
// of orders back.
func (o *Orders) Retry(ctx context.Context, id int64) error {
	_, err := o.db.ExecContext(ctx, `UPDATE orders SET status = 'paid', packer = NULL WHERE id = $1 AND status = 'failed'`, id)
	return err
}

var _ = time.Second
