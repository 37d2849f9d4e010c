// Package suppressed holds unfenced writes that are deliberately silenced, one
// per suppression style. fencecheck must report none of them.
package suppressed

import (
	"context"
	"database/sql"

	"go.etcd.io/etcd/client/v3/concurrency"
)

// AuditLintIgnore silences the finding with a staticcheck-style directive on the line before.
func AuditLintIgnore(ctx context.Context, db *sql.DB, m *concurrency.Mutex, msg string) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	//lint:ignore FC1001 audit_log is append-only; a duplicate entry from a stale holder is harmless
	_, err := db.ExecContext(ctx, `INSERT INTO audit_log (msg) VALUES ($1)`, msg)
	return err
}

// AuditNolint silences the finding with a golangci-lint directive on the same line.
func AuditNolint(ctx context.Context, db *sql.DB, m *concurrency.Mutex, msg string) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	_, err := db.ExecContext(ctx, `INSERT INTO audit_log (msg) VALUES ($1)`, msg) //nolint:fencecheck // append-only audit log
	return err
}
