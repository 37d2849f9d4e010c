// Package suppressed holds unfenced writes silenced by each suppression
// style; FC1001 must report none of them.
package suppressed

import (
	"context"
	"database/sql"

	"go.etcd.io/etcd/client/v3/concurrency"
)

func suppressed(ctx context.Context, db *sql.DB, m *concurrency.Mutex) {
	if err := m.Lock(ctx); err != nil {
		return
	}
	defer m.Unlock(ctx)
	//lint:ignore FC1001 the audit table tolerates duplicates from stale holders
	db.ExecContext(ctx, `INSERT INTO audit(msg) VALUES ('a')`)

	db.ExecContext(ctx, `INSERT INTO audit(msg) VALUES ('b')`) //nolint:fencecheck // append-only log

	db.ExecContext(ctx, `INSERT INTO audit(msg) VALUES ('c')`) //nolint:unfencedwrite,errcheck // append-only log

	//lint:ignore FC1* all fencing checks: rebuilt on leader change
	db.ExecContext(ctx,
		`INSERT INTO audit(msg) VALUES ('d')`)

	db.ExecContext(ctx, `INSERT INTO audit(msg) VALUES ('e')`) // want `INSERT audit`
}

// golangciForms are the //nolint forms golangci-lint's nolint filter
// honours: they silence fencecheck in every driver, as in golangci-lint.
func golangciForms(ctx context.Context, db *sql.DB, m *concurrency.Mutex) {
	if err := m.Lock(ctx); err != nil {
		return
	}
	defer m.Unlock(ctx)
	db.ExecContext(ctx, `INSERT INTO audit(msg) VALUES ('f')`) // nolint:fencecheck // append-only log

	db.ExecContext(ctx, `INSERT INTO audit(msg) VALUES ('g')`) //nolint // append-only log

	db.ExecContext(ctx, `INSERT INTO audit(msg) VALUES ('h')`) //nolint:all // append-only log

	db.ExecContext(ctx, `INSERT INTO audit(msg) VALUES ('i')`) //nolint:FenceCheck // append-only log

	// An unknown name beside a valid one: the valid one still applies.
	db.ExecContext(ctx, `INSERT INTO audit(msg) VALUES ('j')`) //nolint:unfencdwrite,FC1010,fencecheck // append-only log

	// Without a reason, fencecheck does not take a //nolint (FC0001 says so).
	// (The expectation precedes the directive, which would take it for a reason.)
	db.ExecContext(ctx, `INSERT INTO audit(msg) VALUES ('k')`) /* want `INSERT audit` */ //nolint
}
