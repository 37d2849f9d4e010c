// Package sqlc writes under a lock through sqlc's generated Queries and
// its Querier interface (example.com/sqlcdb).
package sqlc

import (
	"context"

	"example.com/sqlcdb"
	"go.etcd.io/etcd/client/v3/concurrency"
)

func direct(ctx context.Context, q *sqlcdb.Queries, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	if err := q.DeleteReport(ctx, "reports"); err != nil { // want `DELETE reports`
		return err
	}
	n, err := q.UpdateJobFenced(ctx, sqlcdb.UpdateJobFencedParams{ID: 1, State: "x", Fence: m.Header().Revision})
	if err != nil || n != 1 {
		return err
	}
	return nil
}

func throughQuerier(ctx context.Context, q sqlcdb.Querier, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	return q.DeleteReport(ctx, "reports") // want `DELETE reports`
}
