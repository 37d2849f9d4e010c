package wallclock

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/leaserec"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
)

// A record that names its holder and when the holder last wrote it is a
// lease when the code reads it as one: "someone holds it, and recently"
// (rec.OwnerID != nil && rec.LastUpdate > cutoff). The owner test in the
// same condition says that the instant is the holder's heartbeat, whatever
// the instant's name ("LastUpdate", which every row has, is no lease word
// alone); a timestamp compared without its record's owner (a cache's
// refresh time, a leader's chores' last run) keeps needing vocabulary().

// holderConjoined reports whether the comparison cmp is one operand of an
// && or || condition another operand of which tests an owner field (vocab
// Role Owner) of a struct that also holds a field cmp compares: the
// record's holder and its instant judged together.
func (w *checker) holderConjoined(cmp ast.Expr) bool {
	root := w.conditionRoot(cmp)
	if root == cmp {
		return false
	}
	compared := map[types.Type]bool{}
	ast.Inspect(cmp, func(n ast.Node) bool {
		if t := w.fieldStruct(n); t != nil {
			compared[t] = true
		}
		return true
	})
	if len(compared) == 0 {
		return false
	}
	found := false
	ast.Inspect(root, func(n ast.Node) bool {
		if found || n == cmp {
			return false
		}
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		s := w.info.Selections[sel]
		if s == nil || s.Kind() != types.FieldVal || vocab.Role(s.Obj().Name()) != vocab.Owner {
			return true
		}
		if t := w.fieldStruct(sel); t != nil && compared[t] {
			found = true
		}
		return !found
	})
	return found
}

// fieldStruct returns the struct type declaring the field n selects, when
// n selects an instant field (leaserec.Instant) or an owner field.
func (w *checker) fieldStruct(n ast.Node) types.Type {
	sel, ok := n.(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	s := w.info.Selections[sel]
	if s == nil || s.Kind() != types.FieldVal {
		return nil
	}
	f := s.Obj().(*types.Var)
	if !leaserec.Instant(f) && vocab.Role(f.Name()) != vocab.Owner {
		return nil
	}
	t := s.Recv()
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	return t
}

// conditionRoot returns the outermost && / || expression cmp is an
// operand of (through parentheses), or cmp itself.
func (w *checker) conditionRoot(cmp ast.Expr) ast.Expr {
	if w.logicParent == nil {
		w.logicParent = map[ast.Expr]ast.Expr{}
		for _, f := range w.u.Pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if b, ok := n.(*ast.BinaryExpr); ok && (b.Op == token.LAND || b.Op == token.LOR) {
					w.logicParent[ast.Unparen(b.X)] = b
					w.logicParent[ast.Unparen(b.Y)] = b
				}
				return true
			})
		}
	}
	e := cmp
	for i := 0; i < maxChain; i++ {
		p, ok := w.logicParent[e]
		if !ok {
			break
		}
		e = p
	}
	return e
}
