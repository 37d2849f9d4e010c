package scriptsrc_test

import (
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/testutil/testunit"
	"golang.org/x/tools/go/ssa"
)

// TestText: the text of a script run, found as Eval's argument, through a
// package variable, and through a struct field a constructor assigns; a
// field given two different scripts answers nothing (chosen at run time).
func TestText(t *testing.T) {
	u := testunit.BuildStubbed(t, "example.com/scripts", `package scripts

import (
	"context"

	"github.com/redis/go-redis/v9"
)

var global = redis.NewScript("global")

type locker struct {
	rdb   *redis.Client
	one   *redis.Script
	mixed *redis.Script
}

func newLocker(rdb *redis.Client, fast bool) *locker {
	l := &locker{rdb: rdb, one: redis.NewScript("field")}
	if fast {
		l.mixed = redis.NewScript("a")
	} else {
		l.mixed = redis.NewScript("b")
	}
	return l
}

func eval(ctx context.Context, l *locker) { l.rdb.Eval(ctx, "argument", nil) }
func viaGlobal(ctx context.Context, l *locker) { global.Run(ctx, l.rdb, nil) }
func viaField(ctx context.Context, l *locker) { l.one.Run(ctx, l.rdb, nil) }
func viaMixed(ctx context.Context, l *locker) { l.mixed.Run(ctx, l.rdb, nil) }
`, "github.com/redis")
	for name, want := range map[string]string{"eval": "argument", "viaGlobal": "global", "viaField": "field", "viaMixed": ""} {
		ci := runIn(t, u.Pkg.Func(name))
		got, ok := u.Scripts().Text(ci)
		if ok != (want != "") || got != want {
			t.Errorf("Text in %s = %q, %v; want %q", name, got, ok, want)
		}
	}
}

func runIn(t *testing.T, fn *ssa.Function) ssa.CallInstruction {
	t.Helper()
	for ci := range calls.In(fn) {
		if c := calls.Callee(ci.Common()); c != nil && (c.Name() == "Run" || c.Name() == "Eval") {
			return ci
		}
	}
	t.Fatalf("no script run in %s", fn.Name())
	return nil
}
