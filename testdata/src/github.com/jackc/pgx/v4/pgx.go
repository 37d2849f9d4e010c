// Package pgx is a test stub of github.com/jackc/pgx/v4@v4.18.3, signatures copied from the real source.
package pgx

import (
	"context"

	"github.com/jackc/pgconn"
)

// Conn is a PostgreSQL connection handle.
type Conn struct{}

// Rows is the result set returned from *Conn.Query.
type Rows interface {
	Close()
	Err() error
	Next() bool
	Scan(dest ...interface{}) error
}

// Row is a convenience wrapper over Rows that is returned by QueryRow.
type Row interface {
	Scan(dest ...interface{}) error
}

// Tx represents a database transaction.
type Tx interface {
	Begin(ctx context.Context) (Tx, error)
	Commit(ctx context.Context) error
	Rollback(ctx context.Context) error
	Exec(ctx context.Context, sql string, arguments ...interface{}) (commandTag pgconn.CommandTag, err error)
	Query(ctx context.Context, sql string, args ...interface{}) (Rows, error)
	QueryRow(ctx context.Context, sql string, args ...interface{}) Row
	Conn() *Conn
}

// TxOptions are transaction modes within a transaction block.
type TxOptions struct{}

func Connect(ctx context.Context, connString string) (*Conn, error) { return &Conn{}, nil }

func (c *Conn) Close(ctx context.Context) error { return nil }
func (c *Conn) PgConn() *pgconn.PgConn          { return &pgconn.PgConn{} }
func (c *Conn) Begin(ctx context.Context) (Tx, error) {
	return nil, nil
}
func (c *Conn) BeginTx(ctx context.Context, txOptions TxOptions) (Tx, error) { return nil, nil }
func (c *Conn) Exec(ctx context.Context, sql string, arguments ...interface{}) (pgconn.CommandTag, error) {
	return nil, nil
}
func (c *Conn) Query(ctx context.Context, sql string, args ...interface{}) (Rows, error) {
	return nil, nil
}
func (c *Conn) QueryRow(ctx context.Context, sql string, args ...interface{}) Row { return nil }
