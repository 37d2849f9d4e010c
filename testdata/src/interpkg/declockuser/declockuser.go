// Package declockuser takes its locks only through the interfaces of
// package declock, whose implementations it cannot see: the methods'
// names and signatures declare the acquisitions.
package declockuser

import (
	"context"
	"database/sql"
	"sync"
	"time"

	"interpkg/declock"
)

type Service struct {
	db      *sql.DB
	locker  declock.Locker
	handles declock.HandleLocker
	funcs   declock.FuncLocker
	keyed   declock.KeyedMutex
	ctxmu   declock.CtxMutex
	reg     declock.Registry
	mu      sync.Locker
}

func (s *Service) Settle(ctx context.Context, id int64) error {
	if err := s.locker.Lock(ctx, "settle", 30*time.Second); err != nil {
		return err
	}
	defer s.locker.Unlock(ctx, "settle")
	_, err := s.db.ExecContext(ctx, `UPDATE invoices SET settled = true WHERE id = $1`, id) // want `UPDATE invoices .*under the lock interface declock.Locker acquired at declockuser.go:\d+ does not carry the fencing token.*the application's lock interface Locker returns no fencing token`
	return err
}

func (s *Service) TrySettle(ctx context.Context, id int64) error {
	ok, err := s.locker.TryLock(ctx, "settle", time.Minute)
	if err != nil || !ok {
		return err
	}
	defer s.locker.Unlock(ctx, "settle")
	_, err = s.db.ExecContext(ctx, `DELETE FROM drafts WHERE invoice = $1`, id) // want `DELETE drafts .*under the lock interface declock.Locker`
	return err
}

func (s *Service) Bill(ctx context.Context, id int64) error {
	h, err := s.handles.TryLock(ctx, "bill")
	if err != nil {
		return err
	}
	defer h.Unlock(ctx)
	_, err = s.db.ExecContext(ctx, `INSERT INTO charges (invoice) VALUES ($1)`, id) // want `INSERT charges .*under the lock interface declock.HandleLocker`
	return err
}

func (s *Service) Close(ctx context.Context, id int64) error {
	release, err := s.funcs.Acquire(ctx, "close")
	if err != nil {
		return err
	}
	defer release()
	//lint:ignore FC1001 closing twice is harmless here
	_, err = s.db.ExecContext(ctx, `UPDATE invoices SET closed = true WHERE id = $1`, id)
	return err
}

// After the release: no lock held.
func (s *Service) After(ctx context.Context, id int64) error {
	if err := s.locker.Lock(ctx, "after", time.Minute); err != nil {
		return err
	}
	s.locker.Unlock(ctx, "after")
	_, err := s.db.ExecContext(ctx, `UPDATE invoices SET seen = true WHERE id = $1`, id)
	return err
}

// Look-alikes: in-process mutexes, and methods that make, look up, test
// or share a lock without taking it exclusively.
func (s *Service) LookAlikes(ctx context.Context, id int64) {
	s.mu.Lock()
	s.db.ExecContext(ctx, `UPDATE invoices SET a = 1 WHERE id = $1`, id)
	s.mu.Unlock()

	s.keyed.Lock("k")
	s.db.ExecContext(ctx, `UPDATE invoices SET b = 1 WHERE id = $1`, id)
	s.keyed.Unlock("k")

	if err := s.ctxmu.Lock(ctx, "k"); err == nil {
		s.db.ExecContext(ctx, `UPDATE invoices SET c = 1 WHERE id = $1`, id)
		s.ctxmu.Unlock(ctx, "k")
	}
	if h, err := s.reg.NewLock(ctx, "k", time.Minute); err == nil {
		s.db.ExecContext(ctx, `UPDATE invoices SET d = 1 WHERE id = $1`, id)
		h.Unlock(ctx)
	}
	if h, err := s.reg.GetLock(ctx, "k", time.Minute); err == nil {
		s.db.ExecContext(ctx, `UPDATE invoices SET e = 1 WHERE id = $1`, id)
		h.Unlock(ctx)
	}
	if ok, err := s.reg.IsLocked(ctx, "k", time.Minute); err == nil && ok {
		s.db.ExecContext(ctx, `UPDATE invoices SET f = 1 WHERE id = $1`, id)
	}
	if err := s.reg.RLock(ctx, "k", time.Minute); err == nil {
		s.db.ExecContext(ctx, `UPDATE invoices SET g = 1 WHERE id = $1`, id)
	}
}

// localLocker is this package's own implementation of a lock interface
// with the declaring shape: a map of in-process mutexes. The package that
// implements the interface says what it locks.
type localLocker struct {
	mu sync.Mutex
	m  map[string]*sync.Mutex
}

type Leaser interface {
	Lock(ctx context.Context, key string, ttl time.Duration) error
	Unlock(ctx context.Context, key string) error
}

func (l *localLocker) Lock(ctx context.Context, key string, ttl time.Duration) error {
	l.mu.Lock()
	m := l.m[key]
	l.mu.Unlock()
	m.Lock()
	return nil
}

func (l *localLocker) Unlock(ctx context.Context, key string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.m[key].Unlock()
	return nil
}

func Local(ctx context.Context, db *sql.DB, l Leaser) error {
	if err := l.Lock(ctx, "k", time.Minute); err != nil {
		return err
	}
	defer l.Unlock(ctx, "k")
	_, err := db.ExecContext(ctx, `UPDATE invoices SET h = 1 WHERE id = 1`)
	return err
}
