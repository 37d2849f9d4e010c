// Package pg implements service.Store without importing package service.
package pg

import (
	"context"
	"database/sql"
)

type Store struct{ DB *sql.DB }

func (s *Store) MarkPaid(ctx context.Context, id int64) error {
	_, err := s.DB.ExecContext(ctx, `UPDATE invoices SET paid = true WHERE id = $1`, id)
	return err
}
