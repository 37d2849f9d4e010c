package calls

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// This file tells whether two values name the same lock key or handle
// across function literals and functions: a lock is often taken in one
// function (or a literal) and released in another.

// maxClosureNesting bounds how many levels of function literals a
// captured variable is resolved through to the value it is bound to.
const maxClosureNesting = 8

// Resolve replaces a free variable of a function literal by the value it
// is bound to where the literal is created, repeatedly.
func Resolve(v ssa.Value) ssa.Value {
	for i := 0; i < maxClosureNesting; i++ {
		fv, ok := Unwrap(v).(*ssa.FreeVar)
		if !ok {
			return v
		}
		b := Binding(fv)
		if b == nil {
			return v
		}
		v = b
	}
	return v
}

// Binding finds the value bound to fv by the MakeClosure that creates its
// function.
func Binding(fv *ssa.FreeVar) ssa.Value {
	fn := fv.Parent()
	idx := slices.Index(fn.FreeVars, fv)
	if idx < 0 || fn.Parent() == nil {
		return nil
	}
	for _, b := range fn.Parent().Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn && idx < len(mc.Bindings) {
				return mc.Bindings[idx]
			}
		}
	}
	return nil
}

// StoredOnce returns the value stored into a local cell (a variable a
// function literal captures, a parameter spilled to the heap) where it is
// assigned once, or nil. Stores that isDefault accepts (a function literal
// stored as the default of a callback handed in as nil) count only when
// nothing else is stored; isDefault may be nil.
func StoredOnce(cell *ssa.Alloc, isDefault func(ssa.Value) bool) ssa.Value {
	var val, def ssa.Value
	for _, r := range *cell.Referrers() {
		st, ok := r.(*ssa.Store)
		if !ok || st.Addr != cell {
			continue
		}
		if isDefault != nil && isDefault(st.Val) {
			if def == nil {
				def = st.Val
			}
			continue
		}
		if val != nil {
			return nil // assigned more than once
		}
		val = st.Val
	}
	if val == nil {
		return def
	}
	return val
}

// SameKey is SameValue looking through free variables at every level, so
// that `key` inside `defer func() { rdb.Del(ctx, key) }()` is the key of
// the enclosing function.
func SameKey(a, b ssa.Value) bool {
	if a == nil || b == nil {
		return false
	}
	a, b = Unwrap(Resolve(a)), Unwrap(Resolve(b))
	if SameValue(a, b) {
		return true
	}
	switch x := a.(type) {
	case *ssa.UnOp:
		y, ok := b.(*ssa.UnOp)
		return ok && x.Op == y.Op && SameKey(x.X, y.X)
	case *ssa.FieldAddr:
		y, ok := b.(*ssa.FieldAddr)
		return ok && x.Field == y.Field && SameKey(x.X, y.X)
	case *ssa.Field:
		y, ok := b.(*ssa.Field)
		return ok && x.Field == y.Field && SameKey(x.X, y.X)
	}
	return false
}

// KeyID names where a key or handle comes from in a way that holds across
// functions: a constant string, a struct field or a package variable. hint
// is the part of the name that may say "lock" (the constant, or the type
// and field names, not the package path). Both are "" when unknown.
func KeyID(v ssa.Value) (id, hint string) {
	v = Unwrap(Resolve(v))
	if s, ok := ConstString(v); ok {
		return "const:" + s, s
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return "", ""
		}
		switch a := x.X.(type) {
		case *ssa.FieldAddr:
			return FieldID(a.X.Type(), a.Field)
		case *ssa.Global:
			return "global:" + a.RelString(nil), a.Name()
		}
	case *ssa.Field:
		return FieldID(x.X.Type(), x.Field)
	}
	return "", ""
}

// FieldID is KeyID of field i of the named struct t is or points to, and
// its name as "Type.field"; both are "" for another type.
func FieldID(t types.Type, i int) (string, string) {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return "", ""
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return "", ""
	}
	name := n.Obj().Name() + "." + st.Field(i).Name()
	return "field:" + n.Obj().Pkg().Path() + "." + name, name
}

// KeyShape renders how a key is built, the same in every function of the
// package that builds it the same way, or "" when it cannot tell. With
// params, a parameter is rendered by its position ("p1"), which makes
// shapes of different functions comparable only by convention (Lock(key)
// and Unlock(key)); without, a key built from a parameter has no shape.
func KeyShape(v ssa.Value, params bool) string {
	return keyShape(v, params, 0)
}

func keyShape(v ssa.Value, params bool, depth int) string {
	if depth > 5 || v == nil {
		return ""
	}
	v = Unwrap(Resolve(v))
	switch x := v.(type) {
	case *ssa.Const:
		if x.Value != nil && x.Value.Kind() == constant.String {
			return fmt.Sprintf("%q", constant.StringVal(x.Value))
		}
		if x.Value != nil {
			return x.Value.ExactString()
		}
	case *ssa.Parameter:
		if params {
			return fmt.Sprintf("p%d", slices.Index(x.Parent().Params, x))
		}
	case *ssa.UnOp, *ssa.Field:
		if id, _ := KeyID(x); id != "" {
			return id
		}
	case *ssa.Convert:
		return keyShape(x.X, params, depth+1)
	case *ssa.BinOp:
		if x.Op != token.ADD {
			return ""
		}
		a, b := keyShape(x.X, params, depth+1), keyShape(x.Y, params, depth+1)
		if a == "" || b == "" {
			return ""
		}
		return "(" + a + "+" + b + ")"
	case *ssa.Slice:
		elems, ok := Variadic(x)
		if !ok {
			return ""
		}
		parts := make([]string, len(elems))
		for i, e := range elems {
			if parts[i] = keyShape(e, params, depth+1); parts[i] == "" {
				return ""
			}
		}
		return "[" + strings.Join(parts, ",") + "]"
	case *ssa.Call:
		fn := Callee(&x.Call)
		if fn == nil || x.Call.IsInvoke() {
			return ""
		}
		parts := make([]string, len(x.Call.Args))
		for i, a := range x.Call.Args {
			if parts[i] = keyShape(a, params, depth+1); parts[i] == "" {
				return ""
			}
		}
		return fn.FullName() + "(" + strings.Join(parts, ",") + ")"
	}
	return ""
}
