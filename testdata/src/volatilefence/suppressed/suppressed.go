// Package suppressed holds volatile fences silenced by each suppression
// style; FC3002 must report none of them.
package suppressed

import (
	"context"
	"database/sql"
	"time"

	"go.etcd.io/etcd/client/v3/concurrency"
)

func suppressed(ctx context.Context, db *sql.DB, m *concurrency.Mutex) {
	if err := m.Lock(ctx); err != nil {
		return
	}
	defer m.Unlock(ctx)
	//lint:ignore FC3002 single-host deployment, the clock is the only writer
	db.ExecContext(ctx, `UPDATE runs SET fence = $1 WHERE id = 1`, time.Now().UnixNano())

	db.ExecContext(ctx, `UPDATE runs SET fence = $1 WHERE id = 2`, time.Now().UnixNano()) //nolint:volatilefence // single host

	db.ExecContext(ctx, `UPDATE runs SET fence = $1 WHERE id = 3`, time.Now().UnixNano()) // want `UPDATE runs .* stores a wall-clock reading \(time.Now\(\)\) in the fence column "fence"`
}
