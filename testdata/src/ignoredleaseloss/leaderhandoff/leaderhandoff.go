// Package leaderhandoff hands the leader context of OnStartedLeading to
// the functions that do the work: one that ignores it (a parameter named
// _, one never read) keeps working after leadership is lost.
package leaderhandoff

import (
	"context"
	"time"

	"k8s.io/client-go/tools/leaderelection"
)

type server struct{ ctx context.Context }

func (s *server) scan(ctx context.Context) {}

// StartScheduler runs on the server's own context: the one it is given is _.
func (s *server) StartScheduler(_ context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-t.C:
			s.scan(s.ctx)
		}
	}
}

// Watch stops with the context it is given.
func (s *server) Watch(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			s.scan(ctx)
		}
	}
}

// start only hands the context on, to a function that ignores it.
func (s *server) start(ctx context.Context) {
	s.StartScheduler(ctx, time.Minute)
}

func run(ctx context.Context, s *server, lock *leaderelection.LeaderElectionConfig) {
	lock.Callbacks = leaderelection.LeaderCallbacks{
		OnStartedLeading: func(leaderCtx context.Context) {
			go s.StartScheduler(leaderCtx, time.Minute) // want `the leader context of this OnStartedLeading callback \(client-go leader election registered at leaderhandoff.go:\d+\) is passed to StartScheduler, which ignores it \(its parameter is _\)`
		},
		OnStoppedLeading: func() {},
	}
	leaderelection.RunOrDie(ctx, *lock)
}

func runThrough(ctx context.Context, s *server, lock *leaderelection.LeaderElectionConfig) {
	lock.Callbacks = leaderelection.LeaderCallbacks{
		OnStartedLeading: func(leaderCtx context.Context) {
			go func() {
				s.start(leaderCtx) // want `is passed to StartScheduler, which ignores it`
			}()
		},
		OnStoppedLeading: func() {},
	}
	leaderelection.RunOrDie(ctx, *lock)
}

func runWatched(ctx context.Context, s *server, lock *leaderelection.LeaderElectionConfig) {
	lock.Callbacks = leaderelection.LeaderCallbacks{
		OnStartedLeading: func(leaderCtx context.Context) {
			go s.Watch(leaderCtx, time.Minute)
		},
		OnStoppedLeading: func() {},
	}
	leaderelection.RunOrDie(ctx, *lock)
}

func runSuppressed(ctx context.Context, s *server, lock *leaderelection.LeaderElectionConfig) {
	lock.Callbacks = leaderelection.LeaderCallbacks{
		OnStartedLeading: func(leaderCtx context.Context) {
			//lint:ignore FC5002 the scheduler's work is idempotent and a second scheduler is harmless
			go s.StartScheduler(leaderCtx, time.Minute)
		},
		OnStoppedLeading: func() {},
	}
	leaderelection.RunOrDie(ctx, *lock)
}
