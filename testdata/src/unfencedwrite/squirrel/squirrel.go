// Package squirrel exercises FC1001 with Masterminds/squirrel's statement
// builders: the statement runs at Exec, QueryRow or Scan, and a Where of
// the chain that compares the fencing token carries it.
package squirrel

import (
	"context"
	"database/sql"

	sq "github.com/Masterminds/squirrel"
	"go.etcd.io/etcd/client/v3/concurrency"
)

var psql = sq.StatementBuilder.PlaceholderFormat(sq.Dollar)

func unfenced(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	var ran string
	if err := psql.Update("components").Set("last_ran", sq.Expr("now()")).Where(sq.Eq{"id": id}).
		Suffix("RETURNING last_ran").RunWith(db).QueryRow().Scan(&ran); err != nil { // want `squirrel UPDATE components .* does not carry the fencing token`
		return err
	}
	if _, err := sq.Delete("jobs").Where("id = ?", id).RunWith(db).ExecContext(ctx); err != nil { // want `squirrel DELETE jobs`
		return err
	}
	_, err := sq.Insert("audit").Columns("msg").Values("ran").RunWith(db).Exec() // want `squirrel INSERT audit`
	return err
}

func fenced(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision
	res, err := psql.Update("jobs").Set("state", "run").Set("fence", tok).
		Where("id = ? AND fence <= ?", id, tok).RunWith(db).ExecContext(ctx)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return err
	}
	res, err = sq.Update("jobs").Set("state", "done").Where(sq.Eq{"id": id}).Where(sq.LtOrEq{"fence": tok}).RunWith(db).Exec()
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return err
	}
	// A read is no effect.
	var state string
	return sq.Select("state").From("jobs").Where(sq.Eq{"id": id}).RunWith(db).QueryRow().Scan(&state)
}

func suppressed(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	_, err := sq.Insert("audit").Columns("msg").Values("held").RunWith(db).Exec() //nolint:fencecheck // append-only audit log
	return err
}
