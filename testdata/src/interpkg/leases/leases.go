// Package leases is a hand-rolled lease table.
package leases

import (
	"context"
	"database/sql"
)

// TryAcquire takes the named lease if it is free or expired.
func TryAcquire(ctx context.Context, db *sql.DB, name, owner string) (bool, error) { // want TryAcquire:`acquire\(SQL lease on leases, result 0\)` TryAcquire:`effects\(INSERT leases@leases.go:11 carried by \[\]\)`
	res, err := db.ExecContext(ctx, `INSERT INTO leases (name, owner, expires_at) VALUES ($1, $2, now() + interval '30 seconds')
		ON CONFLICT (name) DO UPDATE SET owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at
		WHERE leases.expires_at < now()`, name, owner)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Release gives the lease back. Its delete compares the holder: the
// lease's own protocol, safe for every caller, so it has no effects fact.
func Release(ctx context.Context, db *sql.DB, name, owner string) error {
	_, err := db.ExecContext(ctx, `DELETE FROM leases WHERE name = $1 AND owner = $2`, name, owner)
	return err
}
