package lifecycle

import (
	"go/token"
	"go/types"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"golang.org/x/tools/go/ssa"
)

// A SET NX that no critical section covers is a lock all the same when it
// is named like one or its key is used as only a lock's key is (the
// engine's key evidence, unit.Engine.KeyEvidence); and a release finds
// its lock by the shape of the key (calls.KeyShape).

// setnxIsLock reports whether a SET NX in fn that no section covers is a
// lock all the same: fn (or its receiver type) is named like a lock
// operation (Lock, AcquireLock, lockTask, RedisLocker.Acquire), or the
// package treats its key as a lock's (unit.Engine.KeyEvidence).
func (l *checker) setnxIsLock(fn *ssa.Function, key ssa.Value) bool {
	for f := fn; f != nil; f = f.Parent() {
		if lockName(f.Name()) {
			return true
		}
		if obj, ok := f.Object().(*types.Func); ok && f.Signature.Recv() != nil {
			if n := calls.ReceiverNamed(obj); n != nil && lockName(n.Obj().Name()) {
				return true
			}
		}
	}
	return l.u.KeyEvidence(fn, key)
}

// releaseName reports whether fn, the function a literal belongs to or
// its receiver type is named like a lock operation (Unlock, ReleaseLock,
// unLockTask, Mutex.Release).
func releaseName(fn *ssa.Function) bool {
	for f := fn; f != nil; f = f.Parent() {
		names := []string{f.Name()}
		if obj, ok := f.Object().(*types.Func); ok && f.Signature.Recv() != nil {
			if n := calls.ReceiverNamed(obj); n != nil {
				names = append(names, n.Obj().Name())
			}
		}
		for _, name := range names {
			if lockName(name) || vocab.ReleaseVerb.Match(name) {
				return true
			}
		}
	}
	return false
}

// lockName reports whether an identifier names a lock (lockTask,
// AcquireLock, RedisLocker, but not blockKey or clockSkew).
func lockName(name string) bool { return vocab.LockName.Match(name) }

// setnxByShape finds the SET NX lock whose key is built the same way as
// key in another function of the package: the same key-building call on
// the same fields, constants or parameter positions (SetNX(ctx,
// serialKey(key), ...) in Lock(key), Del(ctx, serialKey(key)) in
// Unlock(key)), when the function that deletes it (fn) is named like a
// release. A bare parameter is no shape: any function deletes its
// argument; and a generic delete helper (Del(key)) builds its key as the
// lock does without releasing it.
func setnxByShape(all []*setnx, key ssa.Value, fn *ssa.Function) *setnx {
	s := calls.KeyShape(key, true)
	if s == "" || !strings.Contains(s, "(") || !releaseName(fn) {
		return nil
	}
	// Several locks built the same way (Lock and AcquireOwnedLock on
	// serialKey(key)): the nearest one before the release names it best.
	var best *setnx
	dist := func(a *setnx) token.Pos {
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
