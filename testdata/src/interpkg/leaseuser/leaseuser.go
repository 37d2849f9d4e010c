// Package leaseuser writes under the hand-rolled lease of package leases.
package leaseuser

import (
	"context"
	"database/sql"

	"interpkg/leases"
)

func run(ctx context.Context, db *sql.DB) error {
	ok, err := leases.TryAcquire(ctx, db, "billing", "me")
	if err != nil || !ok {
		return err
	}
	defer leases.Release(ctx, db, "billing", "me")
	_, err = db.ExecContext(ctx, `UPDATE invoices SET sent = true WHERE due`) // want `UPDATE invoices .* under the SQL lease on leases`
	return err
}
