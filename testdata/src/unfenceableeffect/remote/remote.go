// Package remote publishes through another package under a lock: the
// message still cannot carry a fencing token (FC1003), not FC1001.
package remote

import (
	"context"

	"go.etcd.io/etcd/client/v3/concurrency"
	"unfenceableeffect/events"
)

func start(ctx context.Context, m *concurrency.Mutex, bus *events.Bus, id string) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	return bus.Announce(ctx, "jobs.started", id) // want `message published with Redis Publish \(go-redis Publish\) \(in Announce, called here\) under the etcd .* cannot carry a fencing token`
}
