package lifecycle

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/outcome"
	"github.com/fencecheck/fencecheck/analyzers/internal/ownercheck"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/internal/checks"
	"golang.org/x/tools/go/ssa"
)

// FC5002 for a lock key renewed by a compare-and-expire script: a Lua
// script that moves the key's expiry forward only while the key still
// holds this holder's token (ownercheck.CompareAndExpire) answers 0 when
// the key no longer does (the lock expired, and another holder may have
// taken it) and 1 when it renewed. That answer is the loss signal, as a
// SQL renewal's rows affected are. The script is recognised by its text,
// whatever runs it: a Script's Run or Eval, a client's Eval (the knowledge
// base's ScriptRuns), or a method of the application's own client
// interface given the script as a constant argument.
//
// The answer is dropped when nothing reads it (the call's reply is
// discarded, or only its Err() is read: Err is nil when the script
// answered 0). A function that returns it as a bool (ret == int64(1)) is a
// renewal of the lock (RenewalFact with Owned): its callers are judged
// where they call it (renewalCall), in this package and others.

// scriptRenewal judges a call that runs a compare-and-expire script, and
// reports whether the call is one.
func (r *renewals) scriptRenewal(fn *ssa.Function, ci ssa.CallInstruction, callee *types.Func) bool {
	src, ok := r.l.runScriptText(ci, callee)
	if !ok {
		return false
	}
	if _, ok := ownercheck.CompareAndExpire(src); !ok {
		return false
	}
	where := r.l.where(ci.Pos())
	what := "a compare-and-expire script on the lock key"
	call, isCall := ci.(*ssa.Call)
	if !isCall {
		r.scriptDropped(ci, fmt.Sprintf("this lock renewal (%s) runs in a %s statement, which throws its answer away", what, goOrDefer(ci)))
		return true
	}
	reply, errs, handed, nilTested := scriptReply(call)
	if handed {
		return true // the reply is returned, stored or passed on: judged where it is read
	}
	for _, v := range reply {
		if !calls.IsBool(v.Type()) {
			continue
		}
		if i := outcome.Returned(fn, v); i >= 0 {
			errIdx := -1
			if slices.ContainsFunc(errs, func(e ssa.Value) bool { return outcome.ReturnsErr(fn, e) }) {
				errIdx = outcome.ErrIndex(fn)
			}
			r.summarise(fn, &RenewalFact{Signal: renewalBool, Result: i, KeyParam: -1, Owned: true, ErrResult: errIdx, What: what, Where: where})
			return true
		}
	}
	if slices.ContainsFunc(reply, decides) {
		return true // the answer is read here
	}
	if nilTested {
		r.scriptDropped(ci, fmt.Sprintf("the answer of this lock renewal (%s) is only compared with nil, which it is not when the script answered 0", what))
		return true
	}
	r.scriptDropped(ci, fmt.Sprintf("the answer of this lock renewal (%s) is never read (at most its Err(), which is nil when the script answered 0)", what))
	return true
}

// runScriptText returns the Lua text a call runs: a script run of the
// knowledge base (the text as an argument, or the source of the Script
// value it is called on), or a method of an interface of the application
// given a constant script as an argument (a client interface's Eval).
func (l *checker) runScriptText(ci ssa.CallInstruction, callee *types.Func) (string, bool) {
	c := ci.Common()
	if model.KB.ScriptRunOf(callee) != nil {
		return l.u.Scripts().Text(ci)
	}
	if !c.IsInvoke() || !calls.UserInterface(c) {
		return "", false
	}
	for _, a := range c.Args {
		if s, ok := calls.ConstString(a); ok {
			if _, ok := ownercheck.CompareAndExpire(s); ok {
				return s, true
			}
		}
	}
	return "", false
}

// scriptReply follows the reply of a script call through its reader
// methods (Result, Int64, Bool, Val...), extractions, type assertions,
// conversions and comparisons: the values computed from the answer, and
// the errors (Result's second value, Err()). handed is true when the reply
// leaves the function (returned, stored, passed to another call).
func scriptReply(call *ssa.Call) (reply, errs []ssa.Value, handed, nilTested bool) {
	seen := map[ssa.Value]bool{}
	work := []ssa.Value{call}
	for len(work) > 0 && len(seen) < maxScriptReply {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[v] {
			continue
		}
		seen[v] = true
		if isError(v.Type()) {
			errs = append(errs, v)
			continue
		}
		reply = append(reply, v)
		for _, u := range outcome.Uses(v) {
			if b, ok := u.(*ssa.BinOp); ok && nilTest(b) {
				// result == nil: the script answers 0, not nil, when the
				// key is no longer this holder's; a nil test reads nothing.
				nilTested = true
				continue
			}
			switch x := u.(type) {
			case *ssa.Extract, *ssa.TypeAssert, *ssa.BinOp, *ssa.UnOp, *ssa.Convert, *ssa.ChangeType, *ssa.Phi, *ssa.MakeInterface:
				work = append(work, x.(ssa.Value))
			case *ssa.Call:
				m := calls.Callee(&x.Call)
				if calls.Receiver(&x.Call) == v {
					if m != nil && m.Name() == "Err" {
						errs = append(errs, x)
					} else {
						work = append(work, x) // Result(), Int64(), Val()
					}
					continue
				}
				if m != nil && outcome.LogCallee(m) {
					continue
				}
				handed = true
			case *ssa.Return:
				if !calls.IsBool(v.Type()) {
					handed = true // the reply itself, or a number: the caller reads it
				}
			case *ssa.Store, *ssa.MapUpdate, *ssa.Send:
				handed = true
			case *ssa.FieldAddr, *ssa.Field:
				// a promoted method of the embedded base command
			}
		}
	}
	return reply, errs, handed, nilTested
}

// maxScriptReply bounds the values followed from a script's reply.
const maxScriptReply = 64

// decides reports whether a value computed from a script's answer decides
// anything: a branch on it, or a bool or number returned.
func decides(v ssa.Value) bool {
	for _, u := range outcome.Uses(v) {
		switch u.(type) {
		case *ssa.If, *ssa.Return:
			return true
		}
	}
	return false
}

// nilTest reports whether b compares a value with nil (== nil, != nil).
func nilTest(b *ssa.BinOp) bool {
	if b.Op != token.EQL && b.Op != token.NEQ {
		return false
	}
	for _, x := range []ssa.Value{b.X, b.Y} {
		if k, ok := x.(*ssa.Const); ok && k.IsNil() {
			return true
		}
	}
	return false
}

// scriptDropped reports a compare-and-expire renewal whose answer is
// thrown away where it runs.
func (r *renewals) scriptDropped(ci ssa.CallInstruction, how string) {
	pos, end := r.l.span(ci)
	r.l.report(unit.Finding{Code: checks.IgnoredLeaseLoss, Pos: pos, End: end, Key: ci.Pos(),
		Message: how + ": the script answers 0 when the key no longer holds this holder's token (the lock expired, and another process may hold it now), so this process goes on as the holder; read the answer and stop the work (cancel its context, return an error) when it is not 1"})
}
