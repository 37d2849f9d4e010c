// Package a exercises FC2002: the fence read, compared in Go, then written
// by a separate statement.
package a

import (
	"context"
	"database/sql"
	"errors"

	"go.etcd.io/etcd/client/v3/concurrency"
)

var errStale = errors.New("stale")

func split(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision
	var current int64
	if err := db.QueryRowContext(ctx, `SELECT fence_token FROM accounts WHERE id = $1`, id).Scan(&current); err != nil {
		return err
	}
	if current > tok {
		return errStale
	}
	_, err := db.ExecContext(ctx, `UPDATE accounts SET state = 'x', fence_token = $1 WHERE id = $2`, tok, id) // want `UPDATE accounts .* checks the fence in two steps: fence_token is read at a.go:22 and compared in Go at a.go:25`
	return err
}

// The row is locked by SELECT ... FOR UPDATE in the same transaction: safe.
func forUpdate(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var current int64
	if err := tx.QueryRowContext(ctx, `SELECT fence_token FROM accounts WHERE id = $1 FOR UPDATE`, id).Scan(&current); err != nil {
		return err
	}
	if current > tok {
		return errStale
	}
	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET state = 'x', fence_token = $1 WHERE id = $2`, tok, id); err != nil {
		return err
	}
	return tx.Commit()
}

// FOR UPDATE on another connection than the write's does not lock the written row.
func forUpdateElsewhere(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64, state string) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var current int64
	if err := db.QueryRowContext(ctx, `SELECT fence_token FROM accounts WHERE id = $1 FOR UPDATE`, id).Scan(&current); err != nil {
		return err
	}
	if current > tok {
		return errStale
	}
	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET state = $1, fence_token = $2 WHERE id = $3`, state, tok, id); err != nil { // want `checks the fence in two steps`
		return err
	}
	return tx.Commit()
}

// Compared in Go and in the statement: the statement is fenced.
func both(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision
	var current int64
	db.QueryRowContext(ctx, `SELECT fence_token FROM accounts WHERE id = $1`, id).Scan(&current)
	if current > tok {
		return errStale
	}
	res, err := db.ExecContext(ctx, `UPDATE accounts SET fence_token = $1 WHERE id = $2 AND fence_token <= $1`, tok, id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return errStale
	}
	return nil
}

func suppressed(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64) {
	if err := m.Lock(ctx); err != nil {
		return
	}
	defer m.Unlock(ctx)
	var current int64
	db.QueryRowContext(ctx, `SELECT epoch FROM accounts WHERE id = $1`, id).Scan(&current)
	if current < 10 {
		db.ExecContext(ctx, `UPDATE accounts SET state = 'y' WHERE id = $1`, id) //lint:ignore FC2002 single-writer migration path
	}
}

// Fence column words are whole words: "term" is one, so a term read and
// compared in Go is a split fence check...
func termColumn(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision
	var current int64
	db.QueryRowContext(ctx, `SELECT term FROM accounts WHERE id = $1`, id).Scan(&current)
	if current > tok {
		return errStale
	}
	_, err := db.ExecContext(ctx, `UPDATE accounts SET state = 'x' WHERE id = $1`, id) // want `checks the fence in two steps: term is read at a.go:\d+ .* \(AND term <= \$n\)`
	return err
}

// ...but terminal_id, which only contains it, is no fence: the write is
// unfenced (FC1001), not fenced in two steps.
func terminalColumn(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	var terminal int64
	db.QueryRowContext(ctx, `SELECT terminal_id FROM accounts WHERE id = $1`, id).Scan(&terminal)
	if terminal != 7 {
		return errStale
	}
	_, err := db.ExecContext(ctx, `UPDATE accounts SET state = 'x' WHERE id = $1`, id)
	return err
}
