// Package etcdsession elects a leader through an etcd session that
// nothing watches: when the session's lease lapses the election is lost,
// and the leader's loop never hears it.
package etcdsession

import (
	"context"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/concurrency"
)

// Lead campaigns and then runs the leader's loop until ctx ends.
func Lead(ctx context.Context, cli *clientv3.Client, loop func(context.Context)) error {
	s, err := concurrency.NewSession(cli, concurrency.WithTTL(10))
	if err != nil {
		return err
	}
	defer s.Close()
	e := concurrency.NewElection(s, "/election/scheduler")
	if err := e.Campaign(ctx, "scheduler-1"); err != nil { // want "FC5002"
		return err
	}
	loop(ctx)
	return nil
}
