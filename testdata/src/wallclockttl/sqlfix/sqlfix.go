// Package sqlfix exercises FC4001's suggested fix: an SQL takeover that
// compares the stored expiry with time.Now() lets the database use its
// own clock instead.
package sqlfix

import (
	"context"
	"database/sql"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

func takeover(ctx context.Context, db *sql.DB, name, me string, ttl time.Duration) (bool, error) {
	res, err := db.ExecContext(ctx, `UPDATE locks SET owner = $1, expires_at = $2 WHERE name = $3 AND expires_at < $4`, me, time.Now().Add(ttl), name, time.Now()) // want `UPDATE locks \(database/sql DB.ExecContext\) takes a lease over by comparing expires_at with time.Now\(\)`
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func takeoverPgx(ctx context.Context, pool *pgxpool.Pool, name, me string) error {
	_, err := pool.Exec(ctx, // want `UPDATE leases \(pgx Pool.Exec\) takes a lease over by comparing expires_at`
		"UPDATE leases SET holder = $1 WHERE name = $2 AND expires_at <= $3",
		me,
		name,
		time.Now().UTC(),
	)
	return err
}

const stealQuery = `UPDATE locks SET owner = $1 WHERE name = $2 AND expires_at < $3`

// notLiteral: the text is a named constant, so no fix is offered.
func notLiteral(ctx context.Context, db *sql.DB, name, me string) error {
	_, err := db.ExecContext(ctx, stealQuery, me, name, time.Now()) // want `takes a lease over by comparing expires_at with time.Now\(\)`
	return err
}

// notLast: the clock argument is not the last one, so no fix is offered.
func notLast(ctx context.Context, db *sql.DB, name, me string) error {
	_, err := db.ExecContext(ctx, `UPDATE locks SET owner = $1 WHERE expires_at < $2 AND name = $3`, me, time.Now(), name) // want `takes a lease over by comparing expires_at with time.Now\(\)`
	return err
}
