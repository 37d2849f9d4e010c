// Package cas exercises FC1002 on compare-and-swap writes: Consul's CAS
// reports a lost race as ok == false, NATS KV's Update as an error.
package cas

import (
	"context"
	"errors"

	"github.com/hashicorp/consul/api"
	"github.com/nats-io/nats.go/jetstream"
	"go.etcd.io/etcd/client/v3/concurrency"
)

var errLost = errors.New("lost the race")

func consulCAS(ctx context.Context, kv *api.KV, m *concurrency.Mutex, p *api.KVPair) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	if _, _, err := kv.CAS(p, nil); err != nil { // want `Consul KV.CAS .*outcome is never checked.*ok result`
		return err
	}
	ok, _, err := kv.CAS(p, nil)
	if err != nil {
		return err
	}
	if !ok {
		return errLost
	}
	return nil
}

func natsUpdate(ctx context.Context, kv jetstream.KeyValue, m *concurrency.Mutex, rev uint64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	kv.Update(ctx, "reports.state", []byte("x"), rev) // want `NATS KV Update .*outcome is never checked.*its error`
	_, err := kv.Update(ctx, "reports.state", []byte("y"), rev)
	return err
}
