package engine

import (
	"fmt"
	"go/types"
	"slices"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/internal/checks"
	"golang.org/x/tools/go/ssa"
)

// Library mode (the -library flag, the configuration key "library") also
// reports inside the lock libraries of the knowledge base, for their
// authors: the checks in libraryChecks, plus the rule below, which needs
// to know that it is looking at a library's own release.

// libraryReleases reports the releases of this package's locks (a
// function the knowledge base lists as a lock's Release) that delete a key
// with an unconditional delete (go-redis Del, etcd KV Delete) on their own
// or in a function of the package they call: the lock's key is deleted
// whoever holds it now, so a holder whose lease expired deletes its
// successor's lock (FC5001). A compare-and-delete (a script, DelExArgs
// IFEQ, a transaction) calls none of them.
func (a *analysis_) libraryReleases() []Finding {
	deletes := append(slices.Clone(model.KB.KeyDeletes), model.KB.RevisionDeletes...)
	var out []Finding
	for _, fn := range a.funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok {
			continue
		}
		lock := releaseOf(obj)
		if lock == nil {
			continue
		}
		seen := map[*ssa.Function]bool{}
		var visit func(f *ssa.Function, depth int)
		visit = func(f *ssa.Function, depth int) {
			if seen[f] || depth > 3 {
				return
			}
			seen[f] = true
			for ci := range calls.In(f) {
				c := ci.Common()
				callee := calls.Callee(c)
				if callee != nil && slices.ContainsFunc(deletes, func(d model.Func) bool { return d.Matches(callee) }) {
					pos := ci.Pos()
					out = append(out, Finding{Code: checks.UnsafeRelease, Pos: pos, Key: pos,
						Message: fmt.Sprintf("%s, a release of the %s, deletes the lock's key with %s.%s without checking that it still holds this holder's value or revision: a holder whose lease expired deletes the lock its successor now holds; delete atomically only if the key still holds this holder's value (a compare-and-delete script, DelExArgs with IFEQ, or a transaction comparing the key's revision)",
							obj.Name(), lock.Lib, model.RecvName(callee), callee.Name())})
					continue
				}
				if g := c.StaticCallee(); g != nil && a.local(g) {
					visit(g, depth+1)
				}
			}
		}
		visit(fn, 0)
	}
	return out
}

// releaseOf returns the lock whose Release fn is (a library's own lock,
// not the SET NX protocol, whose release is the client's Del).
func releaseOf(fn *types.Func) *model.Lock {
	for _, l := range model.KB.Locks {
		if l.Held != model.HeldByKey && slices.ContainsFunc(l.Release, func(r model.Func) bool { return r.Matches(fn) }) {
			return l
		}
	}
	return nil
}
