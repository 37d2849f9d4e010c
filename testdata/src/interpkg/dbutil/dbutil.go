// Package dbutil is an application's exec helpers: the statement and its
// arguments are the caller's.
package dbutil

import (
	"context"
	"database/sql"
)

// Exec runs query on db.
func Exec(ctx context.Context, db *sql.DB, query string, args ...any) error {
	_, err := db.ExecContext(ctx, query, args...)
	return err
}

// MustExec runs query through Exec (a helper of a helper).
func MustExec(ctx context.Context, db *sql.DB, query string, args ...any) {
	if err := Exec(ctx, db, query, args...); err != nil {
		panic(err)
	}
}

// Touch runs a statement of its own: no parameter is a statement.
func Touch(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, "UPDATE heartbeats SET at = now() WHERE id = $1", id)
	return err
}
