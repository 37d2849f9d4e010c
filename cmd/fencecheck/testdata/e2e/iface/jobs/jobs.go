// Package jobs wraps lockfactory's lock in a method of its own unexported
// job type, reached by its importers through the Job interface: an acquire
// wrapper behind an interface, over an acquisition behind another.
package jobs

import (
	"context"
	"database/sql"

	"example.com/iface/lockfactory"
)

type Job interface {
	AcquireSchedulingLock(ctx context.Context) (lockfactory.Lock, bool, error)
	UpdateLastScheduled(ctx context.Context) error
}

func New(db *sql.DB, f lockfactory.Factory, id int64) Job { return &job{db, f, id} }

type job struct {
	db *sql.DB
	f  lockfactory.Factory
	id int64
}

func (j *job) AcquireSchedulingLock(ctx context.Context) (lockfactory.Lock, bool, error) {
	return j.f.Acquire(ctx, j.id)
}

func (j *job) UpdateLastScheduled(ctx context.Context) error {
	_, err := j.db.ExecContext(ctx, `UPDATE jobs SET last_scheduled = now() WHERE id = $1`, j.id)
	return err
}
