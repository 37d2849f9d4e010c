// Package astexpr answers what an expression of one package's syntax
// designates: the function a call invokes, a method call's receiver, a
// constant string, the variable or field written, the single definition of
// a local variable, the literal a variable holds, the elements of a slice
// built by a literal. Checks that read requests written as Go syntax (the
// wall-clock check's labelling, storelit) share it.
package astexpr

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/dataflow"
)

// maxUnwrap bounds how many layers (parentheses, conversions, &, *,
// selectors, index expressions) are peeled off an expression to name what
// it designates; written code nests a few.
const maxUnwrap = 16

// Reader reads the syntax of one package.
type Reader struct {
	Info  *types.Info
	Pkg   *types.Package
	Files []*ast.File
}

// SingleDef returns the expression a local variable is defined by when it
// is assigned exactly once.
func (r *Reader) SingleDef(obj types.Object) ast.Expr {
	v, ok := obj.(*types.Var)
	if !ok || v.IsField() || v.Parent() == nil || v.Parent() == r.Pkg.Scope() {
		return nil
	}
	var def ast.Expr
	count := 0
	for _, f := range r.Files {
		if f.FileStart > v.Pos() || f.FileEnd < v.Pos() {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.AssignStmt:
				for i, lhs := range x.Lhs {
					if r.Target(lhs) == obj {
						count++
						if len(x.Lhs) == len(x.Rhs) {
							def = x.Rhs[i]
						}
					}
				}
			case *ast.ValueSpec:
				for i, name := range x.Names {
					if r.Info.Defs[name] == obj {
						count++
						if i < len(x.Values) {
							def = x.Values[i]
						}
					}
				}
			}
			return true
		})
	}
	if count != 1 {
		return nil
	}
	return def
}

// BindExprs returns the bind arguments of an SQL call from index first:
// the arguments themselves, or the elements of a slice spread with args...
// when it is built by one composite literal and only appended to.
func (r *Reader) BindExprs(call *ast.CallExpr, first int) []ast.Expr {
	if first > len(call.Args) {
		return nil
	}
	if !call.Ellipsis.IsValid() {
		return call.Args[first:]
	}
	last := len(call.Args) - 1
	if last < first {
		return nil
	}
	elems := r.SliceElems(call.Args[last])
	if elems == nil {
		return nil
	}
	return append(append([]ast.Expr{}, call.Args[first:last]...), elems...)
}

// SliceElems returns the leading elements of a slice variable built by a
// composite literal and otherwise only appended to.
func (r *Reader) SliceElems(e ast.Expr) []ast.Expr {
	elems, obj := r.sliceOperand(e)
	if obj == nil {
		return elems
	}
	ok := r.values(obj, r.Files, func(rhs ast.Expr) bool {
		if lit, ok := rhs.(*ast.CompositeLit); ok && elems == nil {
			elems = lit.Elts
			return true
		}
		// appended after the literal's elements
		c, ok := rhs.(*ast.CallExpr)
		return ok && len(c.Args) > 0 && r.Target(c.Args[0]) == obj && r.isBuiltin(c, "append")
	})
	if !ok {
		return nil
	}
	return elems
}

// Appended returns every element a slice variable is given: the elements
// of the composite literal it is made of, or none for make(...), and the
// elements appended to it (dest = append(dest, &a, &b)), in source order.
// Nil when the variable is assigned anything else. SliceElems keeps to the
// literal's leading elements, whose positions are known.
func (r *Reader) Appended(e ast.Expr) []ast.Expr {
	elems, obj := r.sliceOperand(e)
	if obj == nil {
		return elems
	}
	ok := r.values(obj, r.fileOf(obj.Pos()), func(rhs ast.Expr) bool {
		switch x := rhs.(type) {
		case *ast.CompositeLit:
			elems = append(elems, x.Elts...)
			return true
		case *ast.CallExpr:
			if len(x.Args) > 0 && r.isBuiltin(x, "append") && r.Target(x.Args[0]) == obj && !x.Ellipsis.IsValid() {
				elems = append(elems, x.Args[1:]...)
				return true
			}
			return r.isBuiltin(x, "make") // made afresh
		}
		return false
	})
	if !ok {
		return nil
	}
	return elems
}

// sliceOperand returns the elements of e when it is a composite literal,
// or else the variable it names, whose assignments hold its elements.
func (r *Reader) sliceOperand(e ast.Expr) ([]ast.Expr, types.Object) {
	if lit, ok := ast.Unparen(e).(*ast.CompositeLit); ok {
		return lit.Elts, nil
	}
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		return nil, r.Info.Uses[id]
	}
	return nil, nil
}

// values calls visit with the value (unparenthesized) of each assignment
// and declaration of obj in files, while visit reports true. It reports
// false when visit does, or when obj is assigned one result of a
// multi-valued call, whose syntax is not its value. Declarations without a
// value are skipped.
func (r *Reader) values(obj types.Object, files []*ast.File, visit func(rhs ast.Expr) bool) bool {
	ok := true
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			if !ok {
				return false
			}
			switch x := n.(type) {
			case *ast.AssignStmt:
				for i, lhs := range x.Lhs {
					if r.Target(lhs) != obj {
						continue
					}
					if len(x.Rhs) != len(x.Lhs) || !visit(ast.Unparen(x.Rhs[i])) {
						ok = false
						return false
					}
				}
			case *ast.ValueSpec:
				for i, name := range x.Names {
					if r.Info.Defs[name] != obj || i >= len(x.Values) {
						continue
					}
					if !visit(ast.Unparen(x.Values[i])) {
						ok = false
						return false
					}
				}
			}
			return true
		})
	}
	return ok
}

// fileOf returns the file holding pos (none when no file does), for
// walks that keep to a local variable's file.
func (r *Reader) fileOf(pos token.Pos) []*ast.File {
	for _, f := range r.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return []*ast.File{f}
		}
	}
	return nil
}

func (r *Reader) isBuiltin(c *ast.CallExpr, name string) bool {
	b, ok := r.Info.Uses[Ident(c.Fun)].(*types.Builtin)
	return ok && b.Name() == name
}

// Ident returns e as an identifier, through parentheses, or nil.
func Ident(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

// ResolveLit follows a local variable defined once to its literal.
func (r *Reader) ResolveLit(e ast.Expr) ast.Expr {
	for i := 0; i < 3; i++ {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return e
		}
		def := r.SingleDef(r.Info.Uses[id])
		if def == nil {
			return e
		}
		e = def
	}
	return e
}

// PkgVarValue returns the expression a package variable is initialised
// with, or nil.
func (r *Reader) PkgVarValue(v *types.Var) ast.Expr {
	for _, f := range r.Files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, s := range gd.Specs {
				vs, ok := s.(*ast.ValueSpec)
				if !ok {
					continue
				}
				for i, name := range vs.Names {
					if r.Info.Defs[name] == v && i < len(vs.Values) {
						return vs.Values[i]
					}
				}
			}
		}
	}
	return nil
}

// Target returns the variable or field an expression designates as a
// destination: x, &x, x.f, &x.f, *p, m[k] (the map).
func (r *Reader) Target(e ast.Expr) types.Object {
	for i := 0; i < maxUnwrap; i++ {
		if in, ok := dataflow.InnerExpr(e, r.Info, dataflow.AddressOf|dataflow.Loads|dataflow.Elements); ok {
			e = in
			continue
		}
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			if x.Name == "_" {
				return nil
			}
			if o := r.Info.Defs[x]; o != nil {
				return o
			}
			return r.Info.Uses[x]
		case *ast.SelectorExpr:
			if sel := r.Info.Selections[x]; sel != nil {
				if sel.Kind() == types.FieldVal {
					return sel.Obj()
				}
				return nil
			}
			return r.Info.Uses[x.Sel] // package-level variable
		default:
			return nil
		}
	}
	return nil
}

// Callee returns the function or method a call expression invokes
// statically (interface methods included), or nil.
func (r *Reader) Callee(call *ast.CallExpr) *types.Func {
	fun := ast.Unparen(call.Fun)
	switch f := fun.(type) {
	case *ast.IndexExpr:
		fun = f.X
	case *ast.IndexListExpr:
		fun = f.X
	}
	switch f := fun.(type) {
	case *ast.Ident:
		fn, _ := r.Info.Uses[f].(*types.Func)
		return fn
	case *ast.SelectorExpr:
		fn, _ := r.Info.Uses[f.Sel].(*types.Func)
		return fn
	}
	return nil
}

// RecvExpr returns the receiver expression of a method call (x in x.m()).
func (r *Reader) RecvExpr(call *ast.CallExpr) ast.Expr {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s := r.Info.Selections[sel]; s != nil && s.Kind() == types.MethodVal {
			return sel.X
		}
	}
	return nil
}

// ConstString returns the value of a constant string expression.
func (r *Reader) ConstString(e ast.Expr) (string, bool) {
	if tv, ok := r.Info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return constant.StringVal(tv.Value), true
	}
	return "", false
}
