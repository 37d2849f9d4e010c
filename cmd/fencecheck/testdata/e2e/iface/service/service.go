// Package service holds an SQL advisory lock while it calls a Store. The
// Store is implemented in package pg, which service does not import: only
// the standalone command, which sees the whole program, follows the call
// there. The sqlc-style queries of package dbq are imported, so their
// writes reach every driver through facts.
package service

import (
	"context"
	"database/sql"
	"io"

	"example.com/iface/dbq"
	"example.com/iface/domain"
)

type Store interface {
	MarkPaid(ctx context.Context, id int64) error
}

// Refunder's implementation in package pg names its parameters and
// results differently: the same method all the same.
type Refunder interface {
	Refund(ctx context.Context, id int64) (refunded int64, err error)
}

type Locker interface {
	Acquire(ctx context.Context) error
	Release(ctx context.Context) error
}

type Notifier interface {
	Notify(ctx context.Context, msg string) error
}

type Service struct {
	DB  *sql.DB
	St  Store
	R   Refunder
	Q   *dbq.Queries
	L   Locker
	N   Notifier
	Out io.Writer
	D   *domain.Service
}

func (s *Service) Pay(ctx context.Context, conn *sql.Conn) error {
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock(5)`); err != nil {
		return err
	}
	defer conn.ExecContext(ctx, `SELECT pg_advisory_unlock(5)`)
	if err := s.St.MarkPaid(ctx, 1); err != nil { // want "UPDATE invoices .*in MarkPaid, called here.*FC1001"
		return err
	}
	//lint:ignore FC1001 shipping marks are idempotent
	s.Q.MarkShipped(ctx, 1)
	return s.Q.MarkShipped(ctx, 2) // want "UPDATE orders \\(SQL interface DBTX.ExecContext\\).*FC1001"
}

func (s *Service) Refund(ctx context.Context, conn *sql.Conn) error {
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock(6)`); err != nil {
		return err
	}
	defer conn.ExecContext(ctx, `SELECT pg_advisory_unlock(6)`)
	_, err := s.R.Refund(ctx, 1) // want "UPDATE invoices .*in Refund, called here.*FC1001"
	return err
}

// Without the lock: silent.
func (s *Service) PayUnlocked(ctx context.Context) error {
	return s.St.MarkPaid(ctx, 3)
}

// The lock is taken through an interface implemented in package advlock.
func (s *Service) Ship(ctx context.Context) error {
	if err := s.L.Acquire(ctx); err != nil {
		return err
	}
	s.N.Notify(ctx, "shipping")                                         // implemented elsewhere, but only reads
	s.Out.Write([]byte("shipping\n"))                                   // a standard interface: not resolved
	_, err := s.DB.ExecContext(ctx, `UPDATE orders SET shipped = true`) // want "UPDATE orders .*under the SQL advisory lock acquired at service.go.*FC1001"
	s.L.Release(ctx)                                                    // the lock's release: not followed into kvlock's, another lock's protocol
	return err
}

// A domain service whose repository is implemented where neither service
// nor domain looks: its summary leaves the call to this caller.
func (s *Service) Cancel(ctx context.Context, conn *sql.Conn) error {
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock(7)`); err != nil {
		return err
	}
	defer conn.ExecContext(ctx, `SELECT pg_advisory_unlock(7)`)
	return s.D.Cancel(ctx, 1) // want "UPDATE order_status .*in Cancel, called here.*FC1001"
}
