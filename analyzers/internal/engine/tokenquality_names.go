package engine

import (
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/flow"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
)

// fenceWordsOf classifies a name: whether it holds a strong fence word, the
// bare word "token", a time word, or a qualifier of "token".
type tqNameClass struct {
	strong, token, timeish, qualified bool
}

func tqClassify(name string) tqNameClass {
	var c tqNameClass
	words := model.Words(name)
	if !flow.IsFenceName(name) && !slices.Contains(words, "tok") && !slices.Contains(words, "toks") {
		return c // a fence word (or "tok") must at least occur in it
	}
	for _, w := range words {
		sing := strings.TrimSuffix(w, "s")
		switch {
		case slices.Contains(model.StrongFenceWords, w) || slices.Contains(model.StrongFenceWords, sing),
			strings.Contains(w, "fence"), strings.Contains(w, "fencing"):
			c.strong = true
		case w == "token" || w == "tokens" || w == "tok" || w == "toks" || strings.HasSuffix(w, "token"):
			c.token = true
			if w != "token" && w != "tokens" && w != "tok" && w != "toks" {
				c.qualified = true // "locktoken", "authtoken"
			}
		case slices.Contains(model.NotFenceWords, w):
			c.timeish = true
		case slices.Contains(model.TokenQualifiers, w):
			c.qualified = true
		}
	}
	return c
}

// storeFenceName: a name that marks a fence wherever a value is stored or
// sent under it (field, column, header, metadata or map key).
func tqStoreName(name string) bool {
	c := tqClassify(name)
	return c.strong && !c.timeish
}

// orderFenceName: a name that marks a fence where it is ordered in Go.
func tqOrderName(name string) bool {
	c := tqClassify(name)
	return !c.timeish && (c.strong || (c.token && !c.qualified))
}

// sqlOrderFenceName: a column that is a fence when a write predicate orders
// it against a bound value: any fence word, even a qualified token.
func tqSQLOrderName(name string) bool {
	c := tqClassify(name)
	return !c.timeish && (c.strong || c.token)
}

// lockTable reports whether a table is the store that holds the lock
// itself (locks, leases, leader), where equality with an owner value is
// the ownership check, not a fence.
func tqLockTable(table string) bool {
	t := strings.ToLower(table)
	for _, w := range model.LockKeyWords {
		if strings.Contains(t, w) {
			return true
		}
	}
	return false
}

// binaryAt returns the binary expression whose operator is at pos.
func (q *tq) binaryAt(pos token.Pos) *ast.BinaryExpr {
	if q.binaries == nil {
		q.binaries = map[token.Pos]*ast.BinaryExpr{}
		for _, f := range q.u.Pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if b, ok := n.(*ast.BinaryExpr); ok {
					q.binaries[b.OpPos] = b
				}
				return true
			})
		}
	}
	return q.binaries[pos]
}

// exprName names an operand for the fence-name heuristics: the variable,
// field or method it reads ("cur.Fence" -> Fence, "r.GetEpoch()" ->
// GetEpoch, "int64(tok)" -> tok).
func (q *tq) exprName(e ast.Expr) string {
	for i := 0; i < 16; i++ {
		switch x := e.(type) {
		case *ast.Ident:
			return x.Name
		case *ast.SelectorExpr:
			return x.Sel.Name
		case *ast.ParenExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.UnaryExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.CallExpr:
			if tv, ok := q.u.Pass.TypesInfo.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
				e = x.Args[0] // a conversion
				continue
			}
			e = x.Fun
		default:
			return ""
		}
	}
	return ""
}
