package fences

import (
	"go/types"
	"slices"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/section"
	"golang.org/x/tools/go/ssa"
)

// guardingCheck returns the lease-validity query (model.KB.ValidityChecks)
// that an instruction is guarded by: a branch on its result, in a block
// that dominates the instruction, decides whether the instruction runs.
// The section's own acquisition does not count.
func guardingCheck(sec *section.Section, instr ssa.Instruction, extra func(*types.Func) bool, memo map[guardKey]*ssa.Call) *ssa.Call {
	b := instr.Block()
	for d := b.Idom(); d != nil; d = d.Idom() {
		iff, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok || !decides(d, b) {
			continue
		}
		// Every effect below the same branch asks the same question: answer
		// it once per (section, branch), or large sections go quadratic.
		k := guardKey{sec, iff}
		c, seen := memo[k]
		if !seen {
			c = validityQuery(iff.Cond, sec, extra, 0, map[ssa.Value]bool{})
			memo[k] = c
		}
		if c != nil {
			return c
		}
	}
	return pathCheck(sec, b, extra, memo)
}

// pathCheck returns a validity check that decides, on the paths from it,
// whether b runs, though it does not dominate b: a loop that either takes
// the lock or, holding it already, extends it, and then works
// (if !held { m.TryLock() } else if ok, _ := m.Extend(); !ok { continue };
// work()). On the path through the extension the work runs because the
// extension said the lock is still held: the same check-then-act. The
// check decides b when the successor of its branch entered only from it
// reaches b without going back above the check (round the loop), and the
// other successor does not.
func pathCheck(sec *section.Section, b *ssa.BasicBlock, extra func(*types.Func) bool, memo map[guardKey]*ssa.Call) *ssa.Call {
	for _, d := range b.Parent().Blocks {
		iff, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok || d == b || d.Dominates(b) {
			continue // the dominating branches are guardingCheck's
		}
		k := guardKey{sec, iff}
		c, seen := memo[k]
		if !seen {
			c = validityQuery(iff.Cond, sec, extra, 0, map[ssa.Value]bool{})
			memo[k] = c
		}
		if c == nil {
			continue
		}
		s0, s1 := reachesBelow(d, d.Succs[0], b), reachesBelow(d, d.Succs[1], b)
		if s0 != s1 && (s0 && len(d.Succs[0].Preds) == 1 || s1 && len(d.Succs[1].Preds) == 1) {
			return c
		}
	}
	return nil
}

// reachesBelow reports whether from, a successor of d, reaches b without
// passing d again or a block that dominates d (the top of a loop around
// it).
func reachesBelow(d, from, b *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{}
	queue := []*ssa.BasicBlock{from}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		if x == b {
			return true
		}
		if seen[x] || x == d || x.Dominates(d) {
			continue
		}
		seen[x] = true
		queue = append(queue, x.Succs...)
	}
	return false
}

type guardKey struct {
	sec *section.Section
	iff *ssa.If
}

// decides reports whether the branch ending d decides if b runs: one of
// d's successors is entered only from d and dominates b.
func decides(d, b *ssa.BasicBlock) bool {
	return slices.ContainsFunc(d.Succs, func(s *ssa.BasicBlock) bool {
		return len(s.Preds) == 1 && s.Dominates(b)
	})
}

// validityQuery walks the operands of v back to a validity query call.
func validityQuery(v ssa.Value, sec *section.Section, extra func(*types.Func) bool, depth int, seen map[ssa.Value]bool) *ssa.Call {
	if v == nil || depth > maxGuardOperandDepth || seen[v] {
		return nil
	}
	seen[v] = true
	next := func(vs ...ssa.Value) *ssa.Call {
		for _, w := range vs {
			if c := validityQuery(w, sec, extra, depth+1, seen); c != nil {
				return c
			}
		}
		return nil
	}
	switch x := v.(type) {
	case *ssa.Call:
		if ssa.CallInstruction(x) != sec.Call && (isValidityCheck(&x.Call) || (calls.Callee(&x.Call) != nil && extra(calls.Callee(&x.Call)))) {
			return x
		}
		var ops []ssa.Value
		if r := calls.Receiver(&x.Call); r != nil {
			ops = append(ops, r)
		}
		return next(append(ops, calls.Args(&x.Call)...)...)
	case *ssa.BinOp:
		return next(x.X, x.Y)
	case *ssa.UnOp:
		return next(x.X)
	case *ssa.Extract:
		return next(x.Tuple)
	case *ssa.Select:
		var chans []ssa.Value
		for _, st := range x.States {
			chans = append(chans, st.Chan)
		}
		return next(chans...)
	case *ssa.Phi:
		return next(x.Edges...)
	case *ssa.Convert:
		return next(x.X)
	case *ssa.ChangeType:
		return next(x.X)
	case *ssa.MakeInterface:
		return next(x.X)
	case *ssa.Field:
		return next(x.X)
	case *ssa.FieldAddr:
		return next(x.X)
	}
	return nil
}

func isValidityCheck(c *ssa.CallCommon) bool {
	fn := calls.Callee(c)
	return model.MatchesAny(model.KB.ValidityChecks, fn)
}
