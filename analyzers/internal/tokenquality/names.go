package tokenquality

import (
	"go/ast"
	"go/token"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/dataflow"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
)

// fenceWordsOf classifies a name: whether it holds a strong fence word, the
// bare word "token", a time word, or a qualifier of "token".
type nameClass struct {
	strong, token, timeish, qualified bool
}

func classify(name string) nameClass {
	var c nameClass
	for _, w := range vocab.Words(name) {
		switch {
		case vocab.StrongFence.MatchWord(w), vocab.FenceStem.MatchWord(w):
			c.strong = true
		case vocab.Token.MatchWord(w) || strings.HasSuffix(w, "token"):
			c.token = true
			if !vocab.Token.MatchWord(w) {
				c.qualified = true // "locktoken", "authtoken"
			}
		case vocab.TimeOrDuration.MatchWord(w):
			c.timeish = true
		case vocab.TokenQualifier.MatchWord(w):
			c.qualified = true
		}
	}
	return c
}

// storeFenceName: a name that marks a fence wherever a value is stored or
// sent under it (field, column, header, metadata or map key).
func storeName(name string) bool {
	c := classify(name)
	return c.strong && !c.timeish
}

// orderFenceName: a name that marks a fence where it is ordered in Go.
func orderName(name string) bool {
	c := classify(name)
	return !c.timeish && (c.strong || (c.token && !c.qualified))
}

// sqlOrderFenceName: a column that is a fence when a write predicate orders
// it against a bound value: any fence word, even a qualified token.
func sqlOrderName(name string) bool {
	c := classify(name)
	return !c.timeish && (c.strong || c.token)
}

// binaryAt returns the binary expression whose operator is at pos.
func (q *checker) binaryAt(pos token.Pos) *ast.BinaryExpr {
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
func (q *checker) exprName(e ast.Expr) string {
	for i := 0; i < maxUnwrap; i++ {
		if in, ok := dataflow.InnerExpr(e, q.u.Pass.TypesInfo, nameLayers); ok {
			e = in
			continue
		}
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return x.Name
		case *ast.SelectorExpr:
			return x.Sel.Name
		case *ast.CallExpr:
			e = x.Fun
		default:
			return ""
		}
	}
	return ""
}

// nameLayers are peeled off an operand to name it.
const nameLayers = dataflow.Loads | dataflow.AddressOf | dataflow.Unary | dataflow.Elements | dataflow.Converts
