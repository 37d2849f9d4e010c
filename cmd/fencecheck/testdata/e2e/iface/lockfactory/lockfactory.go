// Package lockfactory hands out Postgres advisory locks behind an
// interface; its implementation is unexported, so importers see no fact
// about it: only the standalone command's whole-program view knows that
// Factory.Acquire takes a lock.
package lockfactory

import (
	"context"
	"database/sql"
)

type Lock interface{ Release() error }

type Factory interface {
	Acquire(ctx context.Context, id int64) (Lock, bool, error)
}

func New(conn *sql.Conn) Factory { return &factory{conn: conn} }

type factory struct{ conn *sql.Conn }

func (f *factory) Acquire(ctx context.Context, id int64) (Lock, bool, error) {
	var ok bool
	if err := f.conn.QueryRowContext(ctx, `SELECT pg_try_advisory_lock($1)`, id).Scan(&ok); err != nil {
		return nil, false, err
	}
	if !ok {
		return nil, false, nil
	}
	return &lock{f.conn, id}, true, nil
}

type lock struct {
	conn *sql.Conn
	id   int64
}

func (l *lock) Release() error {
	_, err := l.conn.ExecContext(context.Background(), `SELECT pg_advisory_unlock($1)`, l.id)
	return err
}
