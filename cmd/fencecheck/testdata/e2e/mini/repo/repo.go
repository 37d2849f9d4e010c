// Package repo hides SQL behind methods.
package repo

import (
	"context"
	"database/sql"
)

type Repo struct{ DB *sql.DB }

func (r *Repo) Close(ctx context.Context, id int64) error {
	_, err := r.DB.ExecContext(ctx, `UPDATE invoices SET state = 'closed' WHERE id = $1`, id)
	return err
}

func (r *Repo) Load(ctx context.Context, id int64) (string, error) {
	var s string
	err := r.DB.QueryRowContext(ctx, `SELECT state FROM invoices WHERE id = $1`, id).Scan(&s)
	return s, err
}
