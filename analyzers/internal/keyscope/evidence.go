package keyscope

import (
	"go/types"
	"slices"

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

// A function of the program that makes such a use of the key one of its
// parameters names (an application's ReleaseLock(ctx, key, value) over a
// compare-and-delete script) makes it, at each call, of the key its
// caller passes (KeyUse, exported as fact.KeyUseFact). Wrappers of
// wrappers are followed up to maxKeyUseRounds levels within the package.

// maxKeyUseRounds bounds the levels of wrappers of one package followed.
const maxKeyUseRounds = 3

// KeyUse is a function's use of its key parameter as only a lock's key is
// used (fact.KeyUseFact).
type KeyUse struct {
	Param  int // index, receiver excluded
	Extend bool
}

// keyOp is a use of a key that only a lock makes.
type keyOp struct {
	fn     *ssa.Function
	extend bool // EXPIRE, PEXPIRE, GETSET: evidence only from another function
}

// Evidence answers, for the functions of one package, whether a SET NX
// key is used as only a lock's key is; built on first use.
type Evidence struct {
	funcs []*ssa.Function
	// Imported returns the key use of another package's function (its
	// fact), or nil.
	Imported func(*types.Func) *KeyUse
	uses     map[*types.Func]*KeyUse    // this package's functions' key uses
	ops      map[string][]keyOp         // lock-only uses of keys, by shape
	byValue  map[ssa.Value][]keyOp      // the same, by the key's value (one built from parameters has no shape)
	sets     map[string][]*ssa.Function // functions with a SET NX, by the shape of its key
	scope    *Scope                     // where a SET NX lock is held
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
	e.byValue = map[ssa.Value][]keyOp{}
	e.uses = map[*types.Func]*KeyUse{}
	add := func(fn *ssa.Function, k ssa.Value, extend bool) {
		if s := calls.KeyShape(k, false); s != "" {
			e.ops[s] = append(e.ops[s], keyOp{fn, extend})
		}
		e.noteParam(fn, k, extend)
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
	// Calls of the program's functions that use their key parameter so.
	done := map[ssa.CallInstruction]bool{}
	for round := 0; round < maxKeyUseRounds; round++ {
		n := len(e.uses)
		for _, fn := range e.funcs {
			for ci := range calls.In(fn) {
				if done[ci] {
					continue
				}
				u := e.useOf(calls.Callee(ci.Common()))
				if u == nil {
					continue
				}
				done[ci] = true
				if k := calls.Arg(ci.Common(), u.Param); k != nil && (u.Extend || !rollback(fn, ci, k)) {
					add(fn, k, u.Extend)
					// The key value itself, whatever it is built from, is
					// handed to a function that uses it as only a lock's
					// key is used (go keepAlive(rds, lockKey, ...)).
					v := calls.Resolve(k)
					e.byValue[v] = append(e.byValue[v], keyOp{fn, u.Extend})
				}
			}
		}
		if len(e.uses) == n {
			break
		}
	}
	return e.ops
}

// noteParam records that fn, a declared function, uses its parameter k so.
func (e *Evidence) noteParam(fn *ssa.Function, k ssa.Value, extend bool) {
	p, ok := calls.Unwrap(calls.Resolve(k)).(*ssa.Parameter)
	obj, isFunc := fn.Object().(*types.Func)
	if !ok || !isFunc || p.Parent() != fn || fn.Parent() != nil {
		return
	}
	i := slices.Index(fn.Params, p)
	if fn.Signature.Recv() != nil {
		i-- // counted after the receiver, as calls.Arg
	}
	if i < 0 {
		return
	}
	if u := e.uses[obj]; u == nil || u.Extend && !extend {
		e.uses[obj] = &KeyUse{Param: i, Extend: extend}
	}
}

// useOf returns the key use of a function: this package's, or another's
// (Imported).
func (e *Evidence) useOf(fn *types.Func) *KeyUse {
	if fn == nil {
		return nil
	}
	if u := e.uses[fn]; u != nil {
		return u
	}
	if e.Imported != nil && fn.Pkg() != nil {
		return e.Imported(fn)
	}
	return nil
}

// KeyUses returns the key uses of this package's declared functions, for
// export as facts.
func (e *Evidence) KeyUses() map[*types.Func]*KeyUse {
	e.keyOps()
	return e.uses
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
	ops := e.keyOps()[calls.KeyShape(key, false)]
	if key != nil {
		// The same value handed on (go keepAlive(rds, lockKey, ...)),
		// whatever it is built from.
		ops = append(slices.Clip(ops), e.byValue[calls.Resolve(key)]...)
	}
	for _, op := range ops {
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
