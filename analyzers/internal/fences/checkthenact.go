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
	return nil
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
