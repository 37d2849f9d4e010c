// Package natskv exercises FC1001 with NATS JetStream's key-value store:
// Put is unconditional; Update with a revision and Create are
// compare-and-swaps; Delete with LastRevision is a compare-and-delete.
package natskv

import (
	"context"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.etcd.io/etcd/client/v3/concurrency"
)

func jetstreamKV(ctx context.Context, kv jetstream.KeyValue, m *concurrency.Mutex, rev uint64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	kv.Put(ctx, "reports.state", []byte("building")) // want `NATS KV Put .*NATS KV is unconditional.*Update\(key, value, revision\)`
	kv.Delete(ctx, "reports.state")                  // want `NATS KV Delete`
	kv.Delete(ctx, "reports.state", jetstream.LastRevision(rev))
	if _, err := kv.Update(ctx, "reports.state", []byte("done"), rev); err != nil {
		return err
	}
	if _, err := kv.Create(ctx, "reports.owner", []byte("me")); err != nil {
		return err
	}
	//lint:ignore FC1001 a cache entry, rebuilt by the next holder
	kv.PutString(ctx, "reports.cache", "x")
	return nil
}

func legacyKV(ctx context.Context, kv nats.KeyValue, m *concurrency.Mutex, rev uint64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	kv.PutString("reports.state", "building") // want `NATS KV PutString`
	_, err := kv.Update("reports.state", []byte("done"), rev)
	return err
}
