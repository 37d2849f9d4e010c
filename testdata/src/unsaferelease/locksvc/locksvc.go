// Package locksvc releases a lock row through the sqlc Querier interface,
// as PrivateCaptcha's BusinessStoreImpl.ReleaseLock does.
package locksvc

import (
	"context"
	"log/slog"

	"unsaferelease/lockgen"
)

type Store struct {
	querier lockgen.Querier
	queries *lockgen.Queries
}

func (s *Store) ReleaseLock(ctx context.Context, name string) error {
	err := s.querier.DeleteLock(ctx, name) // want `s.querier.DeleteLock releases the lock row by its name only \(DELETE FROM backend.locks WHERE name = \$1, at locks.sql.go:\d+, in lockgen.Queries.DeleteLock\): if this holder's lease expired and another holder took the row in between, this deletes that holder's lock`
	if err != nil {
		slog.ErrorContext(ctx, "Failed to release a lock", "name", name)
	}
	return err
}

func (s *Store) releaseDirect(ctx context.Context, name string) error {
	return s.queries.DeleteLock(ctx, name) // want `s.queries.DeleteLock releases the lock row by its name only \(DELETE FROM backend.locks WHERE name = \$1, at locks.sql.go:\d+\)`
}

// --- must stay silent ---

func (s *Store) releaseOwned(ctx context.Context, name, owner string) error {
	return s.querier.DeleteOwnedLock(ctx, name, owner)
}

func (s *Store) acquire(ctx context.Context, name string) error {
	return s.querier.InsertLock(ctx, name)
}

// --- suppressed ---

func (s *Store) forceRelease(ctx context.Context, name string) error {
	//lint:ignore FC5001 admin endpoint: force-releases a stuck lock on purpose
	return s.querier.DeleteLock(ctx, name)
}
