package lossreach

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/outcome"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"github.com/fencecheck/fencecheck/internal/checks"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// FC5002 as dataflow: the loss of a lease must reach the work the lease
// protects (cancel its context, stop its loop, close a channel it selects
// on, clear the flag it reads). The signal here is a failed renewal of a
// lease of any library, or of none: a call named as a renewal
// (vocab.RenewalBeatWords: heartbeat, keepalive, renew), or any call made
// by a renewal loop named so. Two shapes are reported, both only where the
// signal provably reaches nothing and work is gated by the lease:
//
//   - an isolated heartbeat: a goroutine, started after a claim that
//     succeeded (vocab.AcquireVerb, its outcome checked), that renews in a
//     loop and can tell nobody anything: it sends on no channel, closes
//     none, calls no function value (a cancel func), sets no field or
//     captured variable and calls nothing but the renewal, logging and
//     the time package. Whatever it does with the error, the work started
//     after the claim (or the claim handed to the caller) keeps running;
//   - a sticky holder flag: a field named as a held lease (vocab.LeaseHeld:
//     isLeader, leaderFlag) guards a renewal in a method of its struct, is
//     read by another function (the work's gate), and some path from the
//     renewal's failure leaves the method (or goes round to the renewal
//     again) without clearing it, cancelling, closing, sending, exiting or
//     returning an error; or (B') such a flag that nothing clears at all,
//     set when a claim re-tried in a loop succeeds (lossflag.go).
//
// Not reported: a lock session's renewal (its locks' lost channels carry
// the loss); a goroutine that does anything
// beyond renewing and logging; a failure path that passes a comparison
// that orders values or reads the clock (a grace period before giving up)
// or a call of a function that may clear the flag.

// Check reports FC5002's isolated heartbeats and sticky holder flags in
// the unit's package. judged reports whether another FC5002 rule judges a
// call's outcome already (the caller's renewal summaries).
func Check(u *unit.Unit, judged, summarised func(ssa.CallInstruction) bool) {
	l := &checker{u: u, judgedRenewal: judged, summarisedRenewal: summarised}
	l.isolatedHeartbeats()
	l.silentHeartbeats()
	l.silentLoops()
	l.sealedRefreshers()
	l.stickyFlags()
	l.sessionLosses()
	l.escapedSessionLocks()
	l.discardedKeepAlives()
	l.skippedCancels()
}

// isolatedHeartbeats reports shape (A).
func (l *checker) isolatedHeartbeats() {
	for _, fn := range l.u.Funcs {
		for ci := range calls.In(fn) {
			g, ok := ci.(*ssa.Go)
			if !ok {
				continue
			}
			body := g.Call.StaticCallee()
			if body == nil || body.Pkg != l.u.Pkg || len(body.Blocks) == 0 {
				continue
			}
			renew := isolatedRenewal(body, 0)
			if renew == nil {
				if recv, keep := isolatedDrain(body, g); recv != nil {
					if c := l.claimBefore(fn, g); c.pos.IsValid() {
						l.reportDrained(recv, keep, c)
					}
				}
				continue
			}
			callee := calls.Callee(&renew.Call)
			if callee == nil || model.MatchesAny(model.KB.SessionRenewals, callee) {
				continue // a lock session's renewal: its locks' lost channels carry the loss
			}
			if !model.MatchesAny(model.KB.LockExtensions, callee) && !model.MatchesAny(model.KB.KeyExpires, callee) &&
				!upkeepNamed(callee.Name(), calls.Outermost(body).Name(), calls.Outermost(fn).Name()) {
				continue
			}
			c := l.claimBefore(fn, g)
			if !c.pos.IsValid() {
				continue
			}
			l.reportIsolated(renew, c)
		}
	}
}

// isolatedRenewal returns the one renewal call of a goroutine body that
// can signal nothing to anybody, made in a loop; nil when the body does
// anything else (see isolatedHeartbeats).
func isolatedRenewal(body *ssa.Function, depth int) *ssa.Call {
	if depth > maxWorkNesting {
		return nil
	}
	var renew *ssa.Call
	var renewFn *types.Func
	commands := map[ssa.Value]bool{} // the reads and the renewal: calls of their replies' methods (Result, Err) are theirs
	for _, b := range body.Blocks {
		for _, instr := range b.Instrs {
			if sig, decided := signalsOut(instr, body); decided {
				if sig {
					return nil // a send, a close, a flag set, an exit: the failure may reach the work
				}
				continue
			}
			switch x := instr.(type) {
			case *ssa.Go:
				return nil
			case *ssa.MakeClosure:
				fn, _ := x.Fn.(*ssa.Function)
				if fn == nil {
					return nil
				}
				if inner := isolatedRenewal(fn, depth+1); inner != nil {
					return nil // keep to one body: a nested renewal is not followed
				}
				if !quiet(fn) {
					return nil
				}
			case ssa.CallInstruction:
				c := x.Common()
				callee := calls.Callee(c)
				if callee == nil {
					if ownCancel(c.Value, body) {
						continue // the cancel of a context made here for the renewal itself
					}
					return nil // a function value: a cancel func, a callback
				}
				if harmless(callee, c) {
					continue
				}
				if commands[replyOf(calls.Receiver(c))] {
					continue // a reply's accessor: Result(), Err()
				}
				if calls.RedisRead(c) != nil {
					if v := x.Value(); v != nil {
						commands[v] = true
					}
					continue // reading the lock's value (its owner, before renewing) tells nobody anything
				}
				call, ok := x.(*ssa.Call)
				if !ok || (renewFn != nil && renewFn != callee) || !reportsFailure(c.Signature()) && !model.MatchesAny(model.KB.KeyExpires, callee) || handsOnSignal(c) {
					return nil
				}
				renew, renewFn = call, callee
				commands[call] = true
			}
		}
	}
	if renew == nil || !inLoop(renew) {
		return nil
	}
	return renew
}

// replyOf returns the command whose reply a receiver is: the reply
// itself, or the base command embedded in it (go-redis's Err, promoted).
func replyOf(recv ssa.Value) ssa.Value {
	switch x := recv.(type) {
	case *ssa.FieldAddr:
		return x.X
	case *ssa.Field:
		return x.X
	}
	return recv
}

// quiet reports whether a nested function literal of a heartbeat only
// logs: it calls nothing else and writes nothing outside itself.
func quiet(fn *ssa.Function) bool {
	return onlyQuiet(fn, func(*types.Func) bool { return false })
}

// onlyQuiet reports whether fn can pass nothing to anybody: it sends,
// closes, starts, panics, exits, calls a function value and stores outside
// its own variables nowhere, and calls nothing but harmless functions
// (logging, time) and those also allows.
func onlyQuiet(fn *ssa.Function, also func(*types.Func) bool) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if sig, decided := signalsOut(instr, fn); decided {
				if sig {
					return false
				}
				continue
			}
			switch x := instr.(type) {
			case *ssa.Go, *ssa.MakeClosure:
				return false
			case ssa.CallInstruction:
				c := x.Common()
				callee := calls.Callee(c)
				if callee == nil || !harmless(callee, c) && !also(callee) {
					return false
				}
			}
		}
	}
	return true
}

// signalsOut classifies the instructions of fn that can, or plainly
// cannot, tell anything outside fn: a panic the code wrote, a send, a map
// update, a store outside fn's locals, close(), and a call that ends the
// process signal; the unreachable panic at the end of a select without
// default, a store to a local and the other builtins do not. decided is
// false for what the callers judge each in their own way (other calls,
// go statements, closures, returns).
func signalsOut(instr ssa.Instruction, fn *ssa.Function) (signals, decided bool) {
	switch x := instr.(type) {
	case *ssa.Panic:
		return x.Pos().IsValid(), true
	case *ssa.Send, *ssa.MapUpdate:
		return true, true
	case *ssa.Store:
		return !localAddr(x.Addr, fn), true // a field, a global, a captured variable: maybe a flag
	case ssa.CallInstruction:
		c := x.Common()
		if bi, ok := c.Value.(*ssa.Builtin); ok {
			return bi.Name() == "close", true
		}
		if callee := calls.Callee(c); callee != nil && model.MatchesAny(model.KB.ProcessExits, callee) {
			return true, true // the process ends: the work with it
		}
	}
	return false, false
}

// localAddr reports whether a store's address is a local variable of fn
// (or an element of one: the arguments of a variadic call).
func localAddr(addr ssa.Value, fn *ssa.Function) bool {
	switch a := addr.(type) {
	case *ssa.Alloc:
		return a.Parent() == fn
	case *ssa.IndexAddr:
		alloc, ok := a.X.(*ssa.Alloc)
		return ok && alloc.Parent() == fn
	}
	return false
}

// harmless reports calls that cannot carry a loss to the work: logging and
// formatting, the time package (tickers, timers, sleeping), string and
// path conversions, err.Error(), and reading a context (Done, Err).
func harmless(callee *types.Func, c *ssa.CallCommon) bool {
	if outcome.LogCallee(callee) || outcome.Bookkeeping(callee) || model.MatchesAny(model.KB.ErrorFormatters, callee) || outcome.GetsLogger(c.Signature()) {
		return true
	}
	if callee.Name() == "Error" && c.IsInvoke() && callee.Pkg() == nil {
		return true
	}
	if callee.Pkg() == nil {
		return false
	}
	switch callee.Pkg().Path() {
	case "time", "strings", "strconv", "path", "path/filepath":
		return true
	case "sync":
		// the renewer's end counted for the release that waits for it
		return model.RecvName(callee) == "WaitGroup" && (callee.Name() == "Done" || callee.Name() == "Add")
	case "context":
		switch callee.Name() {
		case "Done", "Err", "Deadline", "Value", "Cause",
			// a context made for the call that renews: it tells nobody
			// anything (its cancel func, when called, is ownCancel's)
			"Background", "TODO", "WithoutCancel", "WithTimeout", "WithDeadline", "WithCancel":
			return true
		}
	}
	return false
}

// ownCancel reports whether a called function value is the cancel func
// of a context that fn itself derived (context.WithTimeout in the
// heartbeat, for one renewal): calling it ends only that context.
func ownCancel(v ssa.Value, fn *ssa.Function) bool {
	e, ok := v.(*ssa.Extract)
	if !ok {
		return false
	}
	call, ok := e.Tuple.(*ssa.Call)
	if !ok || call.Parent() != fn {
		return false
	}
	callee := calls.Callee(&call.Call)
	if callee == nil || callee.Pkg() == nil || callee.Pkg().Path() != "context" {
		return false
	}
	switch callee.Name() {
	case "WithTimeout", "WithDeadline", "WithCancel":
		return true
	}
	return false
}

// reportsFailure reports whether a call's results can say that it failed:
// an error or a bool.
func reportsFailure(sig *types.Signature) bool {
	for i := 0; i < sig.Results().Len(); i++ {
		if t := sig.Results().At(i).Type(); isError(t) || calls.IsBool(t) {
			return true
		}
	}
	return false
}

// handsOnSignal reports whether a call is given something through which
// it could stop the work itself: a function value (a cancel func) or a
// channel.
func handsOnSignal(c *ssa.CallCommon) bool {
	for _, a := range calls.Args(c) { // a receiver of function type (go-redis's cmdable) is no callback
		switch a.Type().Underlying().(type) {
		case *types.Signature, *types.Chan:
			return true
		}
	}
	return false
}

// inLoop reports whether a call runs in a loop of its function.
func inLoop(ci ssa.CallInstruction) bool {
	b := ci.Block()
	return slices.ContainsFunc(b.Parent().Blocks, func(h *ssa.BasicBlock) bool { return outcome.LoopHeaderOf(h, b) })
}

// beatNamed reports whether one of the names says it renews a lease.
func beatNamed(names ...string) bool { return slices.ContainsFunc(names, vocab.NamesRenewal) }

// upkeepNamed reports whether one of the names says it keeps a lease
// alive (vocab.NamesLeaseUpkeep: renewLease, keepLockFresh,
// updateLockExpiration).
func upkeepNamed(names ...string) bool { return slices.ContainsFunc(names, vocab.NamesLeaseUpkeep) }

// claim is the successful claim a heartbeat keeps alive and the work it
// gates.
type claim struct {
	pos      token.Pos // the claim
	name     string    // what claimed: the acquisition called, or the function that is one
	work     token.Pos // where the work gated by it goes on
	workWhat string
}

// claimBefore finds the successful claim a heartbeat started at g keeps
// alive: a call named as an acquisition whose outcome is read, dominating
// g in fn, or dominating a call of fn in one of its callers; or fn itself,
// named as an acquisition, when g leads to fn reporting success (the
// caller's critical section is the work). The zero claim when none is
// found.
func (l *checker) claimBefore(fn *ssa.Function, g ssa.Instruction) claim {
	if acq, name := l.claimDominating(fn, g); acq.IsValid() {
		if pos, what := workAfter(fn, g); pos.IsValid() {
			return claim{acq, name, pos, what}
		}
		return claim{}
	}
	if fn.Parent() != nil {
		return claim{}
	}
	if ret := successAfter(fn, g); ret != nil {
		name := fn.Name()
		return claim{fn.Pos(), name, ret.Pos(), name + " reports the lease taken to its callers, whose critical section goes on under it"}
	}
	for _, site := range l.callSites(fn) {
		caller := site.Parent()
		if acq, name := l.claimDominating(caller, site); acq.IsValid() {
			// The work goes on after the heartbeat starts, in fn (the
			// handler it runs for the job its caller claimed) or in the
			// caller after the call.
			if pos, what := workAfter(fn, g); pos.IsValid() {
				return claim{acq, name, pos, what}
			}
			if pos, what := workAfter(caller, site); pos.IsValid() {
				return claim{acq, name, pos, what}
			}
			// A lock's own acquisition (TryLock: SET NX, then start the
			// watchdog, then return true): its callers' critical
			// sections are the work.
			if caller.Parent() == nil {
				if ret := successAfter(caller, site); ret != nil {
					return claim{acq, name, ret.Pos(), caller.Name() + " reports the lease taken to its callers, whose critical section goes on under it"}
				}
			}
		}
	}
	return claim{}
}

// successAfter returns a return of fn, reached from at, that reports a
// successful claim: fn is named as an acquisition (claimName), and the
// return gives a nil error or a true bool.
func successAfter(fn *ssa.Function, at ssa.Instruction) *ssa.Return {
	sig := fn.Signature
	if !claimName(fn.Name()) || !reportsFailure(sig) {
		return nil
	}
	for _, b := range fn.Blocks {
		if b != at.Block() && !outcome.ForwardReaches(at.Block(), b) {
			continue
		}
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || !ret.Pos().IsValid() {
			continue
		}
		success := true
		for i, r := range ret.Results {
			t := sig.Results().At(i).Type()
			c, isConst := resultValue(r, ret).(*ssa.Const)
			switch {
			case isError(t):
				success = success && isConst && c.IsNil()
			case calls.IsBool(t):
				success = success && isConst && c.Value != nil && constant.BoolVal(c.Value)
			}
		}
		if success {
			return ret
		}
	}
	return nil
}

// claimDominating returns the position and name of a claim in fn that
// runs before at on every path: a call named as an acquisition (not of
// package sync) whose error or bool is read, or an acquisition of a known
// lock (SET NX, a library's lock) whose critical section holds at.
func (l *checker) claimDominating(fn *ssa.Function, at ssa.Instruction) (token.Pos, string) {
	if acq := namedClaim(fn, at); acq != nil {
		return acq.Pos(), calls.Callee(&acq.Call).Name()
	}
	for _, s := range l.u.Sections {
		if s.Fn != fn || s.Call == nil || s.Summary || s.Check != nil || !calls.Before(s.Call, at) || !s.Contains(at) {
			continue
		}
		return s.Pos, s.Lock.Lib
	}
	return token.NoPos, ""
}

// namedClaim is claimDominating's call named as an acquisition.
func namedClaim(fn *ssa.Function, at ssa.Instruction) *ssa.Call {
	for ci := range calls.In(fn) {
		call, ok := ci.(*ssa.Call)
		if !ok || !calls.Before(call, at) {
			continue
		}
		callee := calls.Callee(&call.Call)
		if callee == nil || callee.Pkg() == nil || callee.Pkg().Path() == "sync" {
			continue
		}
		if !claimName(callee.Name()) || !reportsFailure(call.Call.Signature()) || !outcomeRead(call) {
			continue
		}
		return call
	}
	return nil
}

// outcomeRead reports whether the error or bool of a call is used.
func outcomeRead(call *ssa.Call) bool {
	res := call.Call.Signature().Results()
	if res.Len() == 1 {
		return outcome.Used(call)
	}
	for i := 0; i < res.Len(); i++ {
		if t := res.At(i).Type(); isError(t) || calls.IsBool(t) {
			if v := calls.Result(call, i); v != nil && outcome.Used(v) {
				return true
			}
		}
	}
	return false
}

// workAfter finds the work that goes on in fn once the heartbeat started
// at (a go statement, or a call of the function that starts it): a return
// that hands a value to the caller, or the first call that is not logging,
// on a path from it.
func workAfter(fn *ssa.Function, at ssa.Instruction) (token.Pos, string) {
	name := calls.Outermost(fn).Name()
	for _, b := range fn.Blocks {
		if !outcome.ForwardReaches(at.Block(), b) {
			continue
		}
		for i, instr := range b.Instrs {
			if b == at.Block() && i <= slices.Index(b.Instrs, at) {
				continue
			}
			switch x := instr.(type) {
			case *ssa.Return:
				for _, r := range x.Results {
					if c, ok := r.(*ssa.Const); ok && c.IsNil() || isError(r.Type()) {
						continue
					}
					if x.Pos().IsValid() {
						return x.Pos(), name + " hands what it claimed to its callers, whose work goes on under it"
					}
				}
			case ssa.CallInstruction:
				if _, ok := x.Common().Value.(*ssa.Builtin); ok {
					continue
				}
				callee := calls.Callee(x.Common())
				if callee != nil && harmless(callee, x.Common()) {
					continue
				}
				what := "a function value"
				switch {
				case callee != nil:
					what = callee.Name()
				case isGo(x):
					what = "a goroutine it starts"
				}
				return x.Pos(), fmt.Sprintf("%s goes on working under it (%s)", name, what)
			}
		}
	}
	return token.NoPos, ""
}

func isGo(ci ssa.CallInstruction) bool { _, ok := ci.(*ssa.Go); return ok }

// renewalUse says, for a finding's message, what a renewal's goroutine
// does with its outcome: how it drops the error, or that it handles the
// error only there. With result, a renewal without an error whose result
// is used is handled there too; reportSealed describes the error alone.
func renewalUse(renew *ssa.Call, result bool) string {
	if err := calls.ErrorResult(renew); err != nil {
		if how := outcome.ErrorDropped(err, renew); how != "" {
			return how
		}
		if outcome.Used(err) {
			return "is handled only inside the goroutine"
		}
	} else if result && outcome.Used(renew) {
		return "is handled only inside the goroutine"
	}
	return "is never looked at"
}

func (l *checker) reportIsolated(renew *ssa.Call, c claim) {
	callee := calls.Callee(&renew.Call)
	name := l.callName(renew, callee)
	uses := renewalUse(renew, true)
	pos, end := l.span(renew)
	related := []analysis.RelatedInformation{
		{Pos: c.pos, Message: "the lease is claimed here"},
		{Pos: c.work, Message: "the work that keeps running after the lease is lost"},
	}
	l.report(unit.Finding{Code: checks.IgnoredLeaseLoss, Pos: pos, End: end, Key: renew.Pos(), Related: related,
		Message: fmt.Sprintf("this heartbeat goroutine renews the lease claimed at %s (%s) with %s, but its outcome %s, and the goroutine has no way to pass a loss on (it cancels no context, closes or sends on no channel, sets no field or flag): when the lease is lost (expired, reaped, taken over) the renewal fails while %s (at %s) as if the lease were still held; on failure, cancel the work's context (pass its cancel func in), close a channel the work selects on, or send the error to the work",
			l.where(c.pos), c.name, name, uses, c.workWhat, l.where(c.work))})
}
