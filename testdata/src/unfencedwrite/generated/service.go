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

// A lock taken and a write done in generated code: the hand-written caller
// is the line a reviewer sees.
func ship(ctx context.Context, q *Queries, m *concurrency.Mutex) error {
	return q.ShipAll(ctx, m) // want `UPDATE orders .*\(in generated code, LockedShip at queries.go:\d+, reached through this call\)`
}

func shipQuietly(ctx context.Context, q *Queries, m *concurrency.Mutex) error {
	//lint:ignore FC1001 the orders table is rebuilt from the event log
	return q.ShipAll(ctx, m)
}

func fenced(ctx context.Context, q *Queries, m *concurrency.Mutex) error {
	if err := q.LockedFenced(ctx, m); err != nil {
		return err
	}
	return q.Unlocked(ctx)
}
