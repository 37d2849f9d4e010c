// Package librelease is library mode's own rule. Library mode (the
// -library flag, the configuration key "library") also reports inside the
// lock libraries of the knowledge base, for their authors; this rule needs
// to know that it is looking at a library's own release: a release of the
// library's lock that deletes the lock's key unconditionally (FC5001).
package librelease

import (
	"fmt"
	"go/types"
	"slices"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/internal/checks"
	"golang.org/x/tools/go/ssa"
)

// maxDepth bounds how deep a release's calls into its own package are
// followed to the delete: a release calls a helper or two.
const maxDepth = 3

// Findings reports the releases of the package's locks (a
// function the knowledge base lists as a lock's Release) that delete a key
// with an unconditional delete (go-redis Del, etcd KV Delete) on their own
// or in a function of the package they call: the lock's key is deleted
// whoever holds it now, so a holder whose lease expired deletes its
// successor's lock (FC5001). A compare-and-delete (a script, DelExArgs
// IFEQ, a transaction) calls none of them.
func Findings(pkg *ssa.Package, funcs []*ssa.Function) []unit.Finding {
	deletes := append(slices.Clone(model.KB.KeyDeletes), model.KB.RevisionDeletes...)
	var out []unit.Finding
	for _, fn := range funcs {
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
			if seen[f] || depth > maxDepth {
				return
			}
			seen[f] = true
			for ci := range calls.In(f) {
				c := ci.Common()
				callee := calls.Callee(c)
				if callee != nil && slices.ContainsFunc(deletes, func(d model.Func) bool { return d.Matches(callee) }) {
					pos := ci.Pos()
					out = append(out, unit.Finding{Code: checks.UnsafeRelease, Pos: pos, Key: pos,
						Message: fmt.Sprintf("%s, a release of the %s, deletes the lock's key with %s.%s without checking that it still holds this holder's value or revision: a holder whose lease expired deletes the lock its successor now holds; delete atomically only if the key still holds this holder's value (a compare-and-delete script, DelExArgs with IFEQ, or a transaction comparing the key's revision)",
							obj.Name(), lock.Lib, model.RecvName(callee), callee.Name())})
					continue
				}
				if g := c.StaticCallee(); g != nil && calls.LocalOrInstance(g, pkg) {
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
