package keyscope

import (
	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
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
// Unlock). A use counts only where the lock may be held (Scope:
// the same function, its callees and callers, the methods of one type, a
// release), and a delete that undoes a marker when the work after its SET
// NX failed (Rollback) is no use of a lock's.

// keyOp is a use of a key that only a lock makes.
type keyOp struct {
	fn     *ssa.Function
	extend bool // EXPIRE, PEXPIRE, GETSET: evidence only from another function
}

// Evidence answers, for the functions of one package, whether a SET NX
// key is used as only a lock's key is; built on first use.
type Evidence struct {
	funcs []*ssa.Function
	ops   map[string][]keyOp         // lock-only uses of keys, by shape
	sets  map[string][]*ssa.Function // functions with a SET NX, by the shape of its key
	scope *Scope                     // where a SET NX lock is held
}

// NewEvidence returns the evidence of the package whose source functions
// are funcs.
func NewEvidence(funcs []*ssa.Function) *Evidence { return &Evidence{funcs: funcs} }

// keyOps indexes, by key shape (without parameters), the uses of keys in
// the package that only a lock makes. Built on first use.
func (e *Evidence) keyOps() map[string][]keyOp {
	if e.ops != nil {
		return e.ops
	}
	e.ops = map[string][]keyOp{}
	add := func(fn *ssa.Function, k ssa.Value, extend bool) {
		if s := calls.KeyShape(k, false); s != "" {
			e.ops[s] = append(e.ops[s], keyOp{fn, extend})
		}
	}
	for _, fn := range e.funcs {
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
	return e.ops
}

// rollback reports whether del, a delete of key in fn, undoes the marker
// a SET NX of the same key in fn's declared function set
// (Rollback).
func rollback(fn *ssa.Function, del ssa.CallInstruction, key ssa.Value) bool {
	for f := fn; f != nil; f = f.Parent() {
		for ci := range calls.In(f) {
			set, ok := ci.(*ssa.Call)
			if !ok {
				continue
			}
			if kl := calls.KeyHeldAcquire(&set.Call); kl != nil && calls.SameKey(calls.FlatArg(&set.Call, kl.Handle), key) {
				return Rollback(set, del, key)
			}
		}
	}
	return false
}

// Of is a section.KeyEvidence: whether key, a SET NX key in fn, is used
// as a lock's (deleted, scripted, or extended from another function) where
// the lock may be held.
func (e *Evidence) Of(fn *ssa.Function, key ssa.Value) bool {
	s := calls.KeyShape(key, false)
	if s == "" {
		return false
	}
	for _, op := range e.keyOps()[s] {
		if (!op.extend || op.fn != fn && !calls.Encloses(fn, op.fn)) && e.HeldAt(fn, op.fn) {
			return true
		}
	}
	return false
}

// SetNXIn returns the functions of the package that SET NX a key of
// shape (calls.KeyShape with parameters: redeemLockKey(p2) in
// AcquireRedeemLock(ctx, code, ttl) and in ReleaseRedeemLock(ctx, code)).
func (e *Evidence) SetNXIn(shape string) []*ssa.Function {
	if e.sets == nil {
		e.sets = map[string][]*ssa.Function{}
		for _, fn := range e.funcs {
			for ci := range calls.In(fn) {
				c, ok := ci.(*ssa.Call)
				if !ok {
					continue
				}
				if kl := calls.KeyHeldAcquire(&c.Call); kl != nil {
					if ks := calls.KeyShape(calls.FlatArg(&c.Call, kl.Handle), true); ks != "" {
						e.sets[ks] = append(e.sets[ks], fn)
					}
				}
			}
		}
	}
	return e.sets[shape]
}

// HeldAt reports whether a SET NX lock taken in acq may be held where del
// runs (Scope.HeldAt), the scope built on first use.
func (e *Evidence) HeldAt(acq, del *ssa.Function) bool {
	if e.scope == nil {
		e.scope = NewScope(e.funcs)
	}
	return e.scope.HeldAt(acq, del)
}

// UndoesMarker reports whether del, a delete naming key, undoes a
// de-duplication marker that a SET NX of the same key in its function (or
// the function a literal of it belongs to) set (Rollback): the marker is
// this run's own, set moments before; taking it back lets the next run
// retry the item and overwrites nothing a successor wrote.
func UndoesMarker(del ssa.CallInstruction, key ssa.Value) bool {
	if key == nil {
		return false
	}
	return rollback(del.Parent(), del, key)
}
