//lint:file-ignore unfencedwrite generated migration helpers, rebuilt on leader change

package suppressed

import (
	"context"
	"database/sql"

	"go.etcd.io/etcd/client/v3/concurrency"
)

func fileIgnored(ctx context.Context, db *sql.DB, m *concurrency.Mutex) {
	if err := m.Lock(ctx); err != nil {
		return
	}
	defer m.Unlock(ctx)
	db.ExecContext(ctx, `INSERT INTO audit(msg) VALUES ('x')`)
}
