package storecond

import (
	"go/token"
	"go/types"
	"slices"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"golang.org/x/tools/go/ssa"
)

// An update whose filter is empty and whose document holds only constants
// is an absolute write: every holder, stale or not, writes the same state.

// EmptyDoc reports whether v is an empty document literal (bson.M{},
// bson.D{}): a filter that selects the whole collection.
func EmptyDoc(v ssa.Value) bool {
	switch x := calls.Unwrap(v).(type) {
	case *ssa.MakeMap:
		for _, r := range *x.Referrers() {
			if _, ok := r.(*ssa.MapUpdate); ok {
				return false
			}
		}
		return true
	case *ssa.Slice:
		if arr, ok := x.X.(*ssa.Alloc); ok {
			if at, ok := arr.Type().(*types.Pointer).Elem().Underlying().(*types.Array); ok {
				return at.Len() == 0
			}
		}
	case *ssa.Const:
		return x.IsNil()
	}
	return false
}

// ConstDoc reports whether a document literal built here (a bson.M map
// literal, or a bson.D slice of {Key, Value} literals) holds only constants,
// nested documents included. When ops is not nil, the top-level keys must
// be among them (an update document of only "$set"). A document that is
// used elsewhere (passed on, stored) or not built here is not constant.
func ConstDoc(v ssa.Value, ops []string) bool {
	return constValue(v, ops, 0)
}

func constValue(v ssa.Value, ops []string, depth int) bool {
	if depth > 6 {
		return false
	}
	v = calls.Unwrap(v)
	switch x := v.(type) {
	case *ssa.Const:
		return ops == nil
	case *ssa.MakeMap:
		for _, r := range *x.Referrers() {
			switch u := r.(type) {
			case *ssa.MapUpdate:
				k, ok := calls.ConstString(u.Key)
				if !ok || (ops != nil && !slices.Contains(ops, k)) || !constValue(u.Value, nil, depth+1) {
					return false
				}
			case *ssa.MakeInterface, *ssa.ChangeType, *ssa.DebugRef:
				// passed on as an interface (to the write itself)
			default:
				return false
			}
		}
		return true
	case *ssa.Slice:
		arr, ok := x.X.(*ssa.Alloc)
		if !ok {
			return false
		}
		// bson.D{{Key: "$set", Value: ...}}: stores into the elements' fields.
		for _, r := range *arr.Referrers() {
			ia, ok := r.(*ssa.IndexAddr)
			if !ok {
				if r == ssa.Instruction(x) {
					continue
				}
				return false
			}
			key, val, ok := elemKeyValue(ia)
			if !ok {
				return false
			}
			if (ops != nil && !slices.Contains(ops, key)) || (val != nil && !constValue(val, nil, depth+1)) {
				return false
			}
		}
		return true
	}
	return false
}

// elemKeyValue returns the Key and Value stored into a bson.E element of a
// slice literal: field by field into the element, or into a local struct
// literal copied into it.
func elemKeyValue(ia *ssa.IndexAddr) (key string, val ssa.Value, ok bool) {
	addrs := []ssa.Value{ia}
	for _, r := range *ia.Referrers() {
		if st, isStore := r.(*ssa.Store); isStore && st.Addr == ia {
			load, isLoad := st.Val.(*ssa.UnOp)
			if !isLoad || load.Op != token.MUL {
				return "", nil, false
			}
			addrs = append(addrs, load.X)
		}
	}
	for _, a := range addrs {
		for _, r := range *a.Referrers() {
			fa, isField := r.(*ssa.FieldAddr)
			if !isField {
				continue
			}
			for _, r2 := range *fa.Referrers() {
				st, isStore := r2.(*ssa.Store)
				if !isStore || st.Addr != fa {
					continue
				}
				if fa.Field == 0 {
					if key, ok = calls.ConstString(st.Val); !ok {
						return "", nil, false
					}
				} else {
					val = st.Val
				}
			}
		}
	}
	return key, val, true
}
