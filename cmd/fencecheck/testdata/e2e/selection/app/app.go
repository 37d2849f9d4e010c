package app

import (
	"context"
	"database/sql"

	"example.com/sel/lockz"
)

func Work(ctx context.Context, c *lockz.Client, db *sql.DB) {
	l, err := c.Acquire(ctx, "billing")
	if err != nil {
		return
	}
	defer c.Release(ctx, l)
	if l.Valid() {
		db.ExecContext(ctx, `DELETE FROM drafts WHERE id = 1`)
	}
}
