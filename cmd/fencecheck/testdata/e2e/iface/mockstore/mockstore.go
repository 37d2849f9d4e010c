// Package mockstore is a test double of service.Store: it never counts as
// an implementation.
package mockstore

import (
	"context"
	"database/sql"
)

type Store struct{ DB *sql.DB }

func (s *Store) MarkPaid(ctx context.Context, id int64) error {
	_, err := s.DB.ExecContext(ctx, `UPDATE mock_invoices SET paid = true WHERE id = $1`, id)
	return err
}

// Audit is a test double of domain.Audit.
type Audit struct{ DB *sql.DB }

func (a *Audit) Record(ctx context.Context, id int64) error {
	_, err := a.DB.ExecContext(ctx, `INSERT INTO mock_audit (id) VALUES ($1)`, id)
	return err
}
