package fences

import (
	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"golang.org/x/tools/go/ssa"
)

// fencedByDependence reports whether an effect runs only after a
// conditional write of its function took effect: a compare-and-swap, a
// versioned or fenced UPDATE whose rows affected are tested, a transaction
// whose compare succeeded, a conditional put whose error is nil. The judge
// asks it only for effects that cannot carry a token (a publish, a mail):
// a stale holder loses the conditional write and sends nothing, and a
// holder that won it announces a transition that did take place (late,
// perhaps, but not wrong). A write that could carry the token is not
// fenced this way: after the conditional write succeeds the holder can
// still pause, and its later write is ordered at its own resource by
// nothing (a guard row updated in another transaction fences nothing).
func (c *Checker) fencedByDependence(e *effect.Effect) bool {
	call, ok := e.Call.(ssa.Instruction)
	if !ok || call.Block() == nil {
		return false
	}
	fn := call.Parent()
	toks := c.u.Tokens(fn)
	for b := call.Block(); b != nil; b = b.Idom() {
		for _, instr := range b.Instrs {
			if b == call.Block() && instr == call {
				break
			}
			w, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			we := effect.Classify(w, toks)
			if we == nil || we.Verdict != effect.Carried {
				continue
			}
			if out := outcomeOf(we); out != nil && calls.DecidedBy(call, w, out) {
				return true
			}
		}
	}
	return false
}
