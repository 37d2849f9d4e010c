// Package sqlcstore wraps the generated queries: its AcquireLock passes
// the expiration parameter on to InsertLock through the Querier interface.
package sqlcstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"wallclockttl/sqlcgen"
)

var ErrLocked = errors.New("locked")

type Store struct {
	querier sqlcgen.Querier
}

func nullTime(t time.Time) sql.NullTime { return sql.NullTime{Time: t, Valid: !t.IsZero()} }

func (s *Store) AcquireLock(ctx context.Context, name string, expiration time.Time) (*sqlcgen.Lock, error) {
	lock, err := s.querier.InsertLock(ctx, &sqlcgen.InsertLockParams{Name: name, ExpiresAt: nullTime(expiration)})
	if err == sql.ErrNoRows {
		return nil, ErrLocked
	}
	return lock, err
}

func (s *Store) ReleaseLock(ctx context.Context, name string) error {
	return s.querier.DeleteLock(ctx, name)
}

// WithTx runs fn on the store.
func (s *Store) WithTx(ctx context.Context, fn func(*Store) error) error { return fn(s) }
