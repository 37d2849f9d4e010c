package pgadvisory

import (
	"context"

	"github.com/jmoiron/sqlx"
)

// sqlx's GetContext scans pg_try_advisory_lock's bool into acquired: the
// lock is held where it is true.
func sqlxTry(ctx context.Context, db *sqlx.DB, id int64) error {
	var acquired bool
	if err := db.GetContext(ctx, &acquired, `SELECT pg_try_advisory_lock($1)`, id); err != nil {
		return err
	}
	if !acquired {
		db.ExecContext(ctx, `UPDATE jobs SET skipped = skipped + 1 WHERE id = $1`, id) // not held here
		return nil
	}
	defer db.ExecContext(ctx, `SELECT pg_advisory_unlock($1)`, id)
	//lint:ignore FC1001 the counter is advisory
	db.ExecContext(ctx, `UPDATE jobs SET runs = runs + 1 WHERE id = $1`, id)
	_, err := db.ExecContext(ctx, `UPDATE jobs SET done = true WHERE id = $1`, id) // want `UPDATE jobs .* under the SQL advisory lock`
	return err
}

// GET_LOCK's 1 scanned into a number, compared with 1.
func sqlxGetLock(ctx context.Context, db *sqlx.DB) error {
	var n int
	if err := db.GetContext(ctx, &n, `SELECT GET_LOCK('reports', 10)`); err != nil {
		return err
	}
	if n != 1 {
		return nil
	}
	defer db.ExecContext(ctx, `SELECT RELEASE_LOCK('reports')`)
	_, err := db.ExecContext(ctx, `DELETE FROM reports WHERE stale`) // want `DELETE reports .* under the SQL advisory lock`
	return err
}

// A read through Get is no lock and no write.
func sqlxRead(ctx context.Context, db *sqlx.DB) (n int, err error) {
	err = db.GetContext(ctx, &n, `SELECT count(*) FROM jobs`)
	return n, err
}
