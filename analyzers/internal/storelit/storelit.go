// Package storelit reads store requests written as Go literals: document
// literals (bson.M, bson.D, map[string]any) and struct literals, the
// collection a Mongo call's receiver designates, the aws-sdk-go-v2
// expression builders (expression.Name, Value, Set), DynamoDB request
// literals and the text of a Redis script. What the request decides is
// storecond's and the checks' business; this package only reads it.
package storelit

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/astexpr"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/storecond"
)

// Reader reads the store requests of one package.
type Reader struct {
	*astexpr.Reader
	collNames map[types.Object]string // built on first use
}

// New returns a reader of the package r reads.
func New(r *astexpr.Reader) *Reader { return &Reader{Reader: r} }

// Doc reads documents written as literals here, for storecond.
func (r *Reader) Doc() storecond.Doc[ast.Expr] {
	return storecond.Doc[ast.Expr]{
		Elems: func(e ast.Expr) []storecond.Elem[ast.Expr] {
			var out []storecond.Elem[ast.Expr]
			for _, el := range r.DocElems(e, 0) {
				out = append(out, storecond.Elem[ast.Expr]{Key: el.Key, Val: el.Val, At: el.Node})
			}
			return out
		},
		Items: func(e ast.Expr) []ast.Expr {
			if lit, ok := ast.Unparen(r.ResolveLit(e)).(*ast.CompositeLit); ok {
				return lit.Elts
			}
			return nil
		},
	}
}

// Elem is one constant-keyed element of a document or struct literal: its
// key, its value and the syntax of the element.
type Elem struct {
	Key  string
	Val  ast.Expr
	Node ast.Expr
}

// DocElems returns the constant-keyed elements of a document literal:
// map literals (bson.M, primitive.M, map[string]any) and bson.D
// (bson.E{Key, Value} or {"k", v}).
func (r *Reader) DocElems(e ast.Expr, depth int) []Elem {
	lit, ok := ast.Unparen(r.ResolveLit(e)).(*ast.CompositeLit)
	if !ok {
		return nil
	}
	t := r.Info.TypeOf(lit)
	if t == nil {
		return nil
	}
	var out []Elem
	switch t.Underlying().(type) {
	case *types.Map:
		for _, el := range lit.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			if k, ok := r.ConstString(kv.Key); ok {
				out = append(out, Elem{k, kv.Value, kv})
			}
		}
	case *types.Slice:
		for _, el := range lit.Elts {
			inner, ok := el.(*ast.CompositeLit)
			if !ok || len(inner.Elts) != 2 {
				continue
			}
			var key, val ast.Expr
			for i, f := range inner.Elts {
				if kv, ok := f.(*ast.KeyValueExpr); ok {
					id := astexpr.Ident(kv.Key)
					if id == nil {
						// A map's element ({"a": 1, "b": 2}), not a
						// bson.E: no key/value pair.
						key, val = nil, nil
						break
					}
					switch id.Name {
					case "Key":
						key = kv.Value
					case "Value":
						val = kv.Value
					}
				} else if i == 0 {
					key = f
				} else {
					val = f
				}
			}
			if key == nil || val == nil {
				continue
			}
			if k, ok := r.ConstString(key); ok {
				out = append(out, Elem{k, val, inner})
			}
		}
	}
	return out
}

// CollectionName returns the constant name of the collection a call's
// receiver designates: db.Collection("locks"), or a variable or field
// assigned from such a call.
func (r *Reader) CollectionName(recv ast.Expr) string {
	if recv == nil {
		return ""
	}
	if name := r.collectionCall(recv); name != "" {
		return name
	}
	obj := r.Target(recv)
	if obj == nil {
		return ""
	}
	if r.collNames == nil {
		r.collNames = map[types.Object]string{}
		for _, f := range r.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				switch x := n.(type) {
				case *ast.AssignStmt:
					if len(x.Lhs) == len(x.Rhs) {
						for i := range x.Lhs {
							if name := r.collectionCall(x.Rhs[i]); name != "" {
								if o := r.Target(x.Lhs[i]); o != nil {
									r.collNames[o] = name
								}
							}
						}
					}
				case *ast.KeyValueExpr:
					if id, ok := x.Key.(*ast.Ident); ok {
						if name := r.collectionCall(x.Value); name != "" {
							if o, ok := r.Info.Uses[id].(*types.Var); ok && o.IsField() {
								r.collNames[o] = name
							}
						}
					}
				}
				return true
			})
		}
	}
	return r.collNames[obj]
}

func (r *Reader) collectionCall(e ast.Expr) string {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) == 0 {
		return ""
	}
	if fn := r.Callee(call); fn != nil && model.MatchesAny(model.KB.Collections, fn) {
		name, _ := r.ConstString(call.Args[0])
		return name
	}
	return ""
}

// DynName returns the attribute name of expression.Name("timeout").
func (r *Reader) DynName(e ast.Expr) string {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return ""
	}
	if fn := r.Callee(call); fn == nil || !model.MatchesAny(model.KB.CondNames, fn) {
		return ""
	}
	s, _ := r.ConstString(call.Args[0])
	return s
}

// DynValue returns x of expression.Value(x).
func (r *Reader) DynValue(e ast.Expr) ast.Expr {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	if fn := r.Callee(call); fn == nil || !model.MatchesAny(model.KB.CondValues, fn) {
		return nil
	}
	return call.Args[0]
}

// DynSets returns the attributes a function's update builders write:
// expression.Set(expression.Name("timeout"), expression.Value(newTimeout)).
func (r *Reader) DynSets(fd *ast.FuncDecl) map[string]ast.Expr {
	sets := map[string]ast.Expr{}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) != 2 {
			return true
		}
		if fn := r.Callee(call); fn != nil && model.MatchesAny(model.KB.CondSets, fn) {
			if attr, val := r.DynName(call.Args[0]), r.DynValue(call.Args[1]); attr != "" && val != nil {
				sets[attr] = val
			}
		}
		return true
	})
	return sets
}

// DynInput reports whether lit is a DynamoDB request input the knowledge
// base models (model.KB.Inputs).
func (r *Reader) DynInput(lit *ast.CompositeLit) bool {
	t := r.Info.TypeOf(lit)
	if t == nil {
		return false
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	for _, f := range model.KB.Inputs {
		if f.Pkg == n.Obj().Pkg().Path() && f.Type == n.Obj().Name() {
			return true
		}
	}
	return false
}

// ConstText returns the constant text of e: a constant, a one-argument
// wrapper or conversion of one (aws.String("...")), or fmt.Sprintf of a
// constant format whose arguments are all constants, as condition text
// spliced together from attribute-name constants is
// (fmt.Sprintf("attribute_not_exists(%s) OR %s < :now", pk, exp)).
func (r *Reader) ConstText(e ast.Expr) (string, bool) {
	if s, ok := r.ConstString(e); ok {
		return s, true
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return "", false
	}
	if s, ok := r.constSprintf(call); ok {
		return s, true
	}
	if len(call.Args) != 1 {
		return "", false
	}
	if s, ok := r.ConstString(call.Args[0]); ok {
		return s, true
	}
	if inner, ok := ast.Unparen(call.Args[0]).(*ast.CallExpr); ok {
		return r.constSprintf(inner)
	}
	return "", false
}

// constSprintf folds fmt.Sprintf(format, args...) when the format and
// every argument are constants.
func (r *Reader) constSprintf(call *ast.CallExpr) (string, bool) {
	fn := r.Callee(call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "fmt" || fn.Name() != "Sprintf" || len(call.Args) == 0 || call.Ellipsis.IsValid() {
		return "", false
	}
	format, ok := r.ConstString(call.Args[0])
	if !ok {
		return "", false
	}
	args := make([]any, 0, len(call.Args)-1)
	for _, a := range call.Args[1:] {
		tv, ok := r.Info.Types[a]
		if !ok || tv.Value == nil {
			return "", false
		}
		args = append(args, constant.Val(tv.Value))
	}
	return fmt.Sprintf(format, args...), true
}

// StructFields returns the keyed fields of a struct literal (or a pointer
// to one).
func (r *Reader) StructFields(e ast.Expr) []Elem {
	e = r.ResolveLit(e)
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok {
		e = r.ResolveLit(u.X)
	}
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok {
		return nil
	}
	var out []Elem
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if id := astexpr.Ident(kv.Key); id != nil {
				out = append(out, Elem{id.Name, kv.Value, kv})
			}
		}
	}
	return out
}

// ScriptText returns the text of a *redis.Script: redis.NewScript(c), or a
// variable defined by it.
func (r *Reader) ScriptText(e ast.Expr) (string, bool) {
	if e == nil {
		return "", false
	}
	e = r.ResolveLit(e)
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		if v, ok := r.Info.Uses[id].(*types.Var); ok && v.Parent() == r.Pkg.Scope() {
			e = r.PkgVarValue(v)
		}
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return "", false
	}
	if fn := r.Callee(call); fn == nil || !model.MatchesAny(model.KB.ScriptBuilders, fn) {
		return "", false
	}
	return r.ConstString(call.Args[0])
}

// ValueText renders a value for messages, looking through a DynamoDB
// attribute value literal (&types.AttributeValueMemberN{Value: x}).
func ValueText(e ast.Expr) string {
	x := ast.Unparen(e)
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.AND {
		x = ast.Unparen(u.X)
	}
	if lit, ok := x.(*ast.CompositeLit); ok && len(lit.Elts) == 1 {
		if kv, ok := lit.Elts[0].(*ast.KeyValueExpr); ok {
			return types.ExprString(kv.Value)
		}
	}
	return types.ExprString(e)
}
