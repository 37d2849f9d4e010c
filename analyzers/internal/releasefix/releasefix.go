// Package releasefix writes FC5001's suggested fix for the release of a
// Redis SET NX lock by a plain DEL: the delete becomes a compare-and-delete
// script run with the value the SET NX stored, where the shape of the code
// makes the rewrite safe; elsewhere it offers none.
package releasefix

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// Acquisition is the SET NX whose lock a delete releases.
type Acquisition struct {
	Call     *ssa.Call     // the SET NX
	Fn       *ssa.Function // the function that runs it
	Owner    ssa.Value     // the value it stores: what the script compares
	OwnerArg int           // the argument that passes Owner
}

// fixer renders the fix in one package.
type fixer struct{ u *unit.Unit }

// Script rewrites `rdb.Del(ctx, key)` of a SET NX lock key into
// `redis.NewScript(<compare-and-delete>).Run(ctx, rdb, []string{key}, owner)`
// where the shape is clear: the call is a statement (plain, go or defer) or
// only feeds .Err(), it deletes exactly the lock key, the client can run
// scripts, and the SET NX value is a plain variable in scope at the delete.
func Script(u *unit.Unit, ci ssa.CallInstruction, callee *types.Func, acq Acquisition) []analysis.SuggestedFix {
	l := &fixer{u: u}
	if !calls.Encloses(acq.Fn, ci.Parent()) {
		return nil
	}
	if _, isConst := calls.Unwrap(acq.Owner).(*ssa.Const); isConst {
		return nil // a constant owner would make the script just as unsafe
	}
	ix := l.u.Index
	del := ix.Call(ci.Common().Pos())
	set := ix.Call(acq.Call.Pos())
	if del == nil || set == nil || len(del.Args) != 2 || del.Ellipsis.IsValid() || len(set.Args) <= acq.OwnerArg {
		return nil
	}
	sel, ok := ast.Unparen(del.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	switch p := ix.Parent(del).(type) {
	case *ast.ExprStmt, *ast.DeferStmt, *ast.GoStmt:
	case *ast.SelectorExpr:
		pc, ok := ix.Parent(p).(*ast.CallExpr)
		if p.Sel.Name != "Err" || !ok || pc.Fun != p || len(pc.Args) != 0 {
			return nil
		}
	default:
		return nil
	}
	info := l.u.Pass.TypesInfo
	if t := info.TypeOf(del.Args[1]); t == nil || !types.Identical(types.Default(t), types.Typ[types.String]) {
		return nil
	}
	if !l.canRunScripts(info.TypeOf(sel.X), callee.Pkg()) {
		return nil
	}
	owner := set.Args[acq.OwnerArg]
	if !l.visibleAt(owner, del.Pos()) {
		return nil
	}
	name := importName(ix.File(del), model.KB.ScriptFix.Package, callee.Pkg().Name())
	if name == "" {
		return nil
	}
	text := fmt.Sprintf("%s.NewScript(%s).Run(%s, %s, []string{%s}, %s)", name, "`"+model.KB.ScriptFix.Script+"`",
		l.u.Source(del.Args[0]), l.u.Source(sel.X), l.u.Source(del.Args[1]), l.u.Source(owner))
	return []analysis.SuggestedFix{{
		Message:   "Release the lock with a compare-and-delete script",
		TextEdits: []analysis.TextEdit{{Pos: del.Pos(), End: del.End(), NewText: []byte(text)}},
	}}
}

// canRunScripts reports whether a client of type t implements go-redis'
// Scripter, which (*Script).Run needs, and is not a pipeline.
func (l *fixer) canRunScripts(t types.Type, pkg *types.Package) bool {
	if t == nil || pkg == nil {
		return false
	}
	iface := func(name string) *types.Interface {
		if obj, ok := pkg.Scope().Lookup(name).(*types.TypeName); ok {
			i, _ := obj.Type().Underlying().(*types.Interface)
			return i
		}
		return nil
	}
	scripter, pipeliner := iface(model.KB.ScriptFix.Scripter), iface(model.KB.ScriptFix.Pipeliner)
	if scripter == nil || !types.Implements(t, scripter) {
		return false
	}
	// In a pipeline Run cannot fall back from EVALSHA to EVAL (the NOSCRIPT
	// error only arrives with Exec): leave those to the user.
	return pipeliner == nil || !types.Implements(t, pipeliner)
}

// visibleAt reports whether e is a variable or a field path of one
// (owner, l.token) whose root names the same object at pos as where e was
// written: no calls (which would compute a new value) and no shadowing.
func (l *fixer) visibleAt(e ast.Expr, pos token.Pos) bool {
	info := l.u.Pass.TypesInfo
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			id, _ := x.X.(*ast.Ident)
			if _, isPkg := info.Uses[id].(*types.PkgName); isPkg {
				_, isVar := info.Uses[x.Sel].(*types.Var)
				return isVar
			}
			e = x.X
			continue
		case *ast.Ident:
			obj, ok := info.Uses[x].(*types.Var)
			if !ok {
				return false
			}
			scope := l.u.Pass.Pkg.Scope().Innermost(pos)
			if scope == nil {
				return false
			}
			_, found := scope.LookupParent(x.Name, pos)
			return found == obj
		default:
			return false
		}
	}
}

// importName returns the name under which file imports path, or "" when
// it does not (or only as _ or .).
func importName(f *ast.File, path, def string) string {
	if f == nil {
		return ""
	}
	for _, imp := range f.Imports {
		if p, err := strconv.Unquote(imp.Path.Value); err != nil || p != path {
			continue
		}
		if imp.Name == nil {
			return def
		}
		if imp.Name.Name == "_" || imp.Name.Name == "." {
			return ""
		}
		return imp.Name.Name
	}
	return ""
}
