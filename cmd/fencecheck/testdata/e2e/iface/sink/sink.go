// Package sink has look-alikes that must not count: a Notify that only
// reads, and an io.Writer that writes to the database (a standard
// interface is never resolved across packages).
package sink

import (
	"context"
	"database/sql"
)

type Notifier struct{ DB *sql.DB }

func (n *Notifier) Notify(ctx context.Context, msg string) error {
	var id int64
	return n.DB.QueryRowContext(ctx, `SELECT id FROM users WHERE name = $1`, msg).Scan(&id)
}

type AuditWriter struct{ DB *sql.DB }

func (w *AuditWriter) Write(p []byte) (int, error) {
	_, err := w.DB.Exec(`INSERT INTO audit(line) VALUES ($1)`, string(p))
	return len(p), err
}
