// Package lifetime: a lock held across methods. It is kept in a struct
// field and extended in a loop, acquired inside a closure handed to a
// transaction helper, or acquired through wrappers of wrappers and
// function literals.
package lifetime

import (
	"context"
	"database/sql"
	"time"

	"github.com/bsm/redislock"
	"github.com/go-redsync/redsync/v4"
	"go.etcd.io/etcd/client/v3/concurrency"
)

type worker struct {
	lock *redislock.Lock
	mu   *redsync.Mutex
	db   *sql.DB
}

func (w *worker) process(ctx context.Context) error {
	_, err := w.db.ExecContext(ctx, `UPDATE jobs SET done = true`)
	return err
}

func (w *worker) processFenced(ctx context.Context, tok int64) error {
	_, err := w.db.ExecContext(ctx, `UPDATE jobs SET done = true WHERE fence <= $1`, tok)
	return err
}

// The lock lives in a field; each successful Refresh shows it is held.
func (w *worker) refreshLoop(ctx context.Context) {
	for ctx.Err() == nil {
		if err := w.lock.Refresh(ctx, 10*time.Second, nil); err != nil {
			return
		}
		w.process(ctx)    // want `UPDATE jobs .*\(reached through this call\) under the redislock lock extended at lifetime.go:\d+`
		go w.process(ctx) // want `UPDATE jobs .*\(reached through this call\) under the redislock lock extended at`
		time.Sleep(time.Second)
	}
}

func (w *worker) extendLoop(ctx context.Context) error {
	for {
		ok, err := w.mu.ExtendContext(ctx)
		if err != nil || !ok {
			return err
		}
		//lint:ignore FC1001 jobs rows are idempotent markers
		w.process(ctx)
		if err := w.process(ctx); err != nil { // want `UPDATE jobs .*under the redsync lock extended at`
			return err
		}
	}
}

// --- extensions that prove nothing: silent ---

// The extension's outcome is not tested.
func (w *worker) refreshIgnored(ctx context.Context) {
	w.lock.Refresh(ctx, 10*time.Second, nil)
	w.process(ctx)
}

// Work only where the extension failed.
func (w *worker) refreshFailed(ctx context.Context) {
	if err := w.lock.Refresh(ctx, 10*time.Second, nil); err == nil {
		return
	}
	w.process(ctx)
}

// The extension of a lock acquired in the same function adds no second
// finding to the acquisition's.
func (w *worker) acquireThenExtend(ctx context.Context, c *redislock.Client) error {
	l, err := c.Obtain(ctx, "jobs", time.Minute, nil)
	if err != nil {
		return err
	}
	defer l.Release(ctx)
	if err := l.Refresh(ctx, time.Minute, nil); err != nil {
		return err
	}
	return w.process(ctx) // want `UPDATE jobs .*under the redislock lock acquired at`
}

// --- closures handed to transaction helpers ---

type Queries struct{ tx *sql.Tx }

func (q *Queries) MarkDone(ctx context.Context, id int64) error {
	_, err := q.tx.ExecContext(ctx, `UPDATE jobs SET done = true WHERE id = $1`, id)
	return err
}

type Store struct{ db *sql.DB }

func (s *Store) WithTx(ctx context.Context, fn func(q *Queries) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(&Queries{tx}); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

func inTx(ctx context.Context, s *Store, m *concurrency.Mutex) error {
	return s.WithTx(ctx, func(q *Queries) error {
		if err := m.Lock(ctx); err != nil {
			return err
		}
		defer m.Unlock(ctx)
		return q.MarkDone(ctx, 1) // want `UPDATE jobs .*\(reached through this call\) under the etcd lock`
	})
}

func underLockTx(ctx context.Context, s *Store, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	return s.WithTx(ctx, func(q *Queries) error {
		return q.MarkDone(ctx, 2) // want `UPDATE jobs .*\(reached through this call\) under the etcd lock`
	})
}

// --- acquire wrappers of wrappers, and function literals ---

func lock1(ctx context.Context, m *concurrency.Mutex) error { return m.Lock(ctx) }

func lock2(ctx context.Context, m *concurrency.Mutex) error {
	if err := lock1(ctx, m); err != nil {
		return err
	}
	return nil
}

func lock3(ctx context.Context, m *concurrency.Mutex) (bool, error) {
	if err := lock2(ctx, m); err != nil {
		return false, err
	}
	return true, nil
}

func threeLevels(ctx context.Context, m *concurrency.Mutex, db *sql.DB) error {
	ok, err := lock3(ctx, m)
	if err != nil || !ok {
		return err
	}
	defer m.Unlock(ctx)
	_, err = db.ExecContext(ctx, `UPDATE jobs SET done = true`) // want `UPDATE jobs .*under the etcd lock acquired at`
	return err
}

func literal(ctx context.Context, m *concurrency.Mutex, db *sql.DB) error {
	acquire := func() error { return m.Lock(ctx) }
	if err := acquire(); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	_, err := db.ExecContext(ctx, `UPDATE jobs SET done = true`) // want `UPDATE jobs .*under the etcd lock acquired at`
	return err
}

func retry(attempts int, f func() error) error {
	var err error
	for i := 0; i < attempts; i++ {
		if err = f(); err == nil {
			return nil
		}
	}
	return err
}

func lockRetry(ctx context.Context, m *concurrency.Mutex) error {
	return retry(3, func() error { return m.Lock(ctx) })
}

func viaRetry(ctx context.Context, m *concurrency.Mutex, db *sql.DB) error {
	if err := lockRetry(ctx, m); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	_, err := db.ExecContext(ctx, `UPDATE jobs SET done = true`) // want `UPDATE jobs .*under the etcd lock acquired at`
	return err
}

// --- wrappers: silent look-alikes ---

// Released before the write: the wrapper's release ends the section.
func releasedFirst(ctx context.Context, m *concurrency.Mutex, db *sql.DB) error {
	if err := lock2(ctx, m); err != nil {
		return err
	}
	m.Unlock(ctx)
	_, err := db.ExecContext(ctx, `UPDATE jobs SET done = true`)
	return err
}

// A helper that runs a literal which only reads: no lock anywhere.
func retryRead(ctx context.Context, db *sql.DB) error {
	if err := retry(3, func() error { return db.PingContext(ctx) }); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE jobs SET done = true`)
	return err
}

// A fenced write after a wrapper of a wrapper.
func fencedAfterWrapper(ctx context.Context, m *concurrency.Mutex, w *worker) error {
	if err := lock2(ctx, m); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	return w.processFenced(ctx, m.Header().Revision)
}

// SQL advisory locks have no release function: their wrappers chain too.
func advisory(ctx context.Context, conn *sql.Conn) error {
	_, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock(7)`)
	return err
}

func advisory2(ctx context.Context, conn *sql.Conn) error {
	if err := advisory(ctx, conn); err != nil {
		return err
	}
	return nil
}

func useAdvisory(ctx context.Context, conn *sql.Conn, db *sql.DB) error {
	if err := advisory2(ctx, conn); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE jobs SET done = true`) // want `UPDATE jobs .*under the SQL advisory lock acquired at`
	return err
}

// A deferred advisory unlock releases the lock on return: no wrapper, and
// nothing after the call is under the lock.
func lockedWork(ctx context.Context, conn *sql.Conn) error {
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock(8)`); err != nil {
		return err
	}
	defer conn.ExecContext(ctx, `SELECT pg_advisory_unlock(8)`)
	return nil
}

func afterLockedWork(ctx context.Context, conn *sql.Conn, db *sql.DB) error {
	if err := lockedWork(ctx, conn); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE jobs SET done = true`)
	return err
}
