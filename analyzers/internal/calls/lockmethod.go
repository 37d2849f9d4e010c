package calls

import (
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
)

// LockMethod reports whether fn is a method of a type whose method set
// also acquires and releases a lock (Lock and Unlock, Acquire and
// Release).
func LockMethod(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return false
	}
	t := sig.Recv().Type()
	if _, isPtr := t.(*types.Pointer); !isPtr && !types.IsInterface(t) {
		t = types.NewPointer(t)
	}
	ms := types.NewMethodSet(t)
	acquires, releases := false, false
	for i := 0; i < ms.Len(); i++ {
		name := ms.At(i).Obj().Name()
		acquires = acquires || vocab.AcquireMethod(name)
		releases = releases || vocab.ReleaseMethod(name)
	}
	return acquires && releases
}
