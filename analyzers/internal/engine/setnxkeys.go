package engine

import (
	"go/token"
	"go/types"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"golang.org/x/tools/go/ssa"
)

// A SET NX is a lock, rather than de-duplication, by what the program does
// with its key (section.KeyEvidence): it deletes it (DEL, UNLINK, a native
// compare-and-delete), runs a script on it (a compare-and-delete or a
// renewal), or, from another function, extends or swaps it (EXPIRE,
// PEXPIRE, GETSET). Keys are compared across functions by their shape:
// the same constant, package variable, struct field, or call of the same
// key-building function on such values (keyFor(l.name) in Lock and in
// Unlock).

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
					add(fn, k, false)
				}
			case model.MatchesAny(model.RedisDelIfEqual, callee):
				add(fn, calls.FlatArg(c, model.RedisKeyArg(callee)), false)
			case calls.RedisExtend(c) != nil:
				add(fn, calls.RedisExtend(c), true)
			default:
				if sr := model.ScriptRunOf(callee); sr != nil {
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

// keyEvidence is the engine's section.KeyEvidence.
func (a *analysis_) keyEvidence(fn *ssa.Function, key ssa.Value) bool {
	s := calls.KeyShape(key, false)
	if s == "" {
		return false
	}
	for _, op := range a.keyOps()[s] {
		if !op.extend || op.fn != fn && !calls.Encloses(fn, op.fn) {
			return true
		}
	}
	return false
}

// setnxIsLock reports whether a SET NX in fn that no section covers is a
// lock all the same: fn (or its receiver type) is named like a lock
// operation (Lock, AcquireLock, lockTask, RedisLocker.Acquire), or the
// package treats its key as a lock's (keyEvidence).
func (l *lifecycle) setnxIsLock(fn *ssa.Function, key ssa.Value) bool {
	for f := fn; f != nil; f = f.Parent() {
		if lcLockName(f.Name()) {
			return true
		}
		if obj, ok := f.Object().(*types.Func); ok && f.Signature.Recv() != nil {
			if n := calls.ReceiverNamed(obj); n != nil && lcLockName(n.Obj().Name()) {
				return true
			}
		}
	}
	return l.u.KeyEvidence(fn, key)
}

// lcReleaseName reports whether fn, the function a literal belongs to or
// its receiver type is named like a lock operation (Unlock, ReleaseLock,
// unLockTask, Mutex.Release).
func lcReleaseName(fn *ssa.Function) bool {
	for f := fn; f != nil; f = f.Parent() {
		names := []string{f.Name()}
		if obj, ok := f.Object().(*types.Func); ok && f.Signature.Recv() != nil {
			if n := calls.ReceiverNamed(obj); n != nil {
				names = append(names, n.Obj().Name())
			}
		}
		for _, name := range names {
			if lcLockName(name) || vocab.ReleaseVerb.Match(name) {
				return true
			}
		}
	}
	return false
}

// lcLockName reports whether an identifier names a lock (lockTask,
// AcquireLock, RedisLocker, but not blockKey or clockSkew).
func lcLockName(name string) bool { return vocab.LockName.Match(name) }

// lcSetnxByShape finds the SET NX lock whose key is built the same way as
// key in another function of the package: the same key-building call on
// the same fields, constants or parameter positions (SetNX(ctx,
// serialKey(key), ...) in Lock(key), Del(ctx, serialKey(key)) in
// Unlock(key)), when the function that deletes it (fn) is named like a
// release. A bare parameter is no shape: any function deletes its
// argument; and a generic delete helper (Del(key)) builds its key as the
// lock does without releasing it.
func lcSetnxByShape(all []*lcSetnx, key ssa.Value, fn *ssa.Function) *lcSetnx {
	s := calls.KeyShape(key, true)
	if s == "" || !strings.Contains(s, "(") || !lcReleaseName(fn) {
		return nil
	}
	// Several locks built the same way (Lock and AcquireOwnedLock on
	// serialKey(key)): the nearest one before the release names it best.
	var best *lcSetnx
	dist := func(a *lcSetnx) token.Pos {
		if d := fn.Pos() - a.call.Pos(); d >= 0 {
			return d
		}
		return a.call.Pos() - fn.Pos() + 1<<30 // after the release: only if nothing precedes it
	}
	for _, a := range all {
		if a.lock && calls.KeyShape(a.key, true) == s && (best == nil || dist(a) < dist(best)) {
			best = a
		}
	}
	return best
}
