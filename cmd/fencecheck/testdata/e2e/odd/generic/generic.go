// Package generic takes a lock in generic code.
package generic

import (
	"context"
	"database/sql"
)

type Store[K comparable] struct{ db *sql.DB }

func (s *Store[K]) Put(ctx context.Context, k K) error {
	if _, err := s.db.ExecContext(ctx, `SELECT pg_advisory_lock(2)`); err != nil {
		return err
	}
	_, err := s.db.ExecContext(ctx, `UPDATE kv SET v = 1 WHERE k = $1`, k) // want "FC1001"
	return err
}

func Use(ctx context.Context, db *sql.DB) error {
	return (&Store[string]{db: db}).Put(ctx, "a")
}
