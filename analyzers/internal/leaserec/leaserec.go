// Package leaserec recognises leases kept as records rather than taken
// through a lock library: a value whose fields name a holder and an expiry
// or heartbeat instant (a row, a document, a KV value, a Kubernetes
// object, the contents of a lock file), and a lock file itself (a path
// named like one, claimed by creating it, released by removing it).
//
// The evidence is per field: a struct is a lease record only when one
// field names its owner and another holds an instant named as the lease's
// expiry or heartbeat (vocab.Role); a struct with a timestamp alone (a
// session's expiry, a certificate's renewal window, a cache entry's TTL) is
// none, whatever else it holds.
package leaserec

import (
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
)

// A Record is a struct type that holds a lease: its owner fields and its
// expiry and heartbeat instants.
type Record struct {
	Struct *types.Struct
	Owner  []*types.Var
	Times  []*types.Var // expiry and heartbeat instants
}

// Of returns the lease record that t is (through pointers and named
// types), or nil.
func Of(t types.Type) *Record {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	r := &Record{Struct: st}
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		switch vocab.Role(f.Name()) {
		case vocab.Owner:
			if ownerType(f.Type()) {
				r.Owner = append(r.Owner, f)
			}
		case vocab.Expiry, vocab.Heartbeat:
			if Instant(f) {
				r.Times = append(r.Times, f)
			}
		}
	}
	if len(r.Owner) == 0 || len(r.Times) == 0 {
		return nil
	}
	return r
}

// FieldRole returns the lease role of field f of the struct type t: owner,
// expiry or heartbeat only when t is a lease record (Of) and f one of its
// owner or time fields; NoRole otherwise.
func FieldRole(t types.Type, f *types.Var) vocab.FieldRole {
	r := Of(t)
	if r == nil {
		return vocab.NoRole
	}
	for _, o := range r.Owner {
		if o == f {
			return vocab.Owner
		}
	}
	for _, x := range r.Times {
		if x == f {
			return vocab.Role(f.Name())
		}
	}
	return vocab.NoRole
}

// Instant reports whether field f holds a point in time: a time type of
// the knowledge base (time.Time, metav1.Time, sql.NullTime, or a pointer to
// one), or an integer whose name is no duration ("expires" in Unix
// seconds, not "ttl_seconds").
func Instant(f *types.Var) bool {
	t := f.Type()
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		if n.Obj().Pkg() != nil && model.KB.IsInstant(n.Obj().Pkg().Path(), n.Obj().Name()) {
			return true
		}
		if n.Obj().Pkg() != nil {
			return false // time.Duration and other named numbers
		}
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0 && !vocab.DurationUnit.Match(f.Name()) && !vocab.Duration.Match(f.Name())
}

// ownerType reports whether an owner field can hold an identity: a
// string, an integer (a process id) or a struct naming one (a reference).
func ownerType(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&(types.IsString|types.IsInteger) != 0
	case *types.Pointer:
		return ownerType(u.Elem())
	case *types.Struct:
		return true
	}
	return false
}
