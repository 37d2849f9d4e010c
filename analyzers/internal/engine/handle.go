package engine

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/section"
)

// handleText returns the source text of the lock handle at the
// acquisition ("m" in m.Lock(ctx), "w.m" in w.m.Lock(ctx)).
func (a *analysis_) handleText(sec *section.Section) string {
	if a.assigned == nil {
		a.assigned = map[token.Pos][]ast.Expr{}
		for _, f := range a.pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if n, ok := n.(*ast.AssignStmt); ok {
					if c, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok && len(n.Rhs) == 1 {
						a.assigned[c.Lparen] = n.Lhs
					}
				}
				return true
			})
		}
	}
	if i := sec.Lock.Handle; sec.Lock.Held == model.HeldByResult && i < len(a.assigned[sec.Pos]) {
		// A handle returned by the call: name it by the variable it is assigned to.
		if lhs := a.assigned[sec.Pos][i]; types.ExprString(lhs) != "_" {
			return types.ExprString(lhs)
		}
	}
	if c := a.index.Call(sec.Pos); c != nil {
		if sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok {
			if _, isPkg := a.pass.TypesInfo.Uses[identOf(sel.X)].(*types.PkgName); !isPkg {
				return types.ExprString(sel.X)
			}
		}
	}
	return sec.HandleText()
}

func identOf(e ast.Expr) *ast.Ident {
	id, _ := e.(*ast.Ident)
	return id
}
