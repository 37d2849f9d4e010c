// Package sqltext exercises FC1001 on statement text that is not a
// constant at the call: formatted with fmt.Sprintf, concatenated, written
// into a strings.Builder, kept in a package variable, or run through the
// application's own exec helper.
package sqltext

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"go.etcd.io/etcd/client/v3/concurrency"
)

var errStale = errors.New("stale lock holder")

type store struct {
	db    *sql.DB
	table string
}

// A table name formatted into the statement: still an UPDATE without the
// token.
func (s *store) sprintfTable(ctx context.Context, m *concurrency.Mutex, id int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	q := fmt.Sprintf("UPDATE %s SET state = 'done' WHERE id = $1", s.table)
	_, err := s.db.ExecContext(ctx, q, id) // want `UPDATE table \(database/sql DB.ExecContext\) under the etcd lock acquired at sqltext.go:27 does not carry the fencing token`
	return err
}

// The token formatted into the statement and compared: fenced.
func (s *store) sprintfToken(ctx context.Context, m *concurrency.Mutex, id int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision
	res, err := s.db.ExecContext(ctx, fmt.Sprintf("UPDATE accounts SET state = 'done', fence_token = %d WHERE id = $1 AND fence_token <= %d", tok, tok), id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return errStale
	}
	return nil
}

// A condition spliced in whole: the statement is unknown, never guessed.
func (s *store) sprintfClause(ctx context.Context, m *concurrency.Mutex, where string) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	_, err := s.db.ExecContext(ctx, fmt.Sprintf("UPDATE accounts SET state = 'done' WHERE %s", where))
	return err
}

// A statement assembled in a strings.Builder.
func builder(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	var b strings.Builder
	b.WriteString("UPDATE ledger SET posted = true ")
	b.WriteString("WHERE id = $1")
	_, err := db.ExecContext(ctx, b.String(), id) // want `UPDATE ledger .* does not carry the fencing token`
	return err
}

var markDone = "UPDATE jobs SET state = 'done' WHERE id = " + "$1"

// A statement kept in a package variable.
func packageVar(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	_, err := db.ExecContext(ctx, markDone, id) // want `UPDATE jobs .* does not carry the fencing token`
	return err
}

// dbExec is the application's own exec helper: its statement parameter
// reaches the driver.
func dbExec(ctx context.Context, db *sql.DB, query string, args ...any) error {
	_, err := db.ExecContext(ctx, query, args...)
	return err
}

// A statement run through the exec helper is the helper's caller's.
func viaHelper(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	return dbExec(ctx, db, "UPDATE payouts SET sent = true WHERE id = $1", id) // want `UPDATE payouts .* does not carry the fencing token`
}

// The helper with the token bound: fenced.
func viaHelperFenced(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	return dbExec(ctx, db, "UPDATE payouts SET sent = true WHERE id = $1 AND fence_token <= $2", id, m.Header().Revision)
}

// One of two statements chosen at run time: unknown, never guessed.
func chosen(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64, fast bool) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	q := "UPDATE a SET x = 1 WHERE id = $1"
	if fast {
		q = "UPDATE b SET x = 1 WHERE id = $1"
	}
	_, err := db.ExecContext(ctx, q, id)
	return err
}

// Suppressed with a reason.
func suppressed(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64, table string) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	//lint:ignore FC1001 the audit table is append-only
	_, err := db.ExecContext(ctx, fmt.Sprintf("INSERT INTO %s(id) VALUES ($1)", table), id)
	return err
}
