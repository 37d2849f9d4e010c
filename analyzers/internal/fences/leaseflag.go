package fences

import (
	"go/token"
	"go/types"
	"slices"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/holderflag"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"golang.org/x/tools/go/ssa"
)

// A lease's verdict cached in a field (FC2001): the code that takes or
// renews the lease sets a flag (s.schedulerLeadership = true where
// TryAcquireSchedulerLease said so, false where it did not), and the work
// asks the flag, not the lease: isLeader := s.isLeader; if !isLeader {
// return }; write(). The flag is as stale as the check of a call, and
// staler: it says what the last renewal found. A flag is a lease's verdict
// when its name says so (holderflag), the package both sets and clears
// it, and a function that sets it takes or renews a lease (calls a
// function whose name begins with an acquisition verb).

// leaseFlags returns the package's lease flags, computed once.
func (c *Checker) leaseFlags() map[*types.Var]*holderflag.Flag {
	if c.flags != nil {
		return c.flags
	}
	c.flags = map[*types.Var]*holderflag.Flag{}
	for v, f := range holderflag.Find(c.u.Funcs, c.u.Pass.Pkg) {
		if len(f.Sets) == 0 || len(f.Clears) == 0 || !boolFlag(v.Type()) {
			continue
		}
		if slices.ContainsFunc(f.Sets, func(set ssa.Instruction) bool { return acquires(set.Parent()) }) {
			c.flags[v] = f
		}
	}
	return c.flags
}

// acquires reports whether fn calls a function whose name begins with an
// acquisition verb (TryAcquireSchedulerLease, Campaign, ObtainLock).
func acquires(fn *ssa.Function) bool {
	for ci := range calls.In(fn) {
		if callee := calls.Callee(ci.Common()); callee != nil && vocab.AcquireMethod(callee.Name()) {
			return true
		}
	}
	return false
}

func boolFlag(t types.Type) bool {
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "sync/atomic" {
		return n.Obj().Name() == "Bool"
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}

// flagVerdict returns the lease flag an If branches on (a read of it,
// directly or negated) and the successor taken when it says the lease is
// held.
func (c *Checker) flagVerdict(iff *ssa.If) (*holderflag.Flag, *ssa.BasicBlock) {
	flags := c.leaseFlags()
	if len(flags) == 0 {
		return nil, nil
	}
	v, negated := unNot(iff.Cond)
	instr, ok := v.(ssa.Instruction)
	if !ok {
		return nil, nil
	}
	for _, f := range flags {
		if slices.Contains(f.Reads[instr.Parent()], instr) {
			succs := iff.Block().Succs
			if negated {
				return f, succs[1]
			}
			return f, succs[0]
		}
	}
	return nil, nil
}

// flagReadPos is where the flag an If branches on is read.
func (c *Checker) flagReadPos(cond ssa.Value) token.Pos {
	v, _ := unNot(cond)
	if u, ok := v.(*ssa.UnOp); ok && !u.Pos().IsValid() {
		return u.X.Pos() // s.isLeader: the load is implicit, the field selected here
	}
	return v.Pos()
}
