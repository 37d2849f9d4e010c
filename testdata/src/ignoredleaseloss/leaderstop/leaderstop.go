// Package leaderstop exercises FC5002 with client-go leader election whose
// OnStartedLeading ignores its context while OnStoppedLeading may carry the
// loss to the work instead: a closed stop channel, a cleared leader flag, a
// cancelled context that the work reads.
package leaderstop

import (
	"context"
	"log"
	"sync/atomic"
	"time"

	"k8s.io/client-go/tools/leaderelection"
	"k8s.io/client-go/tools/leaderelection/resourcelock"
)

func work()                             {}
func runUntil(stop <-chan struct{})     { <-stop }
func runCtx(ctx context.Context)        { <-ctx.Done() }
func runEach(stop chan struct{}, i int) { <-stop }

// --- the loss reaches the work through OnStoppedLeading: silent ---

// The started work runs until the channel OnStoppedLeading closes.
func stopChannel(ctx context.Context, cfg leaderelection.LeaderElectionConfig) {
	var stopCh chan struct{}
	cfg.Callbacks = leaderelection.LeaderCallbacks{
		OnStartedLeading: func(_ context.Context) {
			stopCh = make(chan struct{})
			go runUntil(stopCh)
		},
		OnStoppedLeading: func() {
			log.Print("not leader anymore")
			close(stopCh)
		},
	}
	leaderelection.RunOrDie(ctx, cfg)
}

// The started callback only records leadership; the work is gated by a
// flag read on every request, which OnStoppedLeading clears.
type elector struct {
	isLeader *atomic.Bool
	leader   int32
	healthy  bool
	quit     chan struct{}
	cancel   context.CancelFunc
}

func (e *elector) IsLeader() bool { return e.isLeader.Load() }

func (e *elector) atomicFlag(ctx context.Context, cfg leaderelection.LeaderElectionConfig, started chan struct{}) {
	cfg.Callbacks = leaderelection.LeaderCallbacks{
		OnStartedLeading: func(ctx context.Context) {
			e.isLeader.Store(true)
			started <- struct{}{}
		},
		OnStoppedLeading: func() {
			e.isLeader.Store(false)
		},
	}
	leaderelection.RunOrDie(ctx, cfg)
}

func (e *elector) leading() bool { return atomic.LoadInt32(&e.leader) == 1 }

func (e *elector) atomicInt(ctx context.Context, cfg leaderelection.LeaderElectionConfig) {
	cfg.Callbacks = leaderelection.LeaderCallbacks{
		OnStartedLeading: func(ctx context.Context) {
			atomic.StoreInt32(&e.leader, 1)
		},
		OnStoppedLeading: func() {
			atomic.StoreInt32(&e.leader, 0)
		},
	}
	leaderelection.RunOrDie(ctx, cfg)
}

// A plain field read by the gate.
func (e *elector) live() bool { return e.healthy }

func (e *elector) plainFlag(ctx context.Context, cfg leaderelection.LeaderElectionConfig) {
	cfg.Callbacks = leaderelection.LeaderCallbacks{
		OnStartedLeading: func(context.Context) {
			log.Print("leading")
			e.healthy = true
		},
		OnStoppedLeading: func() { e.healthy = false },
	}
	leaderelection.RunOrDie(ctx, cfg)
}

// One stop channel per worker, closed by a helper.
func closeAll(chs []chan struct{}) {
	for _, c := range chs {
		close(c)
	}
}

func stopChannels(ctx context.Context, cfg leaderelection.LeaderElectionConfig, n int) {
	var chs []chan struct{}
	for i := 0; i < n; i++ {
		chs = append(chs, make(chan struct{}))
	}
	cfg.Callbacks = leaderelection.LeaderCallbacks{
		OnStartedLeading: func(c context.Context) {
			for i := range chs {
				go runEach(chs[i], i)
			}
		},
		OnStoppedLeading: func() { closeAll(chs) },
	}
	leaderelection.RunOrDie(ctx, cfg)
}

// The started work runs under a context of its own, cancelled when
// leadership is lost.
func ownContext(ctx context.Context, cfg leaderelection.LeaderElectionConfig) {
	var cancel context.CancelFunc
	cfg.Callbacks = leaderelection.LeaderCallbacks{
		OnStartedLeading: func(context.Context) {
			var wctx context.Context
			wctx, cancel = context.WithCancel(context.Background())
			go runCtx(wctx)
		},
		OnStoppedLeading: func() { cancel() },
	}
	leaderelection.RunOrDie(ctx, cfg)
}

// A method reads the stop channel the struct keeps.
func (e *elector) loop() {
	for {
		select {
		case <-e.quit:
			return
		case <-time.After(time.Second):
			work()
		}
	}
}

func (e *elector) field(ctx context.Context, cfg leaderelection.LeaderElectionConfig) {
	cfg.Callbacks = leaderelection.LeaderCallbacks{
		OnStartedLeading: func(context.Context) {
			e.quit = make(chan struct{})
			go e.loop()
		},
		OnStoppedLeading: func() { close(e.quit) },
	}
	leaderelection.RunOrDie(ctx, cfg)
}

// The lease's context is handed to the caller, whose work runs under it
// (the caller waits for started, then works until the context is done);
// the started callback only announces the leadership, with the lock's
// identity in the log line.
func handedOut(ctx context.Context, lock resourcelock.Interface) (*leaderelection.LeaderElector, context.Context, <-chan struct{}, error) {
	lctx, cancel := context.WithCancel(ctx)
	started := make(chan struct{})
	le, err := leaderelection.NewLeaderElector(leaderelection.LeaderElectionConfig{
		Lock: lock,
		Callbacks: leaderelection.LeaderCallbacks{
			OnStartedLeading: func(ctx context.Context) {
				log.Printf("started leading %s as %s", lock.Describe(), lock.Identity())
				log.Print(map[string]any{"lock": lock.Describe()})
				close(started)
			},
			OnStoppedLeading: func() { cancel() },
		},
	})
	return le, lctx, started, err
}

// --- the loss reaches nothing: reported ---

// The lease's context is handed to the caller, but the started callback
// works on by itself and never looks at it.
func handedOutButWorks(ctx context.Context, lock resourcelock.Interface) (*leaderelection.LeaderElector, context.Context, error) {
	lctx, cancel := context.WithCancel(ctx)
	le, err := leaderelection.NewLeaderElector(leaderelection.LeaderElectionConfig{
		Lock: lock,
		Callbacks: leaderelection.LeaderCallbacks{
			OnStartedLeading: func(ctx context.Context) { // want `the context of this OnStartedLeading callback .* is never used`
				log.Printf("started leading as %s", lock.Identity())
				for {
					work()
				}
			},
			OnStoppedLeading: func() { cancel() },
		},
	})
	return le, lctx, err
}

// OnStoppedLeading only logs.
func logsOnly(ctx context.Context, cfg leaderelection.LeaderElectionConfig) {
	cfg.Callbacks = leaderelection.LeaderCallbacks{
		OnStartedLeading: func(_ context.Context) { // want `the context of this OnStartedLeading callback .* is _`
			for {
				work()
			}
		},
		OnStoppedLeading: func() { log.Print("stopped leading") },
	}
	leaderelection.RunOrDie(ctx, cfg)
}

// The flag OnStoppedLeading clears is read by nobody.
type unread struct{ active int32 }

func (u *unread) flagUnread(ctx context.Context, cfg leaderelection.LeaderElectionConfig) {
	cfg.Callbacks = leaderelection.LeaderCallbacks{
		OnStartedLeading: func(context.Context) { // want `the context of this OnStartedLeading callback .* is unnamed`
			atomic.StoreInt32(&u.active, 1)
		},
		OnStoppedLeading: func() { atomic.StoreInt32(&u.active, 0) },
	}
	leaderelection.RunOrDie(ctx, cfg)
}

// The flag is read by a gate, but the started callback works on in a loop
// that never looks at it.
type looping struct{ isLeader atomic.Bool }

func (l *looping) IsLeader() bool { return l.isLeader.Load() }

func (l *looping) flagIgnoredByLoop(ctx context.Context, cfg leaderelection.LeaderElectionConfig) {
	cfg.Callbacks = leaderelection.LeaderCallbacks{
		OnStartedLeading: func(ctx context.Context) { // want `the context of this OnStartedLeading callback .* is never used`
			l.isLeader.Store(true)
			for {
				work()
				time.Sleep(time.Second)
			}
		},
		OnStoppedLeading: func() { l.isLeader.Store(false) },
	}
	leaderelection.RunOrDie(ctx, cfg)
}

// OnStoppedLeading closes a channel, but not the one the work runs until.
func otherChannel(ctx context.Context, cfg leaderelection.LeaderElectionConfig, done chan struct{}) {
	workStop := make(chan struct{})
	cfg.Callbacks = leaderelection.LeaderCallbacks{
		OnStartedLeading: func(_ context.Context) { // want `the context of this OnStartedLeading callback .* is _`
			go runUntil(workStop)
		},
		OnStoppedLeading: func() { close(done) },
	}
	leaderelection.RunOrDie(ctx, cfg)
}

// OnStoppedLeading cancels the elector's own context, not the work's.
func electorContext(ctx context.Context, cfg leaderelection.LeaderElectionConfig) {
	ectx, cancel := context.WithCancel(ctx)
	cfg.Callbacks = leaderelection.LeaderCallbacks{
		OnStartedLeading: func(_ context.Context) { // want `the context of this OnStartedLeading callback .* is _`
			for {
				work()
			}
		},
		OnStoppedLeading: func() { cancel() },
	}
	leaderelection.RunOrDie(ectx, cfg)
}

// --- suppressed ---

func suppressed(ctx context.Context, cfg leaderelection.LeaderElectionConfig) {
	cfg.Callbacks = leaderelection.LeaderCallbacks{
		//nolint:ignoredleaseloss // the status sync is idempotent
		OnStartedLeading: func(_ context.Context) {
			for {
				work()
			}
		},
		OnStoppedLeading: func() { log.Print("stopped leading") },
	}
	leaderelection.RunOrDie(ctx, cfg)
}
