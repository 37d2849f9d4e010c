package store

import (
	"context"
	"database/sql"
)

// The same write as in store.go, silenced in each of the ways fencecheck
// understands. fencecheck applies all of them itself, so they work the same
// in golangci-lint, go vet and the fencecheck command. Nothing in this file
// may be reported.

// By the suite name, which is also the golangci-lint linter name.
func Audit(ctx context.Context, db *sql.DB, id int64) error {
	if _, err := db.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, id); err != nil {
		return err
	}
	defer db.ExecContext(ctx, `SELECT pg_advisory_unlock($1)`, id)
	_, err := db.ExecContext(ctx, `UPDATE audit SET seen = true WHERE id = $1`, id) //nolint:fencecheck // idempotent flag, a stale holder rewrites the same value
	return err
}

// By the analyzer name: golangci-lint has no linter of that name, and
// fencecheck applies the directive before golangci-lint sees a finding.
func Touch(ctx context.Context, db *sql.DB, id int64) error {
	if _, err := db.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, id); err != nil {
		return err
	}
	defer db.ExecContext(ctx, `SELECT pg_advisory_unlock($1)`, id)
	_, err := db.ExecContext(ctx, `UPDATE sessions SET touched = now() WHERE id = $1`, id) //nolint:unfencedwrite // last-writer-wins timestamp
	return err
}

// By code, staticcheck style: golangci-lint ignores //lint:ignore, fencecheck
// does not.
func Seen(ctx context.Context, db *sql.DB, id int64) error {
	if _, err := db.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, id); err != nil {
		return err
	}
	defer db.ExecContext(ctx, `SELECT pg_advisory_unlock($1)`, id)
	//lint:ignore FC1001 monotonic: the UPDATE only ever raises last_seen
	_, err := db.ExecContext(ctx, `UPDATE devices SET last_seen = greatest(last_seen, now()) WHERE id = $1`, id)
	return err
}
