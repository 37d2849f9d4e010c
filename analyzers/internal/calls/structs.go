package calls

import (
	"go/token"
	"go/types"
	"iter"

	"golang.org/x/tools/go/ssa"
)

// FieldStore is a value stored into a field of a struct literal.
type FieldStore struct {
	Name string
	Val  ssa.Value
}

// Stores returns the values stored into the fields of the struct literal
// v points to, in order.
func Stores(v ssa.Value) []FieldStore {
	alloc, ok := Unwrap(v).(*ssa.Alloc)
	if !ok {
		return nil
	}
	return StoresAt(alloc)
}

// StoresAt returns the values stored into the fields of the struct at
// addr, a struct's address (an Alloc, or an IndexAddr of an array of
// structs), field by field, in order.
func StoresAt(addr ssa.Value) []FieldStore {
	var out []FieldStore
	for _, r := range *addr.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		st, ok := fa.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct)
		if !ok {
			continue
		}
		for _, r2 := range *fa.Referrers() {
			if s, ok := r2.(*ssa.Store); ok && s.Addr == fa {
				out = append(out, FieldStore{st.Field(fa.Field).Name(), s.Val})
			}
		}
	}
	return out
}

// FieldStoresIn yields every store into a struct field in fn, with the
// field's address (assignments and composite literals alike are a Store
// to a FieldAddr in SSA).
func FieldStoresIn(fn *ssa.Function) iter.Seq2[*ssa.Store, *ssa.FieldAddr] {
	return func(yield func(*ssa.Store, *ssa.FieldAddr) bool) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				if fa, ok := st.Addr.(*ssa.FieldAddr); ok && !yield(st, fa) {
					return
				}
			}
		}
	}
}

// StructFields returns the values stored into the fields of a struct
// built here (&T{...} or a local T{...}), by field name (the last store
// wins), or nil when v is not such a value.
func StructFields(v ssa.Value) map[string]ssa.Value {
	v = Unwrap(v)
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		v = ld.X
	}
	alloc, ok := v.(*ssa.Alloc)
	if !ok {
		return nil
	}
	if _, ok := alloc.Type().(*types.Pointer).Elem().Underlying().(*types.Struct); !ok {
		return nil
	}
	fields := map[string]ssa.Value{}
	for _, s := range Stores(alloc) {
		fields[s.Name] = s.Val
	}
	return fields
}

// StructField returns the constant string value of field name of v, a
// struct literal built in v's function or a constant (the zero value,
// whose fields are all ""), and whether it is known: a field the literal
// leaves out is "", one set to a value that is not a constant string, set
// more than once or set in another block than the literal's (args.Mode =
// "NX" on some paths only) is not known, and neither is a struct not
// built in v's function.
func StructField(v ssa.Value, name string) (string, bool) {
	v = Unwrap(v)
	if k, ok := v.(*ssa.Const); ok {
		_, isStruct := k.Type().Underlying().(*types.Struct)
		return "", isStruct && k.Value == nil
	}
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		v = ld.X
	}
	alloc, ok := v.(*ssa.Alloc)
	if !ok {
		return "", false
	}
	if _, ok := alloc.Type().(*types.Pointer).Elem().Underlying().(*types.Struct); !ok {
		return "", false
	}
	var set *ssa.Store
	for _, r := range *alloc.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || fa.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct).Field(fa.Field).Name() != name {
			continue
		}
		for _, r2 := range *fa.Referrers() {
			if s, ok := r2.(*ssa.Store); ok && s.Addr == fa {
				if set != nil || s.Block() != alloc.Block() {
					return "", false
				}
				set = s
			}
		}
	}
	if set == nil {
		return "", true
	}
	return ConstString(set.Val)
}

// MethodCalls returns the calls of methods on v: v the receiver, or an
// embedded field of v whose method is promoted (go-redis' cmd.Err() is
// (*baseCmd).Err(&cmd.baseCmd) in SSA).
func MethodCalls(v ssa.Value) []*ssa.Call {
	var out []*ssa.Call
	for _, r := range *v.Referrers() {
		switch x := r.(type) {
		case *ssa.Call:
			if Receiver(&x.Call) == v {
				out = append(out, x)
			}
		case *ssa.FieldAddr:
			if st, ok := x.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct); ok && st.Field(x.Field).Embedded() {
				out = append(out, MethodCalls(x)...)
			}
		case *ssa.Field:
			if st, ok := x.X.Type().Underlying().(*types.Struct); ok && st.Field(x.Field).Embedded() {
				out = append(out, MethodCalls(x)...)
			}
		}
	}
	return out
}

// LoadedField returns the struct field v loads (*(&x.F) or x.F) and the
// value of its struct, or nil: the field a dynamic call calls
// (s.isLeader(), e.callbacks.OnStartedLeading(ctx)).
func LoadedField(v ssa.Value) (*types.Var, ssa.Value) {
	switch x := v.(type) {
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok {
			return FieldVar(fa.X.Type(), fa.Field), fa.X
		}
	case *ssa.Field:
		return FieldVar(x.X.Type(), x.Field), x.X
	}
	return nil, nil
}
