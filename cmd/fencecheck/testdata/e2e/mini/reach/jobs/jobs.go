// Package jobs takes the lock through wrappers of another package, only on
// some paths, and calls generated code under it.
package jobs

import (
	"context"
	"database/sql"

	"example.com/mini/reach/locks"
)

type Runner struct {
	Conn   *sql.Conn
	DB     *sql.DB
	Locked bool
}

func (r *Runner) mark(ctx context.Context) error {
	_, err := r.DB.ExecContext(ctx, `UPDATE jobs SET done = true`)
	return err
}

func (r *Runner) Run(ctx context.Context) error {
	if err := locks.AcquireRetry(ctx, r.Conn); err != nil {
		return err
	}
	go r.mark(ctx)     // want "under the SQL advisory lock acquired at jobs.go.*FC1001"
	return r.mark(ctx) // want "under the SQL advisory lock acquired at jobs.go.*FC1001"
}

func (r *Runner) Maybe(ctx context.Context) error {
	if r.Locked {
		if err := locks.AcquireChecked(ctx, r.Conn); err != nil {
			return err
		}
	}
	return r.mark(ctx) // want "only sometimes held.*FC1001"
}

func (r *Runner) Generated(ctx context.Context, q *Queries) error {
	return q.LockAndMark(ctx, r.Conn, r.DB) // want "in generated code, lockAndMarkOnce at queries.go.*FC1001"
}

// Without a lock: silent.
func (r *Runner) Unlocked(ctx context.Context) error {
	return r.mark(ctx)
}
