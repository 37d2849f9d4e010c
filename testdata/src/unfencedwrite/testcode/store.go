// Package testcode exercises FC1001 in test files: a lock the code under
// test takes (its acquire wrapper, its lock helper) does not make the
// test's own statements protected work; a lock the test takes itself
// through a lock library's API does.
package testcode

import (
	"context"
	"database/sql"

	"github.com/go-redsync/redsync/v4"
)

type Store struct {
	rs *redsync.Redsync
	db *sql.DB
}

// Lock is the application's acquire wrapper.
func (s *Store) Lock(ctx context.Context, name string) (*redsync.Mutex, error) {
	m := s.rs.NewMutex(name)
	if err := m.LockContext(ctx); err != nil {
		return nil, err
	}
	return m, nil
}

// WithLock is the application's lock helper: fn runs while the lock is held.
func (s *Store) WithLock(ctx context.Context, name string, fn func() error) error {
	m := s.rs.NewMutex(name)
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	return fn()
}

// Migrate is the code under test: its write under the wrapper's lock is
// reported here, in the application's file.
func (s *Store) Migrate(ctx context.Context) error {
	m, err := s.Lock(ctx, "migrations")
	if err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	_, err = s.db.ExecContext(ctx, `UPDATE schema_version SET version = 2`) // want `UPDATE schema_version .* under the redsync lock`
	return err
}

// Settle is code under test that writes; a test calls it while holding a
// lock of its own (simulating contention).
func Settle(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `UPDATE orders SET state = 'settled' WHERE id = 2`)
	return err
}
