package calls

import (
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"golang.org/x/tools/go/ssa"
)

// LockProtocol reports whether fn (or the declared function a literal
// belongs to) is a method of a type that implements a lock's protocol:
// the type has a method whose name begins with an acquisition verb (Lock,
// TryLock, Acquire, Obtain) and one whose name begins with a release verb
// (Unlock, Release), and fn is one of them. The record such a method
// writes or deletes is the lock's, whatever the key is called (a
// configured path, a bucket key): a type with a Lock and a Release over a
// store is a lock implementation.
func LockProtocol(fn *ssa.Function) bool {
	acq, rel := LockProtocolRole(fn)
	return acq || rel
}

// LockProtocolRole says which side of a lock's protocol fn is (see
// LockProtocol): its acquisition or its release; neither when fn is no
// such method.
func LockProtocolRole(fn *ssa.Function) (acquire, release bool) {
	for fn != nil && fn.Parent() != nil {
		fn = fn.Parent()
	}
	if fn == nil {
		return false, false
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok {
		return false, false
	}
	n := ReceiverNamed(obj)
	if n == nil || !(vocab.AcquireMethod(obj.Name()) || vocab.ReleaseMethod(obj.Name())) {
		return false, false
	}
	if !hasLockProtocol(types.NewPointer(n)) {
		return false, false
	}
	return vocab.AcquireMethod(obj.Name()), vocab.ReleaseMethod(obj.Name())
}

// LockMethod reports whether fn is a method (of a concrete type or an
// interface) whose type also acquires and releases a lock: the type's
// Extend is its lock's extension.
func LockMethod(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return false
	}
	t := sig.Recv().Type()
	if _, isPtr := t.(*types.Pointer); !isPtr && !types.IsInterface(t) {
		t = types.NewPointer(t)
	}
	return hasLockProtocol(t)
}

// hasLockProtocol reports whether t's method set has a method whose name
// begins with an acquisition verb and one whose name begins with a
// release verb.
func hasLockProtocol(t types.Type) bool {
	acq, rel := false, false
	ms := types.NewMethodSet(t)
	for i := range ms.Len() {
		name := ms.At(i).Obj().Name()
		acq = acq || vocab.AcquireMethod(name)
		rel = rel || vocab.ReleaseMethod(name)
	}
	return acq && rel
}
