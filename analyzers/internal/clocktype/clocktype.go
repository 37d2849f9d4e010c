// Package clocktype answers which types and names can carry a clock
// value: an instant (time.Time, the Kubernetes wrappers, Unix integers), a
// duration, a lock TTL by its name, a stored or serialized field, a lease
// record's field, an enumeration, in-process synchronisation. The wall-clock
// check's labelling (clocklabel) and decisions ask it.
package clocktype

import (
	"go/types"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/leaserec"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
)

// maxTypeUnwrap bounds how many pointers, slices, maps and named types are
// peeled off a type to see what it can carry.
const maxTypeUnwrap = 8

// Enums remembers which named types are enumerations (Is), per package
// analysed.
type Enums struct {
	m map[*types.Named]bool
}

// IsLeaseField reports whether the selected field f belongs to a lock or a
// lease, judged per field: any field of a struct type named like a lock or
// lease (a Lease, a lockRecord: vocab.LockType, not a RenewalInfo), or the expiry or heartbeat instant of a
// lease record (leaserec: the struct names an owner too). A struct is not
// lease-like because one of its fields is: a session with a Lock field for
// its own refresh, a certificate with a renewal window, a cache entry with
// a TTL.
func IsLeaseField(sel *types.Selection, owner *types.Named, f *types.Var) bool {
	if owner != nil && vocab.LockType.Match(owner.Obj().Name()) {
		return true
	}
	st := FieldStruct(sel)
	if st == nil {
		return false
	}
	switch leaserec.FieldRole(st, f) {
	case vocab.Expiry, vocab.Heartbeat:
		return true
	}
	return false
}

// FieldStruct returns the struct type (named or not) that declares the
// selected field, following embedded fields.
func FieldStruct(sel *types.Selection) types.Type {
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

// SyncType reports whether t (or what it points to) is a type of package
// sync: a mutex or other in-process synchronisation.
func SyncType(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "sync"
}

// Is reports whether t is an enumeration: a named integer type (not
// time.Duration) whose package declares at least two constants of it, as
// iota blocks and protobuf enums do.
func (e *Enums) Is(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	if b, ok := n.Underlying().(*types.Basic); !ok || b.Info()&types.IsInteger == 0 {
		return false
	}
	if n.Obj().Pkg().Path() == "time" {
		return false
	}
	if v, ok := e.m[n]; ok {
		return v
	}
	count := 0
	scope := n.Obj().Pkg().Scope()
	for _, name := range scope.Names() {
		if c, ok := scope.Lookup(name).(*types.Const); ok && types.Identical(c.Type(), n) {
			count++
			if count >= 2 {
				break
			}
		}
	}
	v := count >= 2
	if e.m == nil {
		e.m = map[*types.Named]bool{}
	}
	e.m[n] = v
	return v
}

// TaggedForStorage reports whether a struct tag carries a serialization
// key (json, bson, db, ...).
func TaggedForStorage(tag string) bool {
	for _, k := range model.KB.StructTags {
		if strings.Contains(tag, k+":\"") {
			return true
		}
	}
	return false
}

// RemoteHandle reports whether t is (or points to) a type of a lock or
// storage API: an entry holding one shadows remote state.
func RemoteHandle(t types.Type) bool {
	n := calls.ElemNamed(t)
	if n == nil || n.Obj().Pkg() == nil {
		return false
	}
	p := n.Obj().Pkg().Path()
	return model.KB.LockPackages[p] || model.KB.SinkPackages[p]
}

// ModelField looks up the field f of owner in one of the model's field tables.
func ModelField[V any](m map[model.Field]V, owner *types.Named, f *types.Var) (V, bool) {
	for k, v := range m {
		if k.Matches(owner, f) {
			return v, true
		}
	}
	var zero V
	return zero, false
}

// RecordTTLField reports whether v is one of model.KB.RecordTTLFields (by
// package and name: a field does not know its struct).
func RecordTTLField(v *types.Var) bool {
	if !v.IsField() || v.Pkg() == nil {
		return false
	}
	for k := range model.KB.RecordTTLFields {
		if k.Pkg == v.Pkg().Path() && k.Name == v.Name() {
			return true
		}
	}
	return false
}

// FieldOwner returns the named struct type that declares the selected
// field (following embedded fields).
func FieldOwner(sel *types.Selection) *types.Named {
	t := FieldStruct(sel)
	if t == nil {
		return nil
	}
	n, _ := types.Unalias(t).(*types.Named)
	return n
}

// Serialized reports whether a field carries a serialization tag (json,
// db, bson, ...): a record meant to be stored and read back by others.
func Serialized(owner *types.Named, f *types.Var) bool {
	st, ok := owner.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i) != f {
			continue
		}
		tag := st.Tag(i)
		for _, k := range model.KB.StructTags {
			if strings.Contains(tag, k+":\"") {
				return true
			}
		}
	}
	return false
}

// ResultType returns the type of fn's first result, or nil.
func ResultType(fn *types.Func) types.Type {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Results().Len() == 0 {
		return nil
	}
	return sig.Results().At(0).Type()
}

// Timeish reports whether t holds an instant: time.Time, the Kubernetes
// wrappers, pointers to them, or an integer (Unix seconds, milliseconds).
func Timeish(t types.Type) bool {
	if t == nil {
		return false
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil {
		if model.KB.IsInstant(n.Obj().Pkg().Path(), n.Obj().Name()) {
			return true
		}
		if n.Obj().Pkg().Path()+"."+n.Obj().Name() == "time.Duration" {
			return false
		}
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// Carrier reports whether a value of type t can hold a timestamp, a
// duration or what one is decoded from: numbers, strings, bytes, time
// types and the structs, pointers and containers of them. Channels,
// functions, interfaces (errors) and bools cannot.
func Carrier(t types.Type) bool {
	for i := 0; i < maxTypeUnwrap; i++ {
		switch u := t.Underlying().(type) {
		case *types.Basic:
			return u.Info()&types.IsBoolean == 0
		case *types.Struct:
			return true
		case *types.Pointer:
			t = u.Elem()
		case *types.Slice:
			t = u.Elem()
		case *types.Array:
			t = u.Elem()
		case *types.Map:
			t = u.Elem()
		default:
			return false
		}
	}
	return false
}

// Ordered reports whether values of type t are instants or amounts
// whose comparison can be a clock comparison.
func Ordered(t types.Type) bool {
	if t == nil {
		return false
	}
	if Timeish(t) {
		return true
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsInteger|types.IsFloat) != 0
}

// StoredInstant reports whether a field holds an instant: a time type,
// or an integer named like a deadline (ExpiresAt, RenewedUnix) rather than a
// duration (LeaseDurationSeconds, TTL).
func StoredInstant(f *types.Var) bool {
	if !Timeish(f.Type()) {
		return false
	}
	t := f.Type()
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if b, ok := t.Underlying().(*types.Basic); !ok || b.Info()&types.IsInteger == 0 {
		return true
	}
	if vocab.Duration.Match(f.Name()) || vocab.DurationUnit.Match(f.Name()) {
		return false
	}
	return vocab.Validity.Match(f.Name()) || vocab.Instant.Match(f.Name())
}

// Durationish reports whether t can hold a duration: time.Duration or an
// integer (seconds).
func Durationish(t types.Type) bool {
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" {
		return n.Obj().Name() == "Duration"
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// LockTTLName reports whether a duration's name makes it a lock TTL: a
// lease word and a duration word ("lockTTL", "leaseDuration"), or just
// "lease".
func LockTTLName(name string) bool {
	if ws := vocab.Words(name); len(ws) == 1 && (ws[0] == "lease" || ws[0] == "leases") {
		return true
	}
	return vocab.Lease.Match(name) && vocab.Duration.Match(name)
}
