// Package checks: an annotated lease check before an unfenced write (FC2001).
package checks

import (
	"context"
	"database/sql"

	"custom/lockz"
)

func work(ctx context.Context, c *lockz.Client, db *sql.DB) {
	l, err := c.Acquire(ctx, "billing")
	if err != nil {
		return
	}
	defer c.Release(ctx, l)
	if l.Valid() {
		db.ExecContext(ctx, `DELETE FROM drafts WHERE id = 1`) // want `DELETE drafts .* is guarded by a lease check \(Valid`
	}
}
