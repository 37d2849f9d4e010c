// Package leadercmd exercises FC5002 with client-go leader election whose
// OnStartedLeading runs a command (another process of the operating
// system) and whose callbacks are built in a helper: ending this process
// in OnStoppedLeading does not end the command.
package leadercmd

import (
	"context"
	"log"
	"os"
	"os/exec"

	"k8s.io/client-go/tools/leaderelection"
)

// --- the command outlives the process that lost the lease: reported ---

// The callbacks are built in a helper; the started one ignores its context
// and waits for the command; the stopped one panics, which ends this
// process but not the command.
func callbacks(cmd *exec.Cmd, cancel context.CancelFunc) leaderelection.LeaderCallbacks {
	return leaderelection.LeaderCallbacks{
		OnStartedLeading: func(ctx context.Context) { // want `context of this OnStartedLeading callback .* is never used.*not the command the callback started \(Run at`
			defer cancel()
			done := make(chan error, 1)
			go func() { done <- cmd.Run() }()
			<-done
		},
		OnStoppedLeading: func() {
			panic("lock released")
		},
	}
}

func runCommand(ctx context.Context, cfg leaderelection.LeaderElectionConfig, name string) {
	ctx, cancel := context.WithCancel(ctx)
	cfg.Callbacks = callbacks(exec.Command(name), cancel)
	leaderelection.RunOrDie(ctx, cfg)
}

// Started through a helper of the package, the stopped callback exits.
func start(cmd *exec.Cmd) error { return cmd.Start() }

func startHelper(ctx context.Context, cfg leaderelection.LeaderElectionConfig, cmd *exec.Cmd) {
	cfg.Callbacks = leaderelection.LeaderCallbacks{
		OnStartedLeading: func(_ context.Context) { // want `context of this OnStartedLeading callback .* is _.*not the command the callback started \(Start at`
			if err := start(cmd); err != nil {
				log.Print(err)
			}
			cmd.Wait()
		},
		OnStoppedLeading: func() { os.Exit(1) },
	}
	leaderelection.RunOrDie(ctx, cfg)
}

// --- the loss reaches the work: silent ---

// The stopped callback kills the command before it exits.
func killed(cmd *exec.Cmd) leaderelection.LeaderCallbacks {
	return leaderelection.LeaderCallbacks{
		OnStartedLeading: func(ctx context.Context) {
			cmd.Run()
		},
		OnStoppedLeading: func() {
			cmd.Process.Kill()
			os.Exit(1)
		},
	}
}

// The command is bound to the leader context: cancelling it kills the
// command.
func bound(name string) leaderelection.LeaderCallbacks {
	return leaderelection.LeaderCallbacks{
		OnStartedLeading: func(ctx context.Context) {
			exec.CommandContext(ctx, name).Run()
		},
		OnStoppedLeading: func() { os.Exit(1) },
	}
}

// In-process work: ending the process ends it.
func inProcess(work func()) leaderelection.LeaderCallbacks {
	return leaderelection.LeaderCallbacks{
		OnStartedLeading: func(ctx context.Context) {
			work()
		},
		OnStoppedLeading: func() { log.Fatal("lost the lease") },
	}
}

// --- suppressed ---

func suppressed(cmd *exec.Cmd) leaderelection.LeaderCallbacks {
	return leaderelection.LeaderCallbacks{
		//lint:ignore FC5002 the command exits by itself within the lease duration
		OnStartedLeading: func(ctx context.Context) {
			cmd.Run()
		},
		OnStoppedLeading: func() { os.Exit(1) },
	}
}
