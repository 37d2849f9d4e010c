// Package sched schedules a job under its scheduling lock, all through
// interfaces: the write is found once the run has learnt, level by level,
// that Factory.Acquire and then Job.AcquireSchedulingLock take a lock.
package sched

import (
	"context"
	"database/sql"

	"example.com/iface/jobs"
)

func schedule(ctx context.Context, db *sql.DB, j jobs.Job) error {
	l, acquired, err := j.AcquireSchedulingLock(ctx)
	if err != nil || !acquired {
		return err
	}
	defer l.Release()
	if _, err := db.ExecContext(ctx, `INSERT INTO runs (job) VALUES (1)`); err != nil { // want "INSERT runs .*under the SQL advisory lock.*FC1001"
		return err
	}
	return j.UpdateLastScheduled(ctx) // want "UPDATE jobs .*in UpdateLastScheduled, called here.*under the SQL advisory lock.*FC1001"
}
