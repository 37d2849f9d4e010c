// Package ifaces: an SQL-shaped user interface (sqlc's DBTX) is an SQL
// sink when the text is constant, and a lock taken through an interface
// whose every implementation is an acquire wrapper opens a section.
package ifaces

import (
	"context"
	"database/sql"

	"go.etcd.io/etcd/client/v3/concurrency"
)

type DBTX interface {
	ExecContext(context.Context, string, ...interface{}) (sql.Result, error)
	QueryRowContext(context.Context, string, ...interface{}) *sql.Row
}

type Queries struct{ db DBTX }

const markPaid = `UPDATE orders SET paid = true WHERE id = $1`

func (q *Queries) MarkPaid(ctx context.Context, id int64) error {
	_, err := q.db.ExecContext(ctx, markPaid, id)
	return err
}

func (q *Queries) State(ctx context.Context, id int64) (s string, err error) {
	err = q.db.QueryRowContext(ctx, `SELECT state FROM orders WHERE id = $1`, id).Scan(&s)
	return s, err
}

func (q *Queries) Dynamic(ctx context.Context, stmt string) error {
	_, err := q.db.ExecContext(ctx, stmt)
	return err
}

// Runner has the shape, but its text is a command, not SQL.
type Runner interface {
	Exec(ctx context.Context, cmd string, args ...any) error
}

func pay(ctx context.Context, m *concurrency.Mutex, q *Queries, r Runner, stmt string) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	if _, err := q.State(ctx, 1); err != nil { // a read
		return err
	}
	q.Dynamic(ctx, stmt)              // unknown text: never guessed
	r.Exec(ctx, "rsync -a /src /dst") // not SQL
	//lint:ignore FC1001 order 2 is a test fixture
	q.MarkPaid(ctx, 2)
	return q.MarkPaid(ctx, 1) // want `UPDATE orders \(SQL interface DBTX.ExecContext\) \(reached through this call\) under the etcd lock`
}

// Without a lock: silent.
func payUnlocked(ctx context.Context, q *Queries) error { return q.MarkPaid(ctx, 3) }

// A lock behind an interface.
type Locker interface {
	Lock(ctx context.Context) error
}

type etcdLocker struct{ m *concurrency.Mutex }

func (l *etcdLocker) Lock(ctx context.Context) error { return l.m.Lock(ctx) }

func viaLocker(ctx context.Context, l Locker, db *sql.DB) error {
	if err := l.Lock(ctx); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE orders SET shipped = true`) // want `UPDATE orders .*under the etcd lock acquired at`
	return err
}

// An interface one of whose implementations takes no lock: no section.
type MaybeLocker interface {
	Acquire(ctx context.Context) error
}

type etcdAcquirer struct{ m *concurrency.Mutex }

func (l *etcdAcquirer) Acquire(ctx context.Context) error { return l.m.Lock(ctx) }

type noAcquirer struct{}

func (noAcquirer) Acquire(ctx context.Context) error { return nil }

func viaMaybe(ctx context.Context, l MaybeLocker, db *sql.DB) error {
	if err := l.Acquire(ctx); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE orders SET shipped = true`)
	return err
}
