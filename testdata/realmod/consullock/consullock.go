// Package consullock rotates invoices while holding a Consul api.Lock on a
// session it created itself. The fence is the lock key's LockIndex, read while
// the key still belongs to that session.
package consullock

import (
	"context"
	"database/sql"
	"errors"

	"github.com/hashicorp/consul/api"
)

const lockKey = "service/billing/leader"

// ErrLockLost means the lock key no longer belongs to our session.
var ErrLockLost = errors.New("consullock: lock lost or superseded")

// lock acquires the billing lock on the given session.
func lock(c *api.Client, session string, stop <-chan struct{}) (*api.Lock, error) {
	l, err := c.LockOpts(&api.LockOptions{Key: lockKey, Session: session})
	if err != nil {
		return nil, err
	}
	lost, err := l.Lock(stop)
	if err != nil {
		return nil, err
	}
	if lost == nil {
		return nil, ErrLockLost
	}
	return l, nil
}

// CloseInvoicesUnfenced closes open invoices with a plain UPDATE under the lock.
func CloseInvoicesUnfenced(ctx context.Context, c *api.Client, db *sql.DB) error {
	l, err := c.LockKey(lockKey)
	if err != nil {
		return err
	}
	if _, err := l.Lock(ctx.Done()); err != nil { // want "FC5002"
		return err
	}
	defer l.Unlock()
	_, err = db.ExecContext(ctx, `UPDATE invoices SET state = 'closed' WHERE state = 'open'`) // want "FC1001"
	return err
}

// CloseInvoicesFenced reads LockIndex for our session and compares it in the WHERE clause.
func CloseInvoicesFenced(ctx context.Context, c *api.Client, db *sql.DB, session string) error {
	l, err := lock(c, session, ctx.Done())
	if err != nil {
		return err
	}
	defer l.Unlock()
	pair, _, err := c.KV().Get(lockKey, (&api.QueryOptions{RequireConsistent: true}).WithContext(ctx))
	if err != nil {
		return err
	}
	if pair == nil || pair.Session != session {
		return ErrLockLost
	}
	res, err := db.ExecContext(ctx,
		`UPDATE billing_runs SET state = 'closed', lock_index = $1 WHERE id = 1 AND lock_index <= $1`, pair.LockIndex)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return ErrLockLost
	}
	return nil
}

// CountOpenInvoices only reads under the lock.
func CountOpenInvoices(ctx context.Context, c *api.Client, db *sql.DB, session string) (int64, error) {
	l, err := lock(c, session, ctx.Done())
	if err != nil {
		return 0, err
	}
	defer l.Unlock()
	var n int64
	err = db.QueryRowContext(ctx, `SELECT count(*) FROM invoices WHERE state = 'open'`).Scan(&n)
	return n, err
}

// Reminders sends the day's reminders once, if no other instance holds the
// lock within a second: LockTryOnce makes Lock return nil, nil when it does,
// and only the error is checked.
func Reminders(c *api.Client, send func(stop <-chan struct{})) error {
	l, err := c.LockOpts(&api.LockOptions{Key: lockKey + "/reminders", LockWaitTime: 1e9, LockTryOnce: true})
	if err != nil {
		return err
	}
	lost, err := l.Lock(nil) // want "FC5002"
	if err != nil {
		return err
	}
	defer l.Unlock()
	send(lost)
	return nil
}
