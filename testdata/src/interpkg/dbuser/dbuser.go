// Package dbuser runs its statements through another package's exec
// helpers while it holds an etcd lock.
package dbuser

import (
	"context"
	"database/sql"
	"fmt"

	"go.etcd.io/etcd/client/v3/concurrency"
	"interpkg/dbutil"
)

func settle(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	if err := dbutil.Exec(ctx, db, "UPDATE accounts SET settled = true WHERE id = $1", id); err != nil { // want `UPDATE accounts .* does not carry the fencing token`
		return err
	}
	dbutil.MustExec(ctx, db, fmt.Sprintf("DELETE FROM %s WHERE id = $1", "holds"), id) // want `DELETE holds .* does not carry the fencing token`
	// Fenced: the token is compared.
	return dbutil.Exec(ctx, db, "UPDATE accounts SET n = n + 1 WHERE id = $1 AND fence <= $2", id, m.Header().Revision)
}
