// Package ifacelock reads the lock that a method of an application's own
// interface declares by its name and signature, when no implementation of
// it is in view: a package that takes its lock through
// `locker.Lock(ctx, key, ttl) error` or `locker.TryLock(ctx, id)
// (*Lock, error)` holds a distributed lock whatever package (or module)
// implements it, because an in-process mutex takes neither a lease's
// duration nor hands back a handle for a named resource.
//
// A method declares an acquisition when
//
//   - its interface is a named interface of a package outside the standard
//     library and outside the knowledge base's lock libraries;
//   - its name starts with an acquisition verb (Lock, Acquire, Obtain), or
//     with Try followed by one (TryLock): Lock, LockOrder, TryAcquire, but
//     not GetLock or NewLock (which make or look a lock up), RLock (a
//     shared lock excludes no other reader) or IsLocked;
//   - it reports success as an acquisition does: a bool first result, or
//     an error last result;
//   - its signature says the lock is not a mutex of this process: a
//     time.Duration parameter (the lease's TTL: an in-process mutex does
//     not expire), or a key parameter (a string naming the resource)
//     together with a handle in the results, a function that releases the
//     lock or a value whose type is named like a lock or has a release
//     method.
//
// sync.Locker's Lock(), a keyed in-process lock Lock(key) with no result,
// and Lock(ctx, key) error with nothing else are no declarations: those
// need an implementation in view (engine/dispatch.go's interfaceLock).
package ifacelock

import (
	"go/types"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
)

// verbs are the acquisition verbs a declaring method's name starts with.
var verbs = []string{"lock", "acquire", "obtain"}

// Declared returns the lock m, a method of an application's interface,
// declares by its name and signature, or nil.
func Declared(m *types.Func) *model.Lock {
	sig, ok := m.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || m.Pkg() == nil {
		return nil
	}
	iface, ok := types.Unalias(sig.Recv().Type()).(*types.Named)
	if !ok || !types.IsInterface(iface) || !calls.UserPackage(m.Pkg().Path()) ||
		model.KB.IsLibraryPackage(m.Pkg().Path()) || model.KB.IsLockAPI(m) {
		return nil
	}
	if !acquisitionName(m.Name()) {
		return nil
	}
	l := &model.Lock{Lib: "lock interface " + m.Pkg().Name() + "." + iface.Obj().Name()}
	res := sig.Results()
	switch {
	case res.Len() > 0 && calls.IsBool(res.At(0).Type()):
		l.Success, l.Result = model.BoolTrue, 0
	case res.Len() > 0 && isError(res.At(res.Len()-1).Type()):
		l.Success, l.Result = model.ErrNil, res.Len()-1
	default:
		return nil
	}
	handle, release := -1, -1
	for i := range res.Len() {
		if i == l.Result {
			continue
		}
		t := res.At(i).Type()
		if _, ok := t.Underlying().(*types.Signature); ok && release < 0 {
			release = i
		} else if handleType(t) && handle < 0 {
			handle = i
		}
	}
	ttl, key := false, false
	for i := range sig.Params().Len() {
		t := sig.Params().At(i).Type()
		if isDuration(t) {
			ttl = true
		} else if b, ok := t.Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			key = true
		}
	}
	if !ttl && !(key && (handle >= 0 || release >= 0)) {
		return nil
	}
	switch {
	case handle >= 0:
		l.Held, l.Handle = model.HeldByResult, handle
	case release >= 0:
		l.ReleaseFunc = release + 1
	}
	// The interface's own release methods (Unlock(ctx, key)) give the
	// lock up; a handle's are found on it (section.handleRelease).
	for i := range iface.Underlying().(*types.Interface).NumMethods() {
		other := iface.Underlying().(*types.Interface).Method(i)
		if vocab.ReleaseVerb.Match(other.Name()) {
			l.Release = append(l.Release, model.Func{Pkg: m.Pkg().Path(), Recv: iface.Obj().Name(), Name: other.Name()})
		}
	}
	l.Chains = true
	l.Fence.None = "the application's lock interface " + iface.Obj().Name() + " returns no fencing token; have its implementation hand back a number that grows with every acquisition (a fence counter) and compare it in the write"
	return l
}

// acquisitionName reports whether name starts with an acquisition verb,
// or with Try and one: Lock, LockOrder, TryLock, AcquireLease.
func acquisitionName(name string) bool {
	words := vocab.Words(name)
	if len(words) > 1 && words[0] == "try" {
		words = words[1:]
	}
	if len(words) == 0 {
		return false
	}
	for _, v := range verbs {
		if words[0] == v {
			return true
		}
	}
	return false
}

// handleType reports whether t (or what it points to) is a named type that
// stands for a held lock: named like one (Lock, Mutex, Lease) or with a
// release method (Unlock, Release).
func handleType(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	if vocab.LockName.Match(n.Obj().Name()) {
		return true
	}
	var ms *types.MethodSet
	if types.IsInterface(n) {
		ms = types.NewMethodSet(n)
	} else {
		ms = types.NewMethodSet(types.NewPointer(n))
	}
	for i := range ms.Len() {
		if vocab.ReleaseVerb.Match(ms.At(i).Obj().Name()) {
			return true
		}
	}
	return false
}

func isDuration(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Name() == "Duration" && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time"
}

func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// TestDoubleType reports whether a type's name says it stands in for the
// real thing in tests (mockLock, fakeLocker, stubLocker, noopLocker):
// such an implementation says nothing about what the interface locks.
func TestDoubleType(name string) bool {
	lower := strings.ToLower(name)
	for _, p := range []string{"mock", "fake", "stub", "noop", "nop", "dummy"} {
		if strings.HasPrefix(lower, p) {
			return true
		}
	}
	return false
}
