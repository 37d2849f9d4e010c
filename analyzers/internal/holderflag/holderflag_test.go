package holderflag

import (
	"go/types"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
	"golang.org/x/tools/go/ssa"
)

func TestFind(t *testing.T) {
	pkg := testutil.BuildSSA(t, `package p

import "sync/atomic"

type elector struct {
	isLeader   bool
	leaseHeld  atomic.Bool
	term       int
	enabled    bool
}

func (e *elector) won()  { e.isLeader = true; e.leaseHeld.Store(true) }
func (e *elector) lost() { e.isLeader = false; e.leaseHeld.Store(false); e.enabled = false }
func (e *elector) work() bool { return e.isLeader && e.leaseHeld.Load() && e.enabled }
`)
	var funcs []*ssa.Function
	for _, m := range pkg.Members {
		if tn, ok := m.(*ssa.Type); ok {
			ms := pkg.Prog.MethodSets.MethodSet(ssaPtr(tn))
			for i := 0; i < ms.Len(); i++ {
				funcs = append(funcs, pkg.Prog.MethodValue(ms.At(i)))
			}
		}
	}
	flags := Find(funcs, pkg.Pkg)
	got := map[string][3]int{}
	for v, f := range flags {
		reads := 0
		for _, r := range f.Reads {
			reads += len(r)
		}
		got[v.Name()] = [3]int{len(f.Sets), len(f.Clears), reads}
	}
	want := map[string][3]int{"isLeader": {1, 1, 1}, "leaseHeld": {1, 1, 1}}
	if len(got) != len(want) {
		t.Fatalf("flags %v, want %v (enabled and term are named for something else)", got, want)
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s: sets, clears, reads = %v, want %v", k, got[k], w)
		}
	}
}

func ssaPtr(tn *ssa.Type) types.Type { return types.NewPointer(tn.Type()) }
