package lossreach

import (
	"fmt"
	"go/token"
	"slices"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/outcome"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/internal/checks"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// FC5002: a renewal loop that holds the work's cancel func and uses it on
// some failures, but lets another failure go round to the next renewal
// (or leave the loop) without it. The loop proves that it knows how to
// stop the work: it calls the cancel of a context the work runs under.
// A failure path that reaches the next renewal without calling it, and
// without anything else that could stop the work (a send, a close, a
// field store, a call of a function value or of anything but logging and
// the clock, a comparison: a grace period), leaves the work running after
// the lease is gone; once the lease is lost every later renewal fails the
// same way, so the work never stops.

// skippedCancels reports such failure paths: the cancel must be called
// (not deferred) on some path from the failure of the same renewal.
func (l *checker) skippedCancels() {
	for _, fn := range l.u.Funcs {
		cancels := workCancels(fn)
		if len(cancels) == 0 {
			continue
		}
		for ci := range calls.In(fn) {
			call, ok := ci.(*ssa.Call)
			if !ok || call.Parent() != fn || !inLoop(call) {
				continue
			}
			callee := calls.Callee(&call.Call)
			if callee == nil || !upkeepNamed(callee.Name()) || l.judgedRenewal(call) {
				continue
			}
			err := calls.ErrorResult(call)
			if err == nil {
				continue
			}
			fail := failureBlock(err)
			if fail == nil || graceInLoop(call.Block()) {
				continue
			}
			// The loop stops the work on some failure of this renewal.
			i := slices.IndexFunc(cancels, func(c ssa.CallInstruction) bool {
				return c.Block() == fail || outcome.ForwardReaches(fail, c.Block())
			})
			if i < 0 {
				continue
			}
			if end := skipsCancel(fail, call.Block()); end != nil {
				l.reportSkipped(call, cancels[i], end)
			}
		}
	}
}

// workCancels returns the calls of fn that cancel a context the work runs
// under: the cancel func of a context derivation (through a variable set
// in the loop) whose context is passed to a call.
func workCancels(fn *ssa.Function) []ssa.CallInstruction {
	var out []ssa.CallInstruction
	for ci := range calls.In(fn) {
		if _, deferred := ci.(*ssa.Defer); deferred {
			continue // cleanup when the loop ends, no answer to a failure
		}
		if ci.Parent() != fn || ci.Common().IsInvoke() || calls.Callee(ci.Common()) != nil {
			continue
		}
		if d := cancelDerivation(ci.Common().Value, 0); d != nil && workUnder(d) {
			out = append(out, ci)
		}
	}
	return out
}

// cancelDerivation returns the context derivation whose cancel func v is,
// through the phis of a variable assigned in a loop (nil on other edges).
func cancelDerivation(v ssa.Value, depth int) *ssa.Call {
	if depth > maxReadDepth {
		return nil
	}
	if phi, ok := v.(*ssa.Phi); ok {
		var found *ssa.Call
		for _, e := range phi.Edges {
			if isNil(e) || e == phi {
				continue
			}
			d := cancelDerivation(e, depth+1)
			if d == nil {
				if _, inner := e.(*ssa.Phi); inner {
					continue
				}
				return nil
			}
			found = d
		}
		return found
	}
	return cancelOf(v)
}

// workUnder reports whether the context a derivation makes is passed to a
// call: the work runs under it.
func workUnder(d *ssa.Call) bool {
	ctx := calls.Result(d, 0)
	if ctx == nil {
		return false
	}
	for _, u := range outcome.Uses(ctx) {
		if ci, ok := u.(ssa.CallInstruction); ok {
			if callee := calls.Callee(ci.Common()); callee == nil || callee.Pkg() == nil || callee.Pkg().Path() != "context" {
				return true
			}
		}
	}
	return false
}

// failureBlock returns the block that runs when the error is not nil:
// the branch of an `err != nil` (or `err == nil`) test.
func failureBlock(err ssa.Value) *ssa.BasicBlock {
	for _, u := range outcome.Uses(err) {
		bin, ok := u.(*ssa.BinOp)
		if !ok || (bin.Op != token.NEQ && bin.Op != token.EQL) || !(isNil(bin.X) || isNil(bin.Y)) {
			continue
		}
		for _, u2 := range outcome.Uses(bin) {
			iff, ok := u2.(*ssa.If)
			if !ok {
				continue
			}
			if bin.Op == token.NEQ {
				return iff.Block().Succs[0]
			}
			return iff.Block().Succs[1]
		}
	}
	return nil
}

// graceInLoop reports whether the loop around a renewal block measures
// anything: an ordering comparison or a comparison of instants (a
// deadline checked on every round, `time.Since(renewed) > ttl`), which
// may stop the work once the failures have gone on too long.
func graceInLoop(renewal *ssa.BasicBlock) bool {
	for _, h := range renewal.Parent().Blocks {
		if !outcome.LoopHeaderOf(h, renewal) {
			continue
		}
		for _, b := range renewal.Parent().Blocks {
			if !h.Dominates(b) {
				continue
			}
			for _, instr := range b.Instrs {
				switch x := instr.(type) {
				case *ssa.BinOp:
					if calls.IsOrder(x.Op) {
						return true
					}
				case ssa.CallInstruction:
					if fn := calls.Callee(x.Common()); fn != nil && model.MatchesAny(model.KB.TimeComparisons, fn) {
						return true
					}
				}
			}
		}
	}
	return false
}

// skipsCancel returns the instruction at which a path from the failure
// block goes round to the next renewal (a back edge to a loop header that
// dominates the renewal) or leaves the function, having done nothing that
// could stop the work; nil when every path does something.
func skipsCancel(fail, renewal *ssa.BasicBlock) ssa.Instruction {
	seen := map[*ssa.BasicBlock]bool{}
	var walk func(b *ssa.BasicBlock) ssa.Instruction
	walk = func(b *ssa.BasicBlock) ssa.Instruction {
		if seen[b] {
			return nil
		}
		seen[b] = true
		for _, instr := range b.Instrs {
			if mayStop(instr) {
				return nil
			}
			if ret, ok := instr.(*ssa.Return); ok {
				return ret
			}
		}
		for _, s := range b.Succs {
			if s.Dominates(b) {
				if outcome.LoopHeaderOf(s, renewal) {
					return b.Instrs[len(b.Instrs)-1] // round to the next renewal
				}
				continue
			}
			if end := walk(s); end != nil {
				return end
			}
		}
		return nil
	}
	return walk(fail)
}

// mayStop reports whether an instruction on a failure path may stop the
// work or hand the loss on (see skippedCancels).
func mayStop(instr ssa.Instruction) bool {
	switch x := instr.(type) {
	case *ssa.Panic:
		return x.Pos().IsValid()
	case *ssa.Send, *ssa.MapUpdate, *ssa.Go:
		return true
	case *ssa.Store:
		return !localAddr(x.Addr, x.Parent())
	case *ssa.BinOp:
		return calls.IsComparison(x.Op) && !isError(x.X.Type())
	case *ssa.Return:
		for _, r := range x.Results {
			if isError(r.Type()) && !isNil(resultValue(r, x)) {
				return true
			}
		}
	case ssa.CallInstruction:
		c := x.Common()
		if bi, ok := c.Value.(*ssa.Builtin); ok {
			return bi.Name() == "close"
		}
		callee := calls.Callee(c)
		if callee == nil {
			return true
		}
		if model.MatchesAny(model.KB.ProcessExits, callee) {
			return true
		}
		return !harmless(callee, c)
	}
	return false
}

func (l *checker) reportSkipped(renew *ssa.Call, cancel ssa.CallInstruction, end ssa.Instruction) {
	name := l.callName(renew, calls.Callee(&renew.Call))
	pos, endPos := l.span(renew)
	at := end.Pos()
	if !at.IsValid() {
		at = renew.Pos()
	}
	how := "goes round to the next renewal"
	if _, ok := end.(*ssa.Return); ok {
		how = "leaves the loop"
	}
	l.report(unit.Finding{Code: checks.IgnoredLeaseLoss, Pos: pos, End: endPos, Key: renew.Pos(),
		Related: []analysis.RelatedInformation{
			{Pos: cancel.Pos(), Message: "the work is stopped here, on other paths"},
		},
		Message: fmt.Sprintf("when %s fails, one path %s without calling the work's cancel (called at %s on other paths) or doing anything else that could stop it: once the lease is lost every renewal fails that way, and the work under the context goes on as if the lease were held; cancel the work (or stop renewing and return an error) on every failure that means the lease is gone",
			name, how, l.where(cancel.Pos()))})
}
