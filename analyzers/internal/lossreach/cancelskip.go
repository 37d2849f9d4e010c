package lossreach

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/outcome"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/internal/checks"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// FC5002: a renewal loop that can stop the work and does so on some
// outcomes of a renewal, but lets a failure of the same renewal go round
// to the next renewal (or leave the loop) without it. The loop proves that
// it knows how to stop the work: it calls the cancel of a context the work
// runs under (derived in the loop's function or in the function that
// creates it, or kept in a field), or a loss callback handed to it
// (onLost func()). A failure path that reaches the next renewal without
// such a call, and without anything else that could stop the work (a
// send, a close, a field store, a call of a function value or of anything
// but logging and the clock, a comparison: a grace period), leaves the
// work running after the lease is gone; once the lease is lost every later
// renewal fails the same way, so the work never stops. The stop may sit on
// the failure path itself (counted failures) or on another outcome of the
// renewal (a lost lease reported as false, or as a sentinel error).

// skippedCancels reports such failure paths: the stop must be called (not
// deferred) on some path from the renewal.
func (l *checker) skippedCancels() {
	for _, fn := range l.u.Funcs {
		stops := workStops(fn)
		if len(stops) == 0 {
			continue
		}
		for ci := range calls.In(fn) {
			call, ok := ci.(*ssa.Call)
			if !ok || call.Parent() != fn || !inLoop(call) {
				continue
			}
			callee := calls.Callee(&call.Call)
			if callee == nil || !upkeepNamed(callee.Name()) {
				continue
			}
			err := calls.ErrorResult(call)
			if err == nil {
				continue
			}
			fail := failureBlock(err)
			if fail == nil {
				continue
			}
			// The loop stops the work on some outcome of this renewal.
			i := slices.IndexFunc(stops, func(s stop) bool {
				if s.ctx != nil && !workUnder(s.ctx, call) {
					return false // the renewal's own timeout
				}
				c := s.call.Block()
				return c == fail || outcome.ForwardReaches(fail, c) || outcome.ForwardReaches(call.Block(), c)
			})
			if i < 0 || graceInLoop(call.Block(), stops) {
				continue
			}
			if end := skipsCancel(fail, call.Block()); end != nil {
				l.reportSkipped(call, stops[i].call, fail, end)
			}
		}
	}
}

// stop is a call that can stop the work under a lease: ctx is the
// context derivation whose cancel it calls, nil for a cancel kept in a
// field or a loss callback.
type stop struct {
	call ssa.CallInstruction
	ctx  *ssa.Call
}

// workStops returns the calls of fn that can stop the work: the cancel
// func of a context derivation (through a variable set in a loop, or
// captured by a function literal) whose context is passed to a call; a
// context.CancelFunc loaded from a field or handed in as a parameter; a
// parameter of function type without results (a loss callback).
func workStops(fn *ssa.Function) []stop {
	var out []stop
	for ci := range calls.In(fn) {
		if _, deferred := ci.(*ssa.Defer); deferred {
			continue // cleanup when the loop ends, no answer to a failure
		}
		if ci.Parent() != fn || ci.Common().IsInvoke() || calls.Callee(ci.Common()) != nil {
			continue
		}
		v := capturedValue(ci.Common().Value)
		if d := cancelDerivation(v, 0); d != nil {
			if workUnder(d, nil) {
				out = append(out, stop{ci, d})
			}
			continue
		}
		if heldStop(v) {
			out = append(out, stop{call: ci})
		}
	}
	return out
}

// capturedValue looks through a variable a function literal captures
// (a load of a free variable bound to a heap cell) to the value stored in
// the cell where it is assigned once (a function literal stored besides
// is the default of a callback handed in as nil); v otherwise.
func capturedValue(v ssa.Value) ssa.Value {
	v = calls.Resolve(v)
	ld, ok := calls.Unwrap(v).(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return v
	}
	cell, ok := calls.Resolve(ld.X).(*ssa.Alloc)
	if !ok || !cell.Heap {
		return v
	}
	if val := calls.StoredOnce(cell, literal); val != nil {
		return val
	}
	return v
}

// literal reports whether v is a function literal (a callback's default).
func literal(v ssa.Value) bool {
	switch v.(type) {
	case *ssa.Function, *ssa.MakeClosure:
		return true
	}
	return false
}

// heldStop reports whether v is a cancel func kept in a field or handed
// in, or a loss callback handed in: a parameter of function type with no
// results.
func heldStop(v ssa.Value) bool {
	v = calls.Unwrap(v)
	if f, _ := calls.LoadedField(v); f != nil && isCancelFunc(v.Type()) {
		return true
	}
	p, ok := v.(*ssa.Parameter)
	if !ok {
		return false
	}
	if isCancelFunc(p.Type()) {
		return true
	}
	sig, ok := p.Type().Underlying().(*types.Signature)
	return ok && sig.Results().Len() == 0
}

// isCancelFunc reports whether t is context.CancelFunc or
// context.CancelCauseFunc.
func isCancelFunc(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && strings.HasPrefix(n.Obj().Name(), "Cancel")
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
// call other than except: the work runs under it (a context made only for
// the renewal is its timeout, not the work's).
func workUnder(d *ssa.Call, except ssa.CallInstruction) bool {
	ctx := calls.Result(d, 0)
	if ctx == nil {
		return false
	}
	for _, u := range usesThroughCells(ctx) {
		if ci, ok := u.(ssa.CallInstruction); ok && ci != except {
			if callee := calls.Callee(ci.Common()); callee == nil || callee.Pkg() == nil || callee.Pkg().Path() != "context" {
				return true
			}
		}
	}
	return false
}

// usesThroughCells returns the uses of v, and those of the loads of the
// heap cells it is stored in: a value a function literal captures lives
// in a cell, and its loads are its uses.
func usesThroughCells(v ssa.Value) []ssa.Instruction {
	uses := outcome.Uses(v)
	for _, u := range uses {
		if st, ok := u.(*ssa.Store); ok && st.Val == v {
			if cell, ok := st.Addr.(*ssa.Alloc); ok && cell.Heap {
				for _, r := range *cell.Referrers() {
					if ld, ok := r.(*ssa.UnOp); ok && ld.Op == token.MUL {
						uses = append(uses, outcome.Uses(ld)...)
					}
				}
			}
		}
	}
	return uses
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
// anything before it stops the work: an ordering comparison or a
// comparison of instants (a deadline checked on every round,
// `time.Since(renewed) > ttl`, a count of failures) with a branch that
// leads only to a stop or out of the function. A comparison that only
// picks a backoff is no grace period.
func graceInLoop(renewal *ssa.BasicBlock, stops []stop) bool {
	for _, h := range renewal.Parent().Blocks {
		if !outcome.LoopHeaderOf(h, renewal) {
			continue
		}
		for _, b := range renewal.Parent().Blocks {
			if !h.Dominates(b) {
				continue
			}
			for _, instr := range b.Instrs {
				var cond ssa.Value
				switch x := instr.(type) {
				case *ssa.BinOp:
					if calls.IsOrder(x.Op) {
						cond = x
					}
				case *ssa.Call:
					if fn := calls.Callee(x.Common()); fn != nil && model.MatchesAny(model.KB.TimeComparisons, fn) {
						cond = x
					}
				}
				if cond != nil && guardsStop(cond, stops) {
					return true
				}
			}
		}
	}
	return false
}

// guardsStop reports whether a condition decides an If one of whose
// branches dominates a stop, a return or a panic.
func guardsStop(cond ssa.Value, stops []stop) bool {
	for _, u := range outcome.Uses(cond) {
		iff, ok := u.(*ssa.If)
		if !ok {
			if _, isCall := u.(ssa.CallInstruction); !isCall {
				return true // kept, combined or returned: assume it matters
			}
			continue
		}
		for _, s := range iff.Block().Succs {
			if len(s.Preds) != 1 {
				continue
			}
			for _, b := range s.Parent().Blocks {
				if !s.Dominates(b) {
					continue
				}
				for _, instr := range b.Instrs {
					switch instr.(type) {
					case *ssa.Return, *ssa.Panic:
						return true
					}
					if slices.ContainsFunc(stops, func(st stop) bool { return st.call == instr }) {
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
// could stop the work; nil when every path does something. A branch on
// the end of a context (ctx.Err() != nil) is not followed into its ended
// side: that is a shutdown, not a lost lease.
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
		ended, _ := outcome.ContextEnded(b)
		for _, s := range b.Succs {
			if s == ended {
				continue // the context ended: a shutdown, not a lost lease
			}
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
			// close(lost); delete(held, key) on a map others read
			return bi.Name() == "close" || bi.Name() == "delete" && len(c.Args) > 0 && !localAddr(calls.Unwrap(c.Args[0]), x.Parent())
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

func (l *checker) reportSkipped(renew *ssa.Call, cancel ssa.CallInstruction, fail *ssa.BasicBlock, end ssa.Instruction) {
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
			{Pos: failPos(fail, at), Message: "this failure path does not stop it"},
		},
		Message: fmt.Sprintf("when %s fails, one path %s without calling the work's cancel (called at %s on other paths) or doing anything else that could stop it: once the lease is lost every renewal fails that way, and the work under the context goes on as if the lease were held; cancel the work (or stop renewing and return an error) on every failure that means the lease is gone",
			name, how, l.where(cancel.Pos()))})
}

// failPos is the position of the first instruction of a failure path
// that has one (the log call of `if err != nil { log...; continue }`), or
// at.
func failPos(fail *ssa.BasicBlock, at token.Pos) token.Pos {
	for _, instr := range fail.Instrs {
		if instr.Pos().IsValid() {
			return instr.Pos()
		}
	}
	return at
}
