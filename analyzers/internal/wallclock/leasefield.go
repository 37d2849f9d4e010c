package wallclock

import (
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/leaserec"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
)

// leaseFieldOf reports whether the selected field f belongs to a lock or a
// lease, judged per field: any field of a struct type named like a lock or
// lease (a Lease, a lockRecord), or the expiry or heartbeat instant of a
// lease record (leaserec: the struct names an owner too). A struct is not
// lease-like because one of its fields is: a session with a Lock field for
// its own refresh, a certificate with a renewal window, a cache entry with
// a TTL.
func leaseFieldOf(sel *types.Selection, owner *types.Named, f *types.Var) bool {
	if owner != nil && vocab.Lease.Match(owner.Obj().Name()) {
		return true
	}
	st := fieldStruct(sel)
	if st == nil {
		return false
	}
	switch leaserec.FieldRole(st, f) {
	case vocab.Expiry, vocab.Heartbeat:
		return true
	}
	return false
}

// fieldStruct returns the struct type (named or not) that declares the
// selected field, following embedded fields.
func fieldStruct(sel *types.Selection) types.Type {
	t := sel.Recv()
	idx := sel.Index()
	for i, k := range idx {
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		if i == len(idx)-1 {
			return t
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok || k >= st.NumFields() {
			return nil
		}
		t = st.Field(k).Type()
	}
	return nil
}
