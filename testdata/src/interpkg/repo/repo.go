// Package repo hides SQL behind methods.
package repo

import (
	"context"
	"database/sql"
)

type Repo struct{ DB *sql.DB }

// Store is what the application sees.
type Store interface {
	Save(ctx context.Context, id int64) error
}

func (r *Repo) Save(ctx context.Context, id int64) error { // want Save:`effects\(UPDATE items@repo.go:17 carried by \[2\]\)`
	_, err := r.DB.ExecContext(ctx, `UPDATE items SET state = 'saved' WHERE id = $1`, id)
	return err
}

func (r *Repo) SaveFenced(ctx context.Context, id, fence int64) error { // want SaveFenced:`effects\(UPDATE items@repo.go:22 carried by \[2 3\]\)`
	_, err := r.DB.ExecContext(ctx, `UPDATE items SET state = 'saved', fence = $2 WHERE id = $1 AND fence <= $2`, id, fence)
	return err
}

func (r *Repo) Load(ctx context.Context, id int64) (string, error) {
	var s string
	err := r.DB.QueryRowContext(ctx, `SELECT state FROM items WHERE id = $1`, id).Scan(&s)
	return s, err
}

// Generic helpers: summarised like any function.
func Put[T any](ctx context.Context, db *sql.DB, v T) error { // want Put:`effects\(UPDATE blobs@repo.go:\d+ carried by \[\]\)`
	_, err := db.ExecContext(ctx, `UPDATE blobs SET n = n + 1`)
	return err
}

type Table[T any] struct{ DB *sql.DB }

func (t *Table[T]) Insert(ctx context.Context, v T) error { // want Insert:`effects\(INSERT rows@repo.go:\d+ carried by \[\]\)`
	_, err := t.DB.ExecContext(ctx, `INSERT INTO rows(v) VALUES ($1)`, v)
	return err
}

func (t *Table[T]) Get(ctx context.Context) error {
	return t.DB.QueryRowContext(ctx, `SELECT v FROM rows`).Scan()
}
