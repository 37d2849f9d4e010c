package calls

import (
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
	"golang.org/x/tools/go/ssa"
)

func TestTestDouble(t *testing.T) {
	for path, want := range map[string]bool{
		"example.com/app/mockstore":  true,
		"example.com/app/mocks":      true,
		"example.com/app/storemocks": true,
		"example.com/app/fakes":      true,
		"example.com/app/fake":       true,
		"example.com/app/storetest":  true,
		"example.com/app/pg":         false,
		"example.com/app/store":      false,
		"example.com/app/latest":     true, // *test: named like a test package
	} {
		if got := TestDouble(path); got != want {
			t.Errorf("TestDouble(%q) = %v, want %v", path, got, want)
		}
	}
}

// TestBefore: a call in a dominating block, or earlier in the same block,
// runs before; one in a branch that may be skipped does not.
func TestBefore(t *testing.T) {
	pkg := testutil.BuildSSA(t, `package p

func a() {}
func b() {}
func c() {}
func d() {}

func f(x bool) {
	a()
	if x {
		b()
	}
	c()
	d()
}
`)
	at := map[string]ssa.Instruction{}
	for ci := range In(pkg.Func("f")) {
		at[ci.Common().StaticCallee().Name()] = ci
	}
	for _, tc := range []struct {
		x, y string
		want bool
	}{{"a", "c", true}, {"c", "d", true}, {"d", "c", false}, {"b", "c", false}, {"a", "b", true}, {"c", "a", false}} {
		if got := Before(at[tc.x], at[tc.y]); got != tc.want {
			t.Errorf("Before(%s, %s) = %v, want %v", tc.x, tc.y, got, tc.want)
		}
	}
}

// TestWrappedCall: a method value's $bound wrapper makes one call, the
// method's; a declared function is no wrapper.
func TestWrappedCall(t *testing.T) {
	pkg := testutil.BuildSSA(t, `package p

type e struct{}

func (e) IsLeader() bool { return true }

func f(x e) func() bool { return x.IsLeader }
`)
	f := pkg.Func("f")
	var bound *ssa.Function
	for _, b := range f.Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok {
				bound = mc.Fn.(*ssa.Function)
			}
		}
	}
	c := WrappedCall(bound)
	if c == nil || Callee(c) == nil || Callee(c).Name() != "IsLeader" {
		t.Fatalf("WrappedCall(%v) = %v, want the call of IsLeader", bound, c)
	}
	if WrappedCall(f) != nil {
		t.Errorf("WrappedCall(f) != nil: a declared function is no wrapper")
	}
}
