// Package app uses the annotated lockz client.
package app

import (
	"context"
	"database/sql"
	"errors"

	"custom/lockz"
)

func work(ctx context.Context, c *lockz.Client, db *sql.DB) error {
	l, err := c.Acquire(ctx, "billing")
	if err != nil {
		return err
	}
	defer c.Release(ctx, l)
	db.ExecContext(ctx, `UPDATE invoices SET sent = true WHERE id = 1`)                            // want `UPDATE invoices .* under the lock Acquire`
	db.ExecContext(ctx, `UPDATE invoices SET sent = true WHERE id = 1 AND epoch <= $1`, l.Epoch)   // annotated field
	db.ExecContext(ctx, `UPDATE invoices SET sent = true WHERE id = 2 AND epoch <= $1`, l.Token()) // annotated func
	lockz.Publish(ctx, "invoices", 0)                                                              // want `call to Publish .* under the lock Acquire`
	lockz.Publish(ctx, "invoices", l.Token())
	return nil
}

func afterRelease(ctx context.Context, c *lockz.Client, db *sql.DB) {
	l, err := c.Acquire(ctx, "billing")
	if err != nil {
		return
	}
	c.Release(ctx, l)
	db.ExecContext(ctx, `UPDATE invoices SET sent = false`) // released: outside
}

// A failure branch comparing the error with a sentinel does not hide the
// section of a configured lock.
func sentinelOnFailure(ctx context.Context, c *lockz.Client, db *sql.DB) error {
	l, err := c.Acquire(ctx, "billing")
	if err != nil {
		if errors.Is(err, lockz.ErrBusy) {
			return nil
		}
		return err
	}
	defer c.Release(ctx, l)
	_, err = db.ExecContext(ctx, `UPDATE invoices SET sent = true WHERE id = 3`) // want `UPDATE invoices .* under the lock Acquire`
	return err
}

// Continues when the configured lock was busy: silent.
func sentinelContinues(ctx context.Context, c *lockz.Client, db *sql.DB) error {
	_, err := c.Acquire(ctx, "billing")
	if err != nil && !errors.Is(err, lockz.ErrBusy) {
		return err
	}
	_, err = db.ExecContext(ctx, `UPDATE invoices SET seen = true WHERE id = 3`)
	return err
}
