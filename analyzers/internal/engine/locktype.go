package engine

import (
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/fact"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"golang.org/x/tools/go/ssa"
)

// An application's own lock type (a readers-writer lock over etcd mutexes,
// a Redis lock struct) has methods that take the lock and return with it
// held: acquire wrappers. Its other methods (the release, the bookkeeping
// of a readers counter) write to the coordinator too, but those writes are
// the lock's protocol, not effects of the code that holds the lock: a
// section does not follow calls into them, as it does not follow calls
// into a known lock library. A section inside the lock type's own methods
// still judges their bodies (an unfenced counter Put under the inner mutex
// is reported there).

// The handle an acquire wrapper returns (AcquireOwnedLock returning an
// *OwnedLock whose Unlock, Renew and KeepAlive run scripts on the key) is
// the lock's too, when its type says so: its name, or the name of one of
// its methods, names a lock or a release (lockHandle).

// LockTypeFact marks a type returned by an acquire wrapper as the lock's
// handle: its methods are the lock's protocol.
type LockTypeFact struct{}

func (*LockTypeFact) AFact()         {}
func (*LockTypeFact) String() string { return "lock handle" }

// markLockHandles records the types of this package among fn's results
// that are the handle of the lock fn acquires (lockHandle).
func (a *analysis_) markLockHandles(fn *types.Func) {
	res := fn.Signature().Results()
	for i := range res.Len() {
		t := res.At(i).Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		n, ok := types.Unalias(t).(*types.Named)
		if !ok || n.Obj().Pkg() != a.pass.Pkg || !lockHandle(n) {
			continue
		}
		n = n.Origin()
		if !a.lockTypes[n] {
			a.lockTypes[n] = true
			if _, isIface := n.Underlying().(*types.Interface); !isIface {
				a.pass.ExportObjectFact(n.Obj(), &LockTypeFact{})
			}
		}
	}
}

// lockHandle reports whether a type is named like a lock (OwnedLock,
// redisLock) or has a method named like its release (Unlock, Release).
func lockHandle(n *types.Named) bool {
	if vocab.LockName.Match(n.Obj().Name()) {
		return true
	}
	ms := types.NewMethodSet(types.NewPointer(n))
	for i := range ms.Len() {
		if vocab.ReleaseVerb.Match(ms.At(i).Obj().Name()) {
			return true
		}
	}
	return false
}

// lockTypeMethod reports whether fn is a method of a type some method of
// which is an acquire wrapper, local or imported, or that an acquire
// wrapper returns as the lock's handle.
func (a *analysis_) lockTypeMethod(fn *types.Func) bool {
	named := calls.ReceiverNamed(fn)
	if named == nil {
		return false
	}
	if v, ok := a.lockTypes[named]; ok {
		return v
	}
	is := named.Obj().Pkg() != nil && named.Obj().Pkg() != a.pass.Pkg && a.pass.ImportObjectFact(named.Obj(), &LockTypeFact{})
	ms := types.NewMethodSet(types.NewPointer(named))
	for i := 0; !is && i < ms.Len(); i++ {
		m, ok := ms.At(i).Obj().(*types.Func)
		if !ok {
			continue
		}
		// A SET NX on a key the caller passes is a lock only for callers
		// that pass a lock's key: a general client type offering one
		// (go-zero's Redis.SetnxEx) is no lock type unless named like one.
		conditional := false
		if l := a.wrappers[m]; l != nil {
			is, conditional = true, l.KeyOnly && l.Held == model.HeldByKey
		} else if f := new(fact.AcquireFact); m.Pkg() != nil && m.Pkg() != a.pass.Pkg && a.pass.ImportObjectFact(m, f) {
			is, conditional = true, f.KeyParam > 0
		}
		if is && conditional && !lockHandle(named) {
			is = false
		}
	}
	a.lockTypes[named] = is
	return is
}

// lockBookkeeping reports whether a call from a section in fn into callee
// is the lock type's own protocol: callee is a method of a lock type, and
// fn is not a method of that same type.
func (a *analysis_) lockBookkeeping(fn *ssa.Function, callee *types.Func) bool {
	if callee == nil || !a.lockTypeMethod(callee) {
		return false
	}
	for p := fn; p != nil; p = p.Parent() { // fn, or the method a literal in it belongs to
		if own, ok := p.Object().(*types.Func); ok && calls.ReceiverNamed(own) == calls.ReceiverNamed(callee) {
			return false
		}
	}
	return true
}
