package tasklock

import (
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/testutil/testunit"
)

const locked = `package p

import (
	"context"
	"time"

	"github.com/go-co-op/gocron/v2"
)

// The locker is configured in one function, the job registered in another.
func scheduler(locker gocron.Locker) gocron.Scheduler {
	s, _ := gocron.NewScheduler(gocron.WithDistributedLocker(locker))
	return s
}

func jobs(s gocron.Scheduler) {
	s.NewJob(gocron.DurationJob(time.Minute), gocron.NewTask(func(ctx context.Context) {}))
}
`

const unlocked = `package p

import (
	"context"
	"time"

	"github.com/go-co-op/gocron/v2"
)

func jobs() {
	s, _ := gocron.NewScheduler()
	s.NewJob(gocron.DurationJob(time.Minute), gocron.NewTask(func(ctx context.Context) {}))
}
`

// TestSections: a task of a scheduler with a distributed locker runs
// holding the lock; without one it holds none.
func TestSections(t *testing.T) {
	u := testunit.BuildStubbed(t, "p", locked, "github.com/go-co-op", "github.com/google")
	secs := Sections(u.Pkg, u.Funcs)
	if len(secs) != 1 || secs[0].Fn == nil || secs[0].Fn.Parent() == nil || secs[0].Fn.Parent().Name() != "jobs" {
		t.Fatalf("Sections = %v, want the task literal of jobs", secs)
	}
	u = testunit.BuildStubbed(t, "p", unlocked, "github.com/go-co-op", "github.com/google")
	if secs := Sections(u.Pkg, u.Funcs); len(secs) != 0 {
		t.Errorf("Sections without a locker = %v, want none", secs)
	}
}
