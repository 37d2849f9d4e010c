package dataflow

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Layers are the kinds of operation an expression wraps around the value
// it reads from; Inner and Strip peel those asked for.
type Layers uint

const (
	// Views change a value's static type, not the value: MakeInterface,
	// ChangeType, ChangeInterface.
	Views Layers = 1 << iota
	// Converts change its representation: Convert (int64(n), []byte(s)).
	Converts
	// Loads read through a pointer: *p.
	Loads
	// Fields select a field: x.f, &x.f.
	Fields
	// Elements select an element or a part: x[i], &x[i], x[i:j].
	Elements
	// Lookups read a map entry: m[k].
	Lookups
	// Extracts take one result of a tuple.
	Extracts
	// Asserts assert a dynamic type: x.(T).
	Asserts
	// AddressOf takes an address in syntax: &x. (SSA has no such
	// operation: &x.f is a field, &a[i] an element.)
	AddressOf
	// Unary applies another unary operator: -x, ^x, !x, <-ch.
	Unary

	// Designators are the layers between an address or a loaded reference
	// and the variable it belongs to (Root).
	Designators = Views | Loads | Fields | Elements
)

// Inner returns the value v is computed from when v is one of layers, and
// ok=false otherwise.
func Inner(v ssa.Value, layers Layers) (ssa.Value, bool) {
	var in ssa.Value
	var kind Layers
	switch x := v.(type) {
	case *ssa.MakeInterface:
		in, kind = x.X, Views
	case *ssa.ChangeType:
		in, kind = x.X, Views
	case *ssa.ChangeInterface:
		in, kind = x.X, Views
	case *ssa.Convert:
		in, kind = x.X, Converts
	case *ssa.UnOp:
		in, kind = x.X, Loads
		if x.Op != token.MUL {
			kind = Unary
		}
	case *ssa.FieldAddr:
		in, kind = x.X, Fields
	case *ssa.Field:
		in, kind = x.X, Fields
	case *ssa.IndexAddr:
		in, kind = x.X, Elements
	case *ssa.Index:
		in, kind = x.X, Elements
	case *ssa.Slice:
		in, kind = x.X, Elements
	case *ssa.Lookup:
		in, kind = x.X, Lookups
	case *ssa.Extract:
		in, kind = x.Tuple, Extracts
	case *ssa.TypeAssert:
		in, kind = x.X, Asserts
	default:
		return nil, false
	}
	if layers&kind == 0 {
		return nil, false
	}
	return in, true
}

// maxStrip bounds the layers Strip peels: written code nests a few
// (req.Header, s.cfg.client); the bound only guards against a cycle.
const maxStrip = 32

// Strip peels layers off v for as long as it is one of them.
func Strip(v ssa.Value, layers Layers) ssa.Value {
	for range maxStrip {
		in, ok := Inner(v, layers)
		if !ok {
			return v
		}
		v = in
	}
	return v
}

// Unwrap strips the views that do not change a value's identity
// (MakeInterface, ChangeType, ChangeInterface).
func Unwrap(v ssa.Value) ssa.Value { return Strip(v, Views) }

// Root follows an address or a loaded reference back to the variable it
// belongs to: &req.Header -> req, *(&s.f) -> s.
func Root(v ssa.Value) ssa.Value { return Strip(v, Designators) }

// InnerExpr is Inner for syntax: the expression e is written around, when
// e (parentheses aside) is one of layers: *p (Loads), &x (AddressOf),
// another unary operator (Unary), x[i] (Elements), or T(x) (Converts,
// told from a call by info).
func InnerExpr(e ast.Expr, info *types.Info, layers Layers) (ast.Expr, bool) {
	var in ast.Expr
	var kind Layers
	switch x := ast.Unparen(e).(type) {
	case *ast.StarExpr:
		in, kind = x.X, Loads
	case *ast.UnaryExpr:
		in, kind = x.X, Unary
		if x.Op == token.AND {
			kind = AddressOf
		}
	case *ast.IndexExpr:
		in, kind = x.X, Elements
	case *ast.CallExpr:
		if info == nil || len(x.Args) != 1 {
			return nil, false
		}
		if tv, ok := info.Types[x.Fun]; !ok || !tv.IsType() {
			return nil, false
		}
		in, kind = x.Args[0], Converts
	default:
		return nil, false
	}
	if layers&kind == 0 {
		return nil, false
	}
	return in, true
}
