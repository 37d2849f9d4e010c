// Package keywrapapp takes locks through another package's Redis wrapper.
// A key its own code hands to the wrapper's ReleaseLock (in another
// method of the same type), to a function of the wrapper that calls it,
// or to ExtendLock from another function is a lock's, whatever its name;
// a key only ever SET NX (a de-duplication marker) is not, and writes
// after it stay silent. Keys are compared by shape: a field, a constant,
// or a call of one key-building function (keyscope.Evidence).
package keywrapapp

import (
	"context"
	"database/sql"
	"time"

	"interpkg/keywrap"
)

type Election struct {
	rdb      *keywrap.Client
	db       *sql.DB
	key      string
	identity string
}

// TryAcquire is an acquire wrapper: its key is released in Release.
func (e *Election) TryAcquire(ctx context.Context) (bool, error) {
	return e.rdb.AcquireLock(ctx, e.key, e.identity, 30*time.Second)
}

func (e *Election) Release(ctx context.Context) error {
	return e.rdb.ReleaseLock(ctx, e.key, e.identity)
}

func (e *Election) Run(ctx context.Context) {
	ok, err := e.TryAcquire(ctx)
	if err != nil || !ok {
		return
	}
	start := func() {
		go func() {
			e.advance(ctx) // want `UPDATE schedules .*under the Redis SET NX lock`
		}()
	}
	start()
}

func (e *Election) advance(ctx context.Context) {
	e.db.ExecContext(ctx, `UPDATE schedules SET run_count = run_count + 1 WHERE id = 1`)
}

type Sweeper struct {
	rdb *keywrap.Client
	db  *sql.DB
}

// The key is extended from another function: a lease.
func (s *Sweeper) Sweep(ctx context.Context, name string) {
	ok, err := s.rdb.AcquireLock(ctx, "sweep-lease", "me", time.Minute)
	if err != nil || !ok {
		return
	}
	s.db.ExecContext(ctx, `UPDATE runs SET n = n + 1 WHERE name = $1`, name) // want `UPDATE runs .*under the Redis SET NX lock`
	//lint:ignore FC1001 runs are counted, not kept
	s.db.ExecContext(ctx, `UPDATE runs SET m = m + 1 WHERE name = $1`, name)
}

func (s *Sweeper) keepAlive(ctx context.Context, name string) {
	s.rdb.ExtendLock(ctx, "sweep-lease", time.Minute)
}

// A key deleted through a function of the wrapper that calls ReleaseLock.
func (s *Sweeper) Once(ctx context.Context, id string) {
	ok, err := s.rdb.AcquireLock(ctx, "nightly", "me", time.Minute)
	if err != nil || !ok {
		return
	}
	defer s.rdb.Forget(ctx, "nightly")
	s.db.ExecContext(ctx, `UPDATE jobs SET n = n + 1 WHERE id = $1`, id) // want `UPDATE jobs .*under the Redis SET NX lock`
}

// A de-duplication marker: set, never released or extended.
func (s *Sweeper) Dedup(ctx context.Context, id string) {
	ok, err := s.rdb.AcquireLock(ctx, "seen-marker", "1", 24*time.Hour)
	if err != nil || !ok {
		return
	}
	s.db.ExecContext(ctx, `UPDATE events SET n = n + 1 WHERE id = $1`, id)
}
