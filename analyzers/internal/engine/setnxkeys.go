package engine

import (
	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/keyscope"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"golang.org/x/tools/go/ssa"
)

// A SET NX is a lock, rather than de-duplication, by what the program does
// with its key (section.KeyEvidence): it deletes it (DEL, UNLINK, a native
// compare-and-delete), runs a script on it (a compare-and-delete or a
// renewal), or, from another function, extends or swaps it (EXPIRE,
// PEXPIRE, GETSET). Keys are compared across functions by their shape:
// the same constant, package variable, struct field, or call of the same
// key-building function on such values (keyFor(l.name) in Lock and in
// Unlock). A use counts only where the lock may be held (keyscope.Scope:
// the same function, its callees and callers, the methods of one type, a
// release), and a delete that undoes a marker when the work after its SET
// NX failed (keyscope.Rollback) is no use of a lock's.

// keyOp is a use of a key that only a lock makes.
type keyOp struct {
	fn     *ssa.Function
	extend bool // EXPIRE, PEXPIRE, GETSET: evidence only from another function
}

// keyOps indexes, by key shape (without parameters), the uses of keys in
// the package that only a lock makes. Built on first use.
func (a *analysis_) keyOps() map[string][]keyOp {
	if a.keyOpsIdx != nil {
		return a.keyOpsIdx
	}
	a.keyOpsIdx = map[string][]keyOp{}
	add := func(fn *ssa.Function, k ssa.Value, extend bool) {
		if s := calls.KeyShape(k, false); s != "" {
			a.keyOpsIdx[s] = append(a.keyOpsIdx[s], keyOp{fn, extend})
		}
	}
	for _, fn := range a.funcs {
		for ci := range calls.In(fn) {
			c := ci.Common()
			callee := calls.Callee(c)
			if callee == nil {
				continue
			}
			switch {
			case calls.KeyDeleteLock(c, callee) != nil:
				keys, _ := calls.RedisKeys(c, callee)
				for _, k := range keys {
					if !rollback(fn, ci, k) {
						add(fn, k, false)
					}
				}
			case model.MatchesAny(model.KB.DelIfEqual, callee):
				add(fn, calls.FlatArg(c, model.KB.KeyArg(callee)), false)
			case calls.RedisExtend(c) != nil:
				add(fn, calls.RedisExtend(c), true)
			default:
				if sr := model.KB.ScriptRunOf(callee); sr != nil {
					if keys, ok := calls.Variadic(calls.Arg(c, sr.Keys)); ok {
						for _, k := range keys {
							add(fn, k, false)
						}
					}
				}
			}
		}
	}
	return a.keyOpsIdx
}

// rollback reports whether del, a delete of key in fn, undoes the marker
// a SET NX of the same key in fn's declared function set
// (keyscope.Rollback).
func rollback(fn *ssa.Function, del ssa.CallInstruction, key ssa.Value) bool {
	for f := fn; f != nil; f = f.Parent() {
		for ci := range calls.In(f) {
			set, ok := ci.(*ssa.Call)
			if !ok {
				continue
			}
			if kl := calls.KeyHeldAcquire(&set.Call); kl != nil && calls.SameKey(calls.FlatArg(&set.Call, kl.Handle), key) {
				return keyscope.Rollback(set, del, key)
			}
		}
	}
	return false
}

// keyEvidence is the engine's section.KeyEvidence.
func (a *analysis_) keyEvidence(fn *ssa.Function, key ssa.Value) bool {
	s := calls.KeyShape(key, false)
	if s == "" {
		return false
	}
	for _, op := range a.keyOps()[s] {
		if (!op.extend || op.fn != fn && !calls.Encloses(fn, op.fn)) && a.heldAt(fn, op.fn) {
			return true
		}
	}
	return false
}

// heldAt reports whether a SET NX lock taken in acq may be held where del
// runs (keyscope.Scope.HeldAt).
func (a *analysis_) heldAt(acq, del *ssa.Function) bool {
	if a.keyScope == nil {
		a.keyScope = keyscope.NewScope(a.funcs)
	}
	return a.keyScope.HeldAt(acq, del)
}
