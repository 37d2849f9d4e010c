// Package pgconn is a test stub of github.com/jackc/pgconn@v1.14.3, signatures copied from the real source.
package pgconn

import "context"

// CommandTag is the result of an Exec function.
type CommandTag []byte

func (ct CommandTag) RowsAffected() int64 { return 0 }
func (ct CommandTag) String() string      { return string(ct) }

// PgConn is a low-level PostgreSQL connection handle.
type PgConn struct{}

// MultiResultReader is a reader for a command that could return multiple results.
type MultiResultReader struct{}

func (mrr *MultiResultReader) Close() error { return nil }

func (pgConn *PgConn) Exec(ctx context.Context, sql string) *MultiResultReader {
	return &MultiResultReader{}
}
