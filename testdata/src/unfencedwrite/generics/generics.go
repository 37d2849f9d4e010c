// Package generics: writes reached through generic functions and methods
// of generic types of the same package.
package generics

import (
	"context"
	"database/sql"

	"go.etcd.io/etcd/client/v3/concurrency"
)

func exec[T any](ctx context.Context, db *sql.DB, v T) error {
	_, err := db.ExecContext(ctx, `UPDATE jobs SET done = true WHERE id = $1`, v)
	return err
}

func execFenced[T any](ctx context.Context, db *sql.DB, v T, tok int64) error {
	_, err := db.ExecContext(ctx, `UPDATE jobs SET done = true WHERE id = $1 AND fence <= $2`, v, tok)
	return err
}

type repo[T any] struct{ db *sql.DB }

func (r *repo[T]) save(ctx context.Context, v T) error {
	_, err := r.db.ExecContext(ctx, `UPDATE items SET v = $1`, v)
	return err
}

func (r *repo[T]) each(ctx context.Context, f func(T) error) error {
	var v T
	return f(v)
}

func locked(ctx context.Context, m *concurrency.Mutex, db *sql.DB, r *repo[string]) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	if err := exec(ctx, db, 1); err != nil { // want `UPDATE jobs .*\(reached through this call\)`
		return err
	}
	if err := execFenced(ctx, db, 1, m.Header().Revision); err != nil {
		return err
	}
	//lint:ignore FC1001 items is a cache rebuilt on start
	r.save(ctx, "b")
	return r.each(ctx, func(s string) error {
		return r.save(ctx, s) // want `UPDATE items .*\(reached through this call\)`
	})
}

// The same calls without a lock: silent.
func unlocked(ctx context.Context, db *sql.DB, r *repo[int]) error {
	exec(ctx, db, 1)
	return r.save(ctx, 2)
}
