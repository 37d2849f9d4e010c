// Package lockscope: a function that takes a lock and releases it through
// a deferred call of its own package's release helper gives the lock up
// when it returns, so its caller does not hold it after the call. A lease
// row's own renewal (only its heartbeat or expiry moved forward) is the
// lock's protocol, not a protected write.
package lockscope

import (
	"context"
	"database/sql"

	"github.com/go-redsync/redsync/v4"
	"github.com/redis/go-redis/v9"
)

type svc struct {
	rs  *redsync.Redsync
	m   *redsync.Mutex
	rdb *redis.Client
	db  *sql.DB
}

func (s *svc) unlock(ctx context.Context) {
	if _, err := s.m.UnlockContext(ctx); err != nil {
		println(err.Error())
	}
}

// rebuild holds the lock until it returns.
func (s *svc) rebuild(ctx context.Context) error {
	s.m = s.rs.NewMutex("rebuild")
	if err := s.m.LockContext(ctx); err != nil {
		return err
	}
	defer s.unlock(ctx)
	s.rdb.Set(ctx, "index:all", "v", 0) // want `go-redis Set .* under the redsync lock`
	return nil
}

// After rebuild returns the lock is gone: nothing here is under it.
func (s *svc) caller(ctx context.Context) error {
	if err := s.rebuild(ctx); err != nil {
		return err
	}
	s.rdb.Set(ctx, "stats:last-rebuild", "now", 0)
	return nil
}

// A function that keeps the lock when it returns is an acquire wrapper: its
// caller's write is under the lock.
func (s *svc) take(ctx context.Context) error {
	s.m = s.rs.NewMutex("rebuild")
	return s.m.LockContext(ctx)
}

func (s *svc) wrapped(ctx context.Context) error {
	if err := s.take(ctx); err != nil {
		return err
	}
	defer s.unlock(ctx)
	s.rdb.Set(ctx, "index:all", "v", 0) // want `go-redis Set .* under the redsync lock`
	return nil
}

// The lease row's heartbeat and expiry, renewed under the lock: protocol.
// Anything else assigned in the same statement is work.
func (s *svc) heartbeat(ctx context.Context, id int64) error {
	m := s.rs.NewMutex("jobs")
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	if _, err := s.db.ExecContext(ctx, `UPDATE jobs SET heartbeat_at = now() WHERE id = $1`, id); err != nil {
		return err
	}
	if _, err := s.db.ExecContext(ctx, `UPDATE jobs SET locked_until = now() + interval '30 seconds' WHERE id = $1`, id); err != nil {
		return err
	}
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET heartbeat_at = now(), state = 'running' WHERE id = $1`, id) // want `UPDATE jobs .* does not carry the fencing token`
	if err != nil {
		return err
	}
	_, err = s.db.ExecContext(ctx, `UPDATE jobs SET blocked_until = now() WHERE id = $1`, id) // want `UPDATE jobs .* does not carry the fencing token`
	return err
}

func (s *svc) suppressed(ctx context.Context) {
	m := s.rs.NewMutex("jobs")
	if err := m.LockContext(ctx); err != nil {
		return
	}
	defer m.UnlockContext(ctx)
	s.rdb.Set(ctx, "jobs:paused", "1", 0) //nolint:unfencedwrite // an operator flag, the same for every holder
}

// lockFor takes the lock and returns the function that releases it: a
// wrapper whose caller holds the lock until it calls cleanup.
func (s *svc) lockFor(ctx context.Context, name string) (cleanup func(), err error) {
	m := s.rs.NewMutex(name)
	if err = m.LockContext(ctx); err != nil {
		return nil, err
	}
	cleanup = func() {
		m.UnlockContext(ctx)
	}
	return cleanup, nil
}

// allocate holds the lock while it runs and gives it up through the
// returned cleanup when it returns.
func (s *svc) allocate(ctx context.Context) error {
	cleanup, err := s.lockFor(ctx, "pool")
	if err != nil {
		return err
	}
	defer cleanup()
	s.rdb.Set(ctx, "pool:next", "h1", 0) // want `go-redis Set .* under the redsync lock`
	return nil
}

// After allocate returns the lock is gone: nothing here is under it.
func (s *svc) afterAllocate(ctx context.Context) error {
	if err := s.allocate(ctx); err != nil {
		return err
	}
	s.rdb.Set(ctx, "instances:state", "started", 0)
	return nil
}

// Held until the caller calls cleanup: the write before it is under the lock.
func (s *svc) manual(ctx context.Context) error {
	cleanup, err := s.lockFor(ctx, "pool")
	if err != nil {
		return err
	}
	s.rdb.Set(ctx, "pool:next", "h2", 0) // want `go-redis Set .* under the redsync lock`
	cleanup()
	s.rdb.Set(ctx, "pool:after", "h2", 0)
	return nil
}
