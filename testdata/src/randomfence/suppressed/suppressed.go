// Package suppressed holds random fences silenced by each suppression
// style; FC3001 must report none of them.
package suppressed

import (
	"context"
	"database/sql"

	"github.com/google/uuid"
	"go.etcd.io/etcd/client/v3/concurrency"
)

func suppressed(ctx context.Context, db *sql.DB, m *concurrency.Mutex) {
	if err := m.Lock(ctx); err != nil {
		return
	}
	defer m.Unlock(ctx)
	//lint:ignore FC3001 the server only checks equality of this run id
	db.ExecContext(ctx, `UPDATE runs SET fence = $1 WHERE id = 1`, uuid.NewString())

	db.ExecContext(ctx, `UPDATE runs SET fence = $1 WHERE id = 2`, uuid.NewString()) //nolint:randomfence // migration only

	db.ExecContext(ctx, `UPDATE runs SET fence = $1 WHERE id = 3`, uuid.NewString()) //nolint:fencecheck // migration only

	db.ExecContext(ctx, `UPDATE runs SET fence = $1 WHERE id = 4`, uuid.NewString()) // want `UPDATE runs .* stores a random UUID in the fence column "fence"`
}
