package calls

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// maxElemDepth bounds the pointers and slices ElemNamed looks through.
const maxElemDepth = 4

// ElemNamed returns the named type t is, points to or holds in a slice
// (*Lock, []Lock, []*Lock), or nil.
func ElemNamed(t types.Type) *types.Named {
	for range maxElemDepth {
		switch u := t.Underlying().(type) {
		case *types.Pointer:
			t = u.Elem()
			continue
		case *types.Slice:
			t = u.Elem()
			continue
		}
		break
	}
	n, _ := types.Unalias(t).(*types.Named)
	return n
}

// ErrorResult returns the error result of a call (the call itself when it
// is the only result), or nil when it returns none.
func ErrorResult(call *ssa.Call) ssa.Value {
	res := call.Call.Signature().Results()
	for i := 0; i < res.Len(); i++ {
		if types.Identical(res.At(i).Type(), types.Universe.Lookup("error").Type()) {
			if res.Len() == 1 {
				return call
			}
			return Result(call, i)
		}
	}
	return nil
}
