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
			renew, fail, end := silentRenewal(body, fn)
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
// something. fn is the function that starts body.
func silentRenewal(body, fn *ssa.Function) (*ssa.Call, *ssa.BasicBlock, ssa.Instruction) {
	for ci := range calls.In(body) {
		call, ok := ci.(*ssa.Call)
		if !ok || !inLoop(call) {
			continue
		}
		callee := calls.Callee(&call.Call)
		if callee == nil || harmless(callee, &call.Call) || model.MatchesAny(model.KB.SessionRenewals, callee) {
			continue // a lock session's renewal: its locks' lost channels carry the loss
		}
		if !model.MatchesAny(model.KB.LockExtensions, callee) && !model.MatchesAny(model.KB.KeyExpires, callee) &&
			!upkeepNamed(callee.Name(), calls.Outermost(body).Name(), calls.Outermost(fn).Name()) {
			continue
		}
		for _, fail := range failureBranches(call) {
			end := skipsCancel(fail, call.Block())
			if end == nil {
				continue
			}
			if _, ret := end.(*ssa.Return); ret && deferredSignal(body) {
				continue
			}
			return call, fail, end
		}
	}
	return nil, nil, nil
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
// the clock.
func deferredSignal(fn *ssa.Function) bool {
	for ci := range calls.In(fn) {
		if d, ok := ci.(*ssa.Defer); ok && d.Parent() == fn && mayStop(d) {
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
