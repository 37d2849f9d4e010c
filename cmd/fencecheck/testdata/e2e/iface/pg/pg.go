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

type Refunds struct{ DB *sql.DB }

func (r *Refunds) Refund(ctx context.Context, invoice int64) (n int64, e error) {
	res, err := r.DB.ExecContext(ctx, `UPDATE invoices SET refunded = true WHERE id = $1`, invoice)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// Orders implements domain.Orders without importing package domain.
type Orders struct{ DB *sql.DB }

func (o *Orders) SetStatus(ctx context.Context, id int64, status int32) error {
	_, err := o.DB.ExecContext(ctx, `UPDATE order_status SET status = $1 WHERE id = $2`, status, id)
	return err
}
