// Package app calls a lock helper and a repository from two other
// packages; the findings travel as facts, so go vet and the standalone
// command must agree.
package app

import (
	"context"
	"database/sql"

	"example.com/mini/lockhelper"
	"example.com/mini/repo"
)

func CloseAll(ctx context.Context, db *sql.DB, r *repo.Repo) error {
	return lockhelper.WithLock(ctx, db, 42, func(ctx context.Context) error {
		if _, err := r.Load(ctx, 1); err != nil {
			return err
		}
		return r.Close(ctx, 1) // want "FC1001"
	})
}
