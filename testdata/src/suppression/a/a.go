// Package a exercises fencecheck's suppression comments (FC0001).
package a

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

	//lint:ignore FC1001 // want `suppression comment without a reason`
	db.ExecContext(ctx, `INSERT INTO audit(msg) VALUES ('e')`)

	//lint:ignore FC9999 no such check // want `unknown fencecheck check "FC9999"`
	db.ExecContext(ctx, `INSERT INTO audit(msg) VALUES ('g')`)
}

func nothingToSuppress(ctx context.Context, db *sql.DB) {
	//lint:ignore FC1001 there is no lock here // want `this //lint:ignore comment suppresses no fencecheck finding`
	db.ExecContext(ctx, `INSERT INTO audit(msg) VALUES ('h')`)

	//lint:ignore SA1000 another tool's directive is not ours
	db.ExecContext(ctx, `INSERT INTO audit(msg) VALUES ('i')`)
}

func namesNoCheck(ctx context.Context, db *sql.DB, m *concurrency.Mutex) {
	if err := m.Lock(ctx); err != nil {
		return
	}
	defer m.Unlock(ctx)
	// A directive naming no check suppresses nothing: the write below is
	// still reported (FC1001, by unfencedwrite), and so is the directive.
	//lint:ignore // want `suppression comment names no check; write //lint:ignore FC1001 reason`
	db.ExecContext(ctx, `INSERT INTO audit(msg) VALUES ('j')`)

	db.ExecContext(ctx, `INSERT INTO audit(msg) VALUES ('k')`) //nolint: // want `suppression comment names no check; write //nolint:fencecheck // reason`
}

// golangciForms: the //nolint forms golangci-lint honours apply in every
// driver; an all-linter //nolint is ours only where it covers a finding.
func golangciForms(ctx context.Context, db *sql.DB, m *concurrency.Mutex) {
	if err := m.Lock(ctx); err != nil {
		return
	}
	defer m.Unlock(ctx)
	db.ExecContext(ctx, `INSERT INTO audit(msg) VALUES ('l')`) // nolint:fencecheck // append-only log

	db.ExecContext(ctx, `INSERT INTO audit(msg) VALUES ('m')`) //nolint // append-only log

	db.ExecContext(ctx, `INSERT INTO audit(msg) VALUES ('n')`) //nolint:all // append-only log

	db.ExecContext(ctx, `INSERT INTO audit(msg) VALUES ('o')`) //nolint:unfencdwrite,FC1010,fencecheck // r // want `unknown fencecheck checks "unfencdwrite" \(did you mean unfencedwrite\?\) and "fc1010" in suppression comment; .*; the other names \(fencecheck\) still apply`

	// (The expectation precedes the directive, which would take it for a reason.)
	db.ExecContext(ctx, `INSERT INTO audit(msg) VALUES ('p')`) /* want `this //nolint has no reason: it silences every linter here, fencecheck's finding too` */ //nolint

	db.ExecContext(ctx, `INSERT INTO audit(msg) VALUES ('q')`) //nolint:unfencdwrite // r // want `unknown fencecheck check "unfencdwrite" \(did you mean unfencedwrite\?\)`
}

func allLintersElsewhere(ctx context.Context, db *sql.DB) {
	// Not a finding of ours: another linter's business, not reported.
	db.ExecContext(ctx, `INSERT INTO audit(msg) VALUES ('r')`) //nolint
	db.ExecContext(ctx, `INSERT INTO audit(msg) VALUES ('s')`) //nolint:all
}
