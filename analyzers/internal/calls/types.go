package calls

import "go/types"

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
