package lossreach

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/outcome"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/internal/checks"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// FC5002, a heartbeat goroutine with a failure that reaches nobody (shape
// A'): the goroutine may do more than renew (release the lock when told
// to stop, close a channel that says it has ended, exit the process on
// one kind of error), but one failure of its renewal goes round to the
// next renewal, or ends the goroutine, having done nothing that could
// pass the loss on (mayStop). The work started after the claim keeps
// running as if the lease were held. Shape (A) is the special case of a
// goroutine that can tell nobody anything on any path; this rule reads
// the paths of one failure.
//
// A failure is a branch on the renewal's outcome: its error (directly, or
// through a reply's accessor: go-redis' Result, Err) compared with nil or
// with a sentinel (err == ErrNotObtained is a failure, the lock lost), or
// its bool false. A path that ends the goroutine counts only when no
// deferred call could pass the loss on (a deferred close or cancel does).

// silentHeartbeats reports shape (A').
func (l *checker) silentHeartbeats() {
	for _, fn := range l.u.Funcs {
		for ci := range calls.In(fn) {
			g, ok := ci.(*ssa.Go)
			if !ok {
				continue
			}
			body := g.Call.StaticCallee()
			if body == nil || body.Pkg != l.u.Pkg || len(body.Blocks) == 0 || isolatedRenewal(body, 0) != nil {
				continue // shape (A) reports the goroutine that tells nobody anything
			}
			renew, fail, end := l.silentRenewal(body)
			if renew == nil {
				continue
			}
			if c := l.claimBefore(fn, g); c.pos.IsValid() {
				l.reportSilent(renew, fail, end, c)
			}
		}
	}
}

// silentRenewal returns a renewal made in a loop of body, a failure branch
// of it and the instruction where that branch goes round or leaves body
// having passed the loss to nobody; nils when every failure does
// something. A renewal is known by what it calls, by a renewal summary
// of the callee (a lock type's Extend running a compare-and-expire
// script), or by its own name, never
// by its loop's: a loop named as a renewal loop may also re-acquire after
// the renewal failed, and that failure loses nothing.
func (l *checker) silentRenewal(body *ssa.Function) (*ssa.Call, *ssa.BasicBlock, ssa.Instruction) {
	for ci := range calls.In(body) {
		call, ok := ci.(*ssa.Call)
		if !ok || !inLoop(call) {
			continue
		}
		callee := calls.Callee(&call.Call)
		if callee == nil || harmless(callee, &call.Call) || model.MatchesAny(model.KB.SessionRenewals, callee) {
			continue // a lock session's renewal: its locks' lost channels carry the loss
		}
		if !renewalCall(call, callee) && !upkeepNamed(callee.Name()) && !l.summarisedRenewal(call) {
			continue
		}
		for _, fail := range failureBranches(call) {
			end := skipsCancel(fail, call.Block())
			if end == nil {
				continue
			}
			if _, ret := end.(*ssa.Return); ret && deferredSignal(body, l.u.Funcs) {
				continue
			}
			return call, fail, end
		}
	}
	return nil, nil, nil
}

// renewalCall reports whether a call renews a lease by what it calls: a
// lock library's extension, a Redis EXPIRE, or a function of the program
// that returns the error of one (a lock wrapper's Refresh).
func renewalCall(call *ssa.Call, callee *types.Func) bool {
	if model.MatchesAny(model.KB.LockExtensions, callee) || model.MatchesAny(model.KB.KeyExpires, callee) {
		return true
	}
	fn := call.Call.StaticCallee()
	if fn == nil || fn.Pkg != call.Parent().Pkg {
		return false
	}
	for ci := range calls.In(fn) {
		inner, ok := ci.(*ssa.Call)
		if !ok {
			continue
		}
		if c := calls.Callee(&inner.Call); c != nil && model.MatchesAny(model.KB.LockExtensions, c) {
			if err := calls.ErrorResult(inner); err != nil && outcome.Returned(fn, err) >= 0 {
				return true
			}
		}
	}
	return false
}

// silentLoops reports shape (A') with the heartbeat and the work swapped: a
// function starts the work in a goroutine whose result it waits for in a
// loop that also renews the lease (a lock helper's Do(ctx, work)), and a
// failure of the renewal goes round to the next one, or leaves, having
// done nothing that could stop the work. The lease is known held where a
// renewal (or a claim) checked before the goroutine started succeeded.
func (l *checker) silentLoops() {
	for _, fn := range l.u.Funcs {
		renew, fail, end := l.silentRenewal(fn)
		if renew == nil {
			continue
		}
		g := awaitedWork(renew)
		if g == nil {
			continue
		}
		pos, name := l.claimDominating(fn, g)
		if !pos.IsValid() {
			pos, name = checkedRenewal(renew, g)
		}
		if !pos.IsValid() {
			continue
		}
		l.reportSilent(renew, fail, end, claim{pos: pos, name: name, work: g.Pos(), workWhat: "the work started in this goroutine goes on"})
	}
}

// awaitedWork returns a goroutine that runs before the renewal and sends
// its outcome on a channel that the renewal's loop receives from: the
// work the loop keeps the lease for.
func awaitedWork(renew *ssa.Call) *ssa.Go {
	fn := renew.Parent()
	for ci := range calls.In(fn) {
		g, ok := ci.(*ssa.Go)
		if !ok || g.Parent() != fn || !calls.Before(g, renew) {
			continue
		}
		body := g.Call.StaticCallee()
		if body == nil {
			continue
		}
		for _, b := range body.Blocks {
			for _, instr := range b.Instrs {
				if send, ok := instr.(*ssa.Send); ok && receivedInLoop(boundValue(send.Chan), renew) {
					return g
				}
			}
		}
	}
	return nil
}

// boundValue returns the value of the enclosing function that v, in a
// function literal, stands for: the binding of a captured variable.
func boundValue(v ssa.Value) ssa.Value {
	v = capturedValue(v)
	if fv, ok := v.(*ssa.FreeVar); ok {
		if b := calls.Binding(fv); b != nil {
			return capturedValue(b)
		}
	}
	return v
}

// receivedInLoop reports whether ch is received from in a loop of the
// renewal's function whose header dominates the renewal (also through the
// heap cell a captured channel lives in).
func receivedInLoop(ch ssa.Value, renew *ssa.Call) bool {
	for _, u := range usesThroughCells(ch) {
		var b *ssa.BasicBlock
		switch x := u.(type) {
		case *ssa.Select:
			b = x.Block()
		case *ssa.UnOp:
			if x.Op == token.ARROW {
				b = x.Block()
			}
		}
		if b == nil || b.Parent() != renew.Parent() {
			continue
		}
		for _, h := range b.Parent().Blocks {
			if outcome.LoopHeaderOf(h, renew.Block()) && outcome.LoopHeaderOf(h, b) {
				return true
			}
		}
	}
	return false
}

// checkedRenewal returns a call of the same renewal, before g, whose
// outcome is read: the lease is known held after it.
func checkedRenewal(renew *ssa.Call, g ssa.Instruction) (token.Pos, string) {
	callee := calls.Callee(&renew.Call)
	for ci := range calls.In(renew.Parent()) {
		c, ok := ci.(*ssa.Call)
		if ok && c != renew && calls.Callee(&c.Call) == callee && calls.Before(c, g) && outcomeRead(c) {
			return c.Pos(), callee.Name() + ", checked"
		}
	}
	return token.NoPos, ""
}

// failureBranches returns the first blocks of the branches taken when a
// call fails: its error (or its reply's, through an accessor named in
// model.KB.ErrReplies) not nil, or equal to a sentinel (errors.Is or ==),
// and its bool (or its reply's) false.
func failureBranches(call *ssa.Call) []*ssa.BasicBlock {
	var errs, bools []ssa.Value
	add := func(v ssa.Value) {
		switch {
		case v == nil:
		case isError(v.Type()):
			errs = append(errs, v)
		case calls.IsBool(v.Type()):
			bools = append(bools, v)
		}
	}
	res := call.Call.Signature().Results()
	for i := 0; i < res.Len(); i++ {
		add(calls.Result(call, i))
	}
	for _, c := range calls.MethodCalls(call) { // a reply's accessors
		m := calls.Callee(&c.Call)
		if m == nil || !slices.Contains(model.KB.ErrReplies, m.Name()) && !slices.Contains(model.KB.BoolReplies, m.Name()) {
			continue
		}
		r := m.Type().(*types.Signature).Results()
		for i := 0; i < r.Len(); i++ {
			add(calls.Result(c, i))
		}
	}
	var out []*ssa.BasicBlock
	for _, err := range errs {
		for _, u := range outcome.Uses(err) {
			switch x := u.(type) {
			case *ssa.BinOp:
				if x.Op != token.EQL && x.Op != token.NEQ {
					continue
				}
				// err != nil, err == sentinel: the true branch fails.
				failsWhenTrue := (x.Op == token.NEQ) == (isNil(x.X) || isNil(x.Y))
				out = append(out, branchOf(x, failsWhenTrue)...)
			case *ssa.Call:
				if fn := calls.Callee(&x.Call); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "errors" && fn.Name() == "Is" {
					out = append(out, branchOf(x, true)...)
				}
			}
		}
	}
	for _, b := range bools {
		out = append(out, branchOf(b, false)...)
		for _, u := range outcome.Uses(b) {
			if not, ok := u.(*ssa.UnOp); ok && not.Op == token.NOT {
				out = append(out, branchOf(not, true)...)
			}
		}
	}
	return out
}

// branchOf returns the successor an If on cond takes when cond is want.
func branchOf(cond ssa.Value, want bool) []*ssa.BasicBlock {
	var out []*ssa.BasicBlock
	for _, u := range outcome.Uses(cond) {
		if iff, ok := u.(*ssa.If); ok {
			if want {
				out = append(out, iff.Block().Succs[0])
			} else {
				out = append(out, iff.Block().Succs[1])
			}
		}
	}
	return out
}

// deferredSignal reports whether fn defers a call that could pass a loss
// on when it returns: a close, a cancel func, anything but logging and
// the clock. A close of a channel that only a stopper waits on (funcs'
// receives of it all follow a cancel: stop, then join) tells the stopper
// that the heartbeat ended, not the work that the lease is gone, as a
// WaitGroup's Done would.
func deferredSignal(fn *ssa.Function, funcs []*ssa.Function) bool {
	for ci := range calls.In(fn) {
		if d, ok := ci.(*ssa.Defer); ok && d.Parent() == fn && mayStop(d) && !joinClose(d, funcs) {
			return true
		}
	}
	return false
}

// joinClose reports whether d closes a channel kept in a struct field
// that funcs receive from only after cancelling a context (the stopper's
// cancel(); <-m.done).
func joinClose(d *ssa.Defer, funcs []*ssa.Function) bool {
	bi, ok := d.Call.Value.(*ssa.Builtin)
	if !ok || bi.Name() != "close" || len(d.Call.Args) != 1 {
		return false
	}
	field := fieldOf(d.Call.Args[0])
	if field == nil {
		return false
	}
	joins := 0
	for _, fn := range funcs {
		for instr, r := range receives(fn) {
			switch {
			case fieldOf(r.ch) != field:
			case r.cases > 0:
				return false // selected on beside other events: maybe the work's
			case !cancelledBefore(fn, instr):
				return false
			default:
				joins++
			}
		}
	}
	return joins > 0
}

// fieldOf returns the struct field a value is loaded from (m.done), or nil.
func fieldOf(v ssa.Value) *types.Var {
	load, ok := calls.Unwrap(v).(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	if !ok {
		return nil
	}
	return calls.FieldVar(fa.X.Type(), fa.Field)
}

// cancelledBefore reports whether fn calls a context's cancel func before
// at.
func cancelledBefore(fn *ssa.Function, at ssa.Instruction) bool {
	for ci := range calls.In(fn) {
		if c, ok := ci.(*ssa.Call); ok && c.Call.StaticCallee() == nil && !c.Call.IsInvoke() && isCancelFunc(c.Call.Value.Type()) && calls.Before(c, at) {
			return true
		}
	}
	return false
}

func (l *checker) reportSilent(renew *ssa.Call, fail *ssa.BasicBlock, end ssa.Instruction, c claim) {
	name := l.callName(renew, calls.Callee(&renew.Call))
	pos, endPos := l.span(renew)
	at := end.Pos()
	if !at.IsValid() {
		at = renew.Pos()
	}
	how := "goes round to the next renewal"
	if _, ok := end.(*ssa.Return); ok {
		how = "ends the heartbeat"
	}
	l.report(unit.Finding{Code: checks.IgnoredLeaseLoss, Pos: pos, End: endPos, Key: renew.Pos(),
		Related: []analysis.RelatedInformation{
			{Pos: c.pos, Message: "the lease is claimed here"},
			{Pos: failPos(fail, at), Message: "this failure path tells nobody"},
			{Pos: c.work, Message: "the work that keeps running after the lease is lost"},
		},
		Message: fmt.Sprintf("when %s fails, one path %s without telling the work (no context cancelled, no channel closed or sent on, no flag set): the lease claimed at %s (%s) can be lost while %s (at %s) as if it were held; on that failure, cancel the work's context, close a channel it selects on, or send it the error",
			name, how, l.where(c.pos), c.name, c.workWhat, l.where(c.work))})
}
