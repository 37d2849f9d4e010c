package section_test

import (
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/section"
	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

const failureSrc = `package fail

import (
	"context"
	"log"
	"os"
	"runtime"

	"go.etcd.io/etcd/client/v3/concurrency"
)

func work() {}

func Logged(ctx context.Context, m *concurrency.Mutex) {
	if err := m.Lock(ctx); err != nil {
		log.Print(err)
	}
	work()
}

func Fatal(ctx context.Context, m *concurrency.Mutex) {
	if err := m.Lock(ctx); err != nil {
		log.Fatal(err)
	}
	work()
}

func Exit(ctx context.Context, m *concurrency.Mutex) {
	if err := m.Lock(ctx); err != nil {
		os.Exit(1)
	}
	work()
}

func Goexit(ctx context.Context, m *concurrency.Mutex) {
	if err := m.Lock(ctx); err != nil {
		runtime.Goexit()
	}
	work()
}
`

// TestFailureJoins: a failure branch that only logs carries on into the
// work (best-effort locking); one that ends the process or the goroutine
// does not, although go/ssa lets its block fall through.
func TestFailureJoins(t *testing.T) {
	pkgs := testutil.LoadStubbed(t, "fail", failureSrc, "go.etcd.io", "go.uber.org", "google.golang.org")
	prog, ssaPkgs := ssautil.Packages(pkgs, ssa.InstantiateGenerics)
	prog.Build()
	for name, want := range map[string]bool{"Logged": true, "Fatal": false, "Exit": false, "Goexit": false} {
		secs := section.Find(ssaPkgs[0].Func(name))
		if len(secs) != 1 {
			t.Errorf("%s: %d sections, want 1", name, len(secs))
			continue
		}
		if got := secs[0].FailureJoins; got != want {
			t.Errorf("%s: FailureJoins = %v, want %v", name, got, want)
		}
	}
}
