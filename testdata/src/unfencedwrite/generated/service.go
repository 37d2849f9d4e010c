package generated

import (
	"context"

	"go.etcd.io/etcd/client/v3/concurrency"
)

// Hand-written code calling generated queries under a lock is reported at
// the call.
func pay(ctx context.Context, q *Queries, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	return q.MarkPaid(ctx, 1) // want `UPDATE orders .*\(reached through this call\)`
}
