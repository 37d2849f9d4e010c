package calls

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// Branch returns the block entered when v, a bool, has the truth value
// want: a successor of the If that tests it, through any number of
// negations (`if !ok`), or nil when no branch tests it.
func Branch(v ssa.Value, want bool) *ssa.BasicBlock {
	if v == nil {
		return nil
	}
	for _, r := range *v.Referrers() {
		switch x := r.(type) {
		case *ssa.If:
			if want {
				return x.Block().Succs[0]
			}
			return x.Block().Succs[1]
		case *ssa.UnOp:
			if x.Op == token.NOT {
				if b := Branch(x, !want); b != nil {
					return b
				}
			}
		}
	}
	return nil
}

// NilGuards returns the values that at's function compares with nil on
// the way to at such that at runs only when they are nil: an if on x ==
// nil whose true branch (on x != nil, whose false branch) at is reached
// through alone; ifs are the Ifs that test them.
func NilGuards(at ssa.Instruction) (vals []ssa.Value, ifs []*ssa.If) {
	if at == nil || at.Block() == nil {
		return nil, nil
	}
	for b := at.Block().Idom(); b != nil; b = b.Idom() {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		cmp, ok := ifi.Cond.(*ssa.BinOp)
		if !ok || cmp.Op != token.EQL && cmp.Op != token.NEQ {
			continue
		}
		x := nilCompared(cmp)
		if x == nil {
			continue
		}
		succ := b.Succs[0]
		if cmp.Op == token.NEQ {
			succ = b.Succs[1]
		}
		if len(succ.Preds) == 1 && succ.Dominates(at.Block()) {
			vals = append(vals, x)
			ifs = append(ifs, ifi)
		}
	}
	return vals, ifs
}

// nilCompared returns the value a comparison compares with nil, or nil.
func nilCompared(cmp *ssa.BinOp) ssa.Value {
	for _, side := range [2][2]ssa.Value{{cmp.X, cmp.Y}, {cmp.Y, cmp.X}} {
		if c, ok := side[1].(*ssa.Const); ok && c.IsNil() {
			return side[0]
		}
	}
	return nil
}
