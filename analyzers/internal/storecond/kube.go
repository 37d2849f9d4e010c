package storecond

import (
	"go/token"
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"golang.org/x/tools/go/ssa"
)

// Preconditioned reports whether v is a delete's options value whose
// preconditions are set (model.KB.Preconditions: Kubernetes'
// metav1.DeleteOptions with UID or ResourceVersion): a literal built here
// with the field set, or the result of one of the precondition's builders
// (NewPreconditionDeleteOptions). The server then deletes only the object
// the holder saw, a compare-and-delete.
func Preconditioned(v ssa.Value) bool {
	for _, p := range model.KB.Preconditions {
		if isNamed(v.Type(), p.Options) {
			v = calls.Unwrap(v)
			if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
				v = load.X
			}
			if call, ok := v.(*ssa.Call); ok {
				return model.MatchesAny(p.Builders, calls.Callee(&call.Call))
			}
			return SetsField(v, p.Field.Name)
		}
	}
	return false
}

// isNamed reports whether t is (a pointer to) the named type f (Pkg, Type).
func isNamed(t types.Type, f model.Field) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == f.Pkg && n.Obj().Name() == f.Type
}

// ResourceVersioned reports whether a Kubernetes object carries a
// resourceVersion, which makes its Update a compare-and-swap: it was
// returned by the API server (a Get, List item, Create or Update result)
// or its ResourceVersion field is set.
func ResourceVersioned(obj ssa.Value) bool {
	alloc, ok := calls.Unwrap(obj).(*ssa.Alloc)
	if !ok {
		return true // from the API server, or from somewhere we cannot see: stay silent
	}
	// A literal built here: look for lease.ResourceVersion = rv (a field
	// of the embedded ObjectMeta).
	for _, r := range *alloc.Referrers() {
		meta, ok := r.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		for _, r2 := range *meta.Referrers() {
			if fa, ok := r2.(*ssa.FieldAddr); ok {
				st, isStruct := fa.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct)
				if isStruct && st.Field(fa.Field).Name() == "ResourceVersion" {
					return true
				}
			}
		}
	}
	return false
}
