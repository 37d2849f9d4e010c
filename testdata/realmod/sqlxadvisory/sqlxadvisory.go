// Package sqlxadvisory takes a Postgres advisory lock through sqlx's
// GetContext, scanning pg_try_advisory_lock's bool into a variable, and
// hands the caller a handle through an interface (a frontier-style
// Client.TryLock): the lock is held where the bool is true, and the
// caller's writes under it carry no token.
package sqlxadvisory

import (
	"context"
	"errors"

	"github.com/jmoiron/sqlx"
)

var ErrBusy = errors.New("sqlxadvisory: lock busy")

type Client struct{ *sqlx.DB }

// Lock is the handle TryLock returns.
type Lock struct {
	ID   int64
	conn *sqlx.Conn
}

func (l *Lock) Unlock(ctx context.Context) error {
	_, err := l.conn.ExecContext(ctx, `SELECT pg_advisory_unlock($1)`, l.ID)
	return err
}

// TryLock takes the lock on the pool (not on the connection it keeps):
// an acquire wrapper for its callers.
func (c Client) TryLock(ctx context.Context, id int64) (*Lock, error) {
	conn, err := c.Connx(ctx)
	if err != nil {
		return nil, err
	}
	var acquired bool
	if err := c.GetContext(ctx, &acquired, `SELECT pg_try_advisory_lock($1)`, id); err != nil {
		return nil, err
	}
	if !acquired {
		return nil, ErrBusy
	}
	return &Lock{ID: id, conn: conn}, nil
}

type Locker interface {
	TryLock(ctx context.Context, id int64) (*Lock, error)
}

type Billing struct {
	db     *sqlx.DB
	locker Locker
}

func (b *Billing) Invoice(ctx context.Context, account int64) error {
	l, err := b.locker.TryLock(ctx, account)
	if err != nil {
		return err
	}
	defer l.Unlock(ctx)
	_, err = b.db.ExecContext(ctx, `UPDATE accounts SET invoiced = true WHERE id = $1`, account) // want "FC1001"
	return err
}

// Count reads through GetContext under no lock, and an UPDATE ... RETURNING
// through it outside any lock is no finding either.
func (b *Billing) Count(ctx context.Context) (n int, err error) {
	if err = b.db.GetContext(ctx, &n, `SELECT count(*) FROM accounts`); err != nil {
		return 0, err
	}
	var id int64
	err = b.db.GetContext(ctx, &id, `UPDATE accounts SET seen = true WHERE id = 1 RETURNING id`)
	return n, err
}
