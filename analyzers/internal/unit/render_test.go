package unit_test

import (
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/testutil/testunit"
	"golang.org/x/tools/go/ssa"
)

// TestRender: a call is named and spanned as the code writes it, and a
// position as file:line.
func TestRender(t *testing.T) {
	u := testunit.Build(t, `package p

type store struct{}

func (store) UpdateLease(n int) error { return nil }

type locker struct{ store store }

func (l *locker) renew() error {
	return l.store.UpdateLease(1 +
		2)
}
`)
	var ci ssa.CallInstruction
	for _, fn := range u.Funcs {
		if fn.Name() == "renew" {
			for c := range calls.In(fn) {
				ci = c
			}
		}
	}
	if ci == nil {
		t.Fatal("no call in renew")
	}
	if got := u.CallName(ci, calls.Callee(ci.Common())); got != "l.store.UpdateLease" {
		t.Errorf("CallName = %q, want l.store.UpdateLease", got)
	}
	pos, end := u.Span(ci)
	if p, e := u.Pass.Fset.Position(pos), u.Pass.Fset.Position(end); p.Line != 10 || p.Column != 9 || e.Line != 11 {
		t.Errorf("Span = %v-%v, want 10:9 to line 11", p, e)
	}
	if got := u.Where(pos); got != "p.go:10" {
		t.Errorf("Where = %q, want p.go:10", got)
	}
}
