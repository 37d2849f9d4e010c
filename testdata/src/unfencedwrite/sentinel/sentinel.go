// Package sentinel: a sentinel comparison silences a critical section only
// when it lets the code continue without the lock.
package sentinel

import (
	"context"
	"database/sql"
	"errors"
	"log"

	"github.com/bsm/redislock"
	"go.etcd.io/etcd/client/v3/concurrency"
)

var errNoRows = errors.New("no rows")

// The failure branch logs the sentinel and returns: the lock is held below.
func failureLogs(ctx context.Context, m *concurrency.Mutex, db *sql.DB) error {
	if err := m.TryLock(ctx); err != nil {
		if err == concurrency.ErrLocked {
			log.Print("busy")
		}
		return err
	}
	defer m.Unlock(ctx)
	_, err := db.ExecContext(ctx, `UPDATE jobs SET done = true`) // want `UPDATE jobs .* under the etcd lock`
	return err
}

// The sentinel is tested first, on its own, and returns.
func sentinelFirst(ctx context.Context, c *redislock.Client, db *sql.DB) error {
	lock, err := c.Obtain(ctx, "jobs", 0, nil)
	if errors.Is(err, redislock.ErrNotObtained) {
		log.Print("someone else runs it")
		return nil
	}
	if err != nil {
		return err
	}
	defer lock.Release(ctx)
	_, err = db.ExecContext(ctx, `UPDATE jobs SET done = true`) // want `UPDATE jobs .* under the redislock lock`
	return err
}

// errors.Is on the write's own error, not the lock's.
func otherErrorCompared(ctx context.Context, m *concurrency.Mutex, db *sql.DB) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	_, err := db.ExecContext(ctx, `UPDATE jobs SET done = true`) // want `UPDATE jobs .* under the etcd lock`
	if errors.Is(err, errNoRows) {
		return nil
	}
	return err
}

func suppressed(ctx context.Context, m *concurrency.Mutex, db *sql.DB) error {
	if err := m.TryLock(ctx); err != nil {
		if errors.Is(err, concurrency.ErrLocked) {
			return nil
		}
		return err
	}
	defer m.Unlock(ctx)
	//lint:ignore FC1001 the jobs table is rebuilt on every run
	_, err := db.ExecContext(ctx, `UPDATE jobs SET done = true`)
	return err
}

// --- must stay silent ---

// The code after the if also runs when the lock was not obtained.
func continuesWithoutLock(ctx context.Context, m *concurrency.Mutex, db *sql.DB) error {
	err := m.TryLock(ctx)
	if err != nil && err != concurrency.ErrLocked {
		return err
	}
	_, err = db.ExecContext(ctx, `UPDATE jobs SET seen = true`)
	return err
}

// The same with errors.Is.
func continuesWithoutLockIs(ctx context.Context, c *redislock.Client, db *sql.DB) error {
	_, err := c.Obtain(ctx, "jobs", 0, nil)
	if err != nil && !errors.Is(err, redislock.ErrNotObtained) {
		return err
	}
	_, err = db.ExecContext(ctx, `UPDATE jobs SET seen = true`)
	return err
}

// Only the sentinel is tested: continues only when the lock was not taken.
func expectConflict(ctx context.Context, m *concurrency.Mutex, db *sql.DB) error {
	err := m.TryLock(ctx)
	if err != concurrency.ErrLocked {
		return err
	}
	_, err = db.ExecContext(ctx, `UPDATE jobs SET conflicts = conflicts + 1`)
	return err
}
