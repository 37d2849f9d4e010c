// Package sqllease keeps a hand-rolled lease in a PostgreSQL table. Taking
// it over compares the stored expiry with this host's clock (FC4001), for
// which fencecheck offers a fix that lets the database use its own clock
// (go vet -fix; see fixes.diff).
package sqllease

import (
	"context"
	"database/sql"
	"time"
)

// TryTakeOver takes the lease over if it has expired, with the expiry
// decided by this host's clock.
func TryTakeOver(ctx context.Context, db *sql.DB, name, me string, ttl time.Duration) (bool, error) {
	res, err := db.ExecContext(ctx, `UPDATE leases SET holder = $1, expires_at = $2 WHERE name = $3 AND expires_at < $4`, me, time.Now().Add(ttl), name, time.Now()) // want "FC4001"
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// TryTakeOverDBClock is the same takeover with the expiry decided by the
// database's clock, in the statement itself.
func TryTakeOverDBClock(ctx context.Context, db *sql.DB, name, me string, ttl time.Duration) (bool, error) {
	res, err := db.ExecContext(ctx, `UPDATE leases SET holder = $1, expires_at = now() + $2 * interval '1 millisecond' WHERE name = $3 AND expires_at < now()`, me, ttl.Milliseconds(), name)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
