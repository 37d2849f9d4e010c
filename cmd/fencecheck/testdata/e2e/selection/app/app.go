package app

import (
	"context"
	"database/sql"
	"net/smtp"

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

// An effect that cannot carry the token (FC1003 when selected; else the
// unfenced write it also is).
func Notify(ctx context.Context, c *lockz.Client) {
	l, err := c.Acquire(ctx, "mail")
	if err != nil {
		return
	}
	defer c.Release(ctx, l)
	smtp.SendMail("mail:25", nil, "billing@example.com", []string{"ops@example.com"}, []byte("invoiced"))
}

// The fence compared in Go between a read and the write (FC2002 when
// selected; else the unfenced write it also is).
func Split(ctx context.Context, c *lockz.Client, db *sql.DB) error {
	l, err := c.Acquire(ctx, "accounts")
	if err != nil {
		return err
	}
	defer c.Release(ctx, l)
	tok := l.Seq()
	var current int64
	if err := db.QueryRowContext(ctx, `SELECT fence_token FROM accounts WHERE id = 1`).Scan(&current); err != nil {
		return err
	}
	if current > tok {
		return nil
	}
	_, err = db.ExecContext(ctx, `UPDATE accounts SET state = 'x', fence_token = $1 WHERE id = 1`, tok)
	return err
}
