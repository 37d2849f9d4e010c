// Package pgxpool is a test stub of github.com/jackc/pgx/v4@v4.18.3 (pgxpool), signatures copied from the real source.
package pgxpool

import (
	"context"

	"github.com/jackc/pgconn"
	"github.com/jackc/pgx/v4"
)

// Pool allows for connection reuse.
type Pool struct{}

// Conn is an acquired *pgx.Conn from a Pool.
type Conn struct{}

// Tx represents a database transaction acquired from a Pool.
type Tx struct{}

func Connect(ctx context.Context, connString string) (*Pool, error) { return &Pool{}, nil }

func (p *Pool) Close()                                     {}
func (p *Pool) Acquire(ctx context.Context) (*Conn, error) { return &Conn{}, nil }
func (p *Pool) Begin(ctx context.Context) (pgx.Tx, error)  { return &Tx{}, nil }
func (p *Pool) Exec(ctx context.Context, sql string, arguments ...interface{}) (pgconn.CommandTag, error) {
	return nil, nil
}
func (p *Pool) Query(ctx context.Context, sql string, args ...interface{}) (pgx.Rows, error) {
	return nil, nil
}
func (p *Pool) QueryRow(ctx context.Context, sql string, args ...interface{}) pgx.Row { return nil }

func (c *Conn) Release() {}
func (c *Conn) Exec(ctx context.Context, sql string, arguments ...interface{}) (pgconn.CommandTag, error) {
	return nil, nil
}
func (c *Conn) Query(ctx context.Context, sql string, args ...interface{}) (pgx.Rows, error) {
	return nil, nil
}
func (c *Conn) QueryRow(ctx context.Context, sql string, args ...interface{}) pgx.Row { return nil }

func (tx *Tx) Begin(ctx context.Context) (pgx.Tx, error) { return tx, nil }
func (tx *Tx) Commit(ctx context.Context) error          { return nil }
func (tx *Tx) Rollback(ctx context.Context) error        { return nil }
func (tx *Tx) Conn() *pgx.Conn                           { return nil }
func (tx *Tx) Exec(ctx context.Context, sql string, arguments ...interface{}) (pgconn.CommandTag, error) {
	return nil, nil
}
func (tx *Tx) Query(ctx context.Context, sql string, args ...interface{}) (pgx.Rows, error) {
	return nil, nil
}
func (tx *Tx) QueryRow(ctx context.Context, sql string, args ...interface{}) pgx.Row { return nil }
