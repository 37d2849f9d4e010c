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
