// Package leader exercises FC5002 with client-go leader election.
package leader

import (
	"context"
	"log"
	"os"
	"time"

	"k8s.io/client-go/tools/leaderelection"
)

func work()                       {}
func sync(ctx context.Context)    { <-ctx.Done() }
func cleanup(ctx context.Context) {}

type controller struct{}

func (c *controller) run(ctx context.Context) { sync(ctx) }

func (c *controller) loop(ctx context.Context) { // want `the context of this OnStartedLeading callback \(client-go leader election registered at leader.go:\d+\) is never used`
	for {
		work()
	}
}

func unnamed(ctx context.Context, cfg leaderelection.LeaderElectionConfig) {
	cfg.Callbacks = leaderelection.LeaderCallbacks{
		OnStartedLeading: func(context.Context) { // want `the context of this OnStartedLeading callback \(client-go leader election registered at leader.go:\d+\) is unnamed, so the work it does goes on after leadership is lost`
			work()
		},
		OnStoppedLeading: func() { log.Print("stopped leading") },
	}
	leaderelection.RunOrDie(ctx, cfg)
}

func blank(ctx context.Context, cfg leaderelection.LeaderElectionConfig) {
	cfg.Callbacks.OnStartedLeading = func(_ context.Context) { // want `the context of this OnStartedLeading callback .* is _`
		for {
			work()
			time.Sleep(time.Second)
		}
	}
	leaderelection.RunOrDie(ctx, cfg)
}

func unused(ctx context.Context, cfg leaderelection.LeaderElectionConfig) {
	le, _ := leaderelection.NewLeaderElector(leaderelection.LeaderElectionConfig{
		Callbacks: leaderelection.LeaderCallbacks{
			OnStartedLeading: func(ctx context.Context) { // want `the context of this OnStartedLeading callback .* is never used`
				work()
			},
		},
	})
	le.Run(ctx)
}

func replaced(ctx context.Context, cfg leaderelection.LeaderElectionConfig) {
	cfg.Callbacks = leaderelection.LeaderCallbacks{
		OnStartedLeading: func(ctx context.Context) {
			go sync(ctx)
			sync(context.Background())                                       // want `context.Background\(\) replaces the leader context of OnStartedLeading \(client-go leader election registered at leader.go:\d+\) in the call to sync`
			tctx, cancel := context.WithTimeout(context.TODO(), time.Minute) // want `context.TODO\(\) replaces the leader context`
			defer cancel()
			sync(tctx)
		},
	}
	leaderelection.RunOrDie(ctx, cfg)
}

func methodValue(ctx context.Context, cfg leaderelection.LeaderElectionConfig) {
	c := &controller{}
	cfg.Callbacks = leaderelection.LeaderCallbacks{OnStartedLeading: c.loop}
	leaderelection.RunOrDie(ctx, cfg)
}

// --- must stay silent ---

func passedDown(ctx context.Context, cfg leaderelection.LeaderElectionConfig) {
	c := &controller{}
	cfg.Callbacks = leaderelection.LeaderCallbacks{
		OnStartedLeading: func(ctx context.Context) {
			c.run(ctx)
			defer cleanup(context.Background()) // cleanup after the loss needs a fresh context
		},
		OnStoppedLeading: func() { log.Print("stopped") },
	}
	leaderelection.RunOrDie(ctx, cfg)
}

func methodValueOK(ctx context.Context, cfg leaderelection.LeaderElectionConfig) {
	c := &controller{}
	cfg.Callbacks = leaderelection.LeaderCallbacks{OnStartedLeading: c.run}
	leaderelection.RunOrDie(ctx, cfg)
}

// OnStoppedLeading ends the process: the loss is handled there.
func exitOnLoss(ctx context.Context, cfg leaderelection.LeaderElectionConfig) {
	cfg.Callbacks = leaderelection.LeaderCallbacks{
		OnStartedLeading: func(context.Context) {
			for {
				work()
			}
		},
		OnStoppedLeading: func() {
			log.Print("leader lost")
			os.Exit(0)
		},
	}
	leaderelection.RunOrDie(ctx, cfg)
}

// A callback that does nothing.
func empty(ctx context.Context, cfg leaderelection.LeaderElectionConfig) {
	cfg.Callbacks = leaderelection.LeaderCallbacks{OnStartedLeading: func(context.Context) {}}
	leaderelection.RunOrDie(ctx, cfg)
}

// Not leader election at all.
func notLeader(ctx context.Context) {
	f := func(_ context.Context) { work() }
	f(context.Background())
}

// --- suppressed ---

func suppressed(ctx context.Context, cfg leaderelection.LeaderElectionConfig) {
	cfg.Callbacks = leaderelection.LeaderCallbacks{
		//nolint:ignoredleaseloss // the job is idempotent and short
		OnStartedLeading: func(_ context.Context) {
			work()
		},
	}
	leaderelection.RunOrDie(ctx, cfg)
}

// The started callback only records who leads, as OnNewLeader does for
// every new leader: no work needs the lease. Silent.
type status struct{ report func(leader string) }

func tracked(ctx context.Context, cfg leaderelection.LeaderElectionConfig, st *status, id string) {
	cfg.Callbacks = leaderelection.LeaderCallbacks{
		OnStartedLeading: func(ctx context.Context) {
			st.report(id)
		},
		OnStoppedLeading: func() { log.Print("stopped leading") },
		OnNewLeader: func(identity string) {
			st.report(identity)
		},
	}
	leaderelection.RunOrDie(ctx, cfg)
}

// Work beside the record is still work.
func trackedAndWork(ctx context.Context, cfg leaderelection.LeaderElectionConfig, st *status, id string) {
	cfg.Callbacks = leaderelection.LeaderCallbacks{
		OnStartedLeading: func(ctx context.Context) { // want `the context of this OnStartedLeading callback .* is never used`
			st.report(id)
			work()
		},
		OnNewLeader: func(identity string) {
			st.report(identity)
		},
	}
	leaderelection.RunOrDie(ctx, cfg)
}
