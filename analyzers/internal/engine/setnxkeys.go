package engine

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
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

// keyShape renders how a key is built, the same in every function of the
// package that builds it the same way, or "" when it cannot tell. With
// params, a parameter is rendered by its position ("p1"), which makes
// shapes of different functions comparable only by convention (Lock(key)
// and Unlock(key)); without, a key built from a parameter has no shape.
func keyShape(v ssa.Value, params bool) string {
	return keyShapeDepth(v, params, 0)
}

func keyShapeDepth(v ssa.Value, params bool, depth int) string {
	if depth > 5 || v == nil {
		return ""
	}
	v = calls.Unwrap(lcResolve(v))
	switch x := v.(type) {
	case *ssa.Const:
		if x.Value != nil && x.Value.Kind() == constant.String {
			return fmt.Sprintf("%q", constant.StringVal(x.Value))
		}
		if x.Value != nil {
			return x.Value.ExactString()
		}
	case *ssa.Parameter:
		if params {
			return fmt.Sprintf("p%d", slices.Index(x.Parent().Params, x))
		}
	case *ssa.UnOp, *ssa.Field:
		if id, _ := lcKeyID(x); id != "" {
			return id
		}
	case *ssa.Convert:
		return keyShapeDepth(x.X, params, depth+1)
	case *ssa.BinOp:
		if x.Op != token.ADD {
			return ""
		}
		a, b := keyShapeDepth(x.X, params, depth+1), keyShapeDepth(x.Y, params, depth+1)
		if a == "" || b == "" {
			return ""
		}
		return "(" + a + "+" + b + ")"
	case *ssa.Slice:
		elems, ok := calls.Variadic(x)
		if !ok {
			return ""
		}
		parts := make([]string, len(elems))
		for i, e := range elems {
			if parts[i] = keyShapeDepth(e, params, depth+1); parts[i] == "" {
				return ""
			}
		}
		return "[" + strings.Join(parts, ",") + "]"
	case *ssa.Call:
		fn := calls.Callee(&x.Call)
		if fn == nil || x.Call.IsInvoke() {
			return ""
		}
		parts := make([]string, len(x.Call.Args))
		for i, a := range x.Call.Args {
			if parts[i] = keyShapeDepth(a, params, depth+1); parts[i] == "" {
				return ""
			}
		}
		return fn.FullName() + "(" + strings.Join(parts, ",") + ")"
	}
	return ""
}

// keyOps indexes, by key shape (without parameters), the uses of keys in
// the package that only a lock makes. Built on first use.
func (a *analysis_) keyOps() map[string][]keyOp {
	if a.keyOpsIdx != nil {
		return a.keyOpsIdx
	}
	a.keyOpsIdx = map[string][]keyOp{}
	add := func(fn *ssa.Function, k ssa.Value, extend bool) {
		if s := keyShape(k, false); s != "" {
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
			case lcKeyDeleteLock(c, callee) != nil:
				keys, _ := lcRedisKeys(c, callee)
				for _, k := range keys {
					add(fn, k, false)
				}
			case model.MatchesAny(model.RedisDelIfEqual, callee):
				add(fn, calls.FlatArg(c, model.RedisKeyArg(callee)), false)
			case lcRedisExtend(c) != nil:
				add(fn, lcRedisExtend(c), true)
			default:
				if sr := lcScriptRun(callee); sr != nil {
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
	s := keyShape(key, false)
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

// lcRedisExtend returns the key of c when it extends or swaps a key
// (SetNX.Extends), or nil.
func lcRedisExtend(c *ssa.CallCommon) ssa.Value {
	fn := calls.Callee(c)
	if fn == nil {
		return nil
	}
	for _, lib := range model.Libraries {
		if p := lib.SetNX; p != nil && model.MatchesAny(p.Extends, fn) && calls.IsCommand(c, p.ExtendCommand) {
			return calls.FlatArg(c, p.Key)
		}
	}
	return nil
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
			if n := receiverNamed(obj); n != nil && lcLockName(n.Obj().Name()) {
				return true
			}
		}
	}
	return l.u.a != nil && l.u.a.keyEvidence(fn, key)
}

// lcReleaseName reports whether fn, the function a literal belongs to or
// its receiver type is named like a lock operation (Unlock, ReleaseLock,
// unLockTask, Mutex.Release).
func lcReleaseName(fn *ssa.Function) bool {
	for f := fn; f != nil; f = f.Parent() {
		names := []string{f.Name()}
		if obj, ok := f.Object().(*types.Func); ok && f.Signature.Recv() != nil {
			if n := receiverNamed(obj); n != nil {
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
	s := keyShape(key, true)
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
		if a.lock && keyShape(a.key, true) == s && (best == nil || dist(a) < dist(best)) {
			best = a
		}
	}
	return best
}
