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

// claimed reports whether an effect is a one-way claim, or runs only after
// one took effect (package oneway): UPDATE redeem_codes SET status =
// 'used' WHERE id = $1 AND status = 'unused' with its rows affected
// tested, in a package that never sets status back to 'unused', or a call
// of a function (of an interface every implementation of which) returns a
// nil error only when such a claim took effect. The claim can be won once
// per record, whatever lock is held: a stale holder loses it and runs
// nothing after it, so what runs on its success is neither a duplicate
// nor an overwrite of a successor's work, whatever the effect's verdict.
// A state that the package also resets (a job queue's running -> pending)
// is a lease, won again after the reset: not fenced.
func (c *Checker) claimed(e *effect.Effect, site ssa.CallInstruction) bool {
	if c.claims == nil || e.Call == nil {
		return false
	}
	if c.claims.IsClaim(e) {
		return true
	}
	return c.claims.Fenced(e.Call) || site != nil && site != e.Call && c.claims.Fenced(site)
}
