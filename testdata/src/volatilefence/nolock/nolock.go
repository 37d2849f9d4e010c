// Package nolock takes no lock: a clock-based revision for optimistic
// concurrency and a local counter are not fences here, and FC3002 stays
// silent.
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
