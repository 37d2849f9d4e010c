// Package nolock takes no lock: a clock-based revision for optimistic
// concurrency and a local counter are not fences here, and FC3002 stays
// silent; a column named for a fence, or a lock or leader table's term, is a
// fence in any package.
package nolock

import (
	"context"
	"database/sql"
	"time"
)

var saves int64

func save(ctx context.Context, db *sql.DB, id int64, old int64, body string) error {
	saves++
	_, err := db.ExecContext(ctx, `UPDATE docs SET body = $1, revision = $2, generation = $5 WHERE id = $3 AND revision = $4`,
		body, time.Now().UnixNano(), id, old, saves)
	return err
}

// A fence column is a fence in any package: the caller's lock does not
// make a clock reading or a local counter grow with each grant.
func fenced(ctx context.Context, db *sql.DB, id int64, body string) error {
	_, err := db.ExecContext(ctx, `UPDATE docs SET body = $1, fence_token = $2 WHERE id = $3 AND fence_token < $2`, // want `UPDATE docs \(database/sql DB.ExecContext\) orders a wall-clock reading \(time.Now\(\)\) against the fence column "fence_token"`
		body, time.Now().UnixNano(), id)
	return err
}

// A leader table's term is the fence of that leadership.
func elect(ctx context.Context, db *sql.DB, me string) error {
	_, err := db.ExecContext(ctx, `UPDATE leader SET owner = $1, term = $2 WHERE name = 'scheduler'`, me, time.Now().Unix()) // want `stores a wall-clock reading .* in the fence column "term"`
	return err
}
