// Package etcdcallback hands a node monitor to an elector as its
// OnStartedLeading callback: the monitor's writes run under the election
// and carry nothing of it.
package etcdcallback

import (
	"context"

	"go.etcd.io/etcd/client/v3/concurrency"

	"example.com/realmod/etcdcallback/elector"
)

type monitor struct{ api *elector.API }

func (m *monitor) run(ctx context.Context) {
	_ = m.api.Nodes()               // a read through the helper
	_ = m.api.SetReady("n1", false) // want "FC1001"
}

// Start runs the monitor while elected.
func Start(ctx context.Context, s *concurrency.Session, api *elector.API) error {
	m := &monitor{api: api}
	return elector.New(s, "/election/monitor", elector.Callbacks{
		OnStartedLeading: m.run,
		OnStoppedLeading: func() { _ = api.SetReady("self", false) }, // after resigning: no lock
	}).Run(ctx)
}
