package lossreach

import (
	"fmt"
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"github.com/fencecheck/fencecheck/internal/checks"
	"golang.org/x/tools/go/ssa"
)

// A sealed refresher: a function that keeps a lock of the application
// alive from a goroutine it starts, for callers that took the lock
// elsewhere (StartRefresher(ctx, locker, key, ttl) called after Lock in
// another package), and that gives those callers no way to learn that the
// lock was lost. The goroutine is an isolated renewal (it can signal
// nothing: isolatedRenewal), and the function itself is sealed: it returns
// nothing or only stop funcs (func()), and is handed no function value and
// no channel through which the goroutine could tell anyone. Whatever its
// callers do, a failed extension reaches none of them. The renewal must be
// the extension of a lock: a method named as one (Extend, Renew,
// Heartbeat: vocab.NamesExtension) of a type that also takes and gives up
// the lock (its method set has an acquisition and a release). A claim in
// view is isolatedHeartbeats' shape instead.

// sealedRefreshers reports sealed refreshers.
func (l *checker) sealedRefreshers() {
	for _, fn := range l.u.Funcs {
		if fn.Parent() != nil || !sealed(fn.Signature) {
			continue
		}
		for ci := range calls.In(fn) {
			body := goroutineBody(ci)
			if body == nil || body.Pkg != l.u.Pkg || len(body.Blocks) == 0 {
				continue
			}
			renew := isolatedRenewal(body, 0)
			if renew == nil || l.judgedRenewal(renew) || !lockExtension(&renew.Call) {
				continue
			}
			if l.claimBefore(fn, ci).pos.IsValid() {
				continue // an isolated heartbeat with its claim in view
			}
			l.reportSealed(fn, renew)
		}
	}
}

// goroutineBody returns the function a call runs in a new goroutine: the
// callee of a go statement, or a function literal handed to a goroutine
// starter (a function whose name ends in the word "go": SafeGo, errgroup's
// Go) as its func() argument.
func goroutineBody(ci ssa.CallInstruction) *ssa.Function {
	if g, ok := ci.(*ssa.Go); ok {
		return g.Call.StaticCallee()
	}
	callee := calls.Callee(ci.Common())
	if callee == nil {
		return nil
	}
	words := vocab.Words(callee.Name())
	if len(words) == 0 || words[len(words)-1] != "go" {
		return nil
	}
	for _, a := range ci.Common().Args {
		mc, ok := a.(*ssa.MakeClosure)
		if !ok {
			continue
		}
		fn, ok := mc.Fn.(*ssa.Function)
		if ok && fn.Signature.Params().Len() == 0 && fn.Signature.Results().Len() == 0 {
			return fn
		}
	}
	return nil
}

// sealed reports whether a function's signature gives its goroutine no
// way to tell its callers anything: it takes no function value and no
// channel, and returns nothing but stop funcs (func()).
func sealed(sig *types.Signature) bool {
	for i := 0; i < sig.Params().Len(); i++ {
		switch sig.Params().At(i).Type().Underlying().(type) {
		case *types.Signature, *types.Chan:
			return false
		}
	}
	for i := 0; i < sig.Results().Len(); i++ {
		s, ok := sig.Results().At(i).Type().Underlying().(*types.Signature)
		if !ok || s.Params().Len() > 0 || s.Results().Len() > 0 {
			return false
		}
	}
	return true
}

// lockExtension reports whether a call extends a lock: a method named as
// an extension of a type whose methods also take and give up a lock.
func lockExtension(c *ssa.CallCommon) bool {
	callee := calls.Callee(c)
	if callee == nil || !vocab.NamesExtension(callee.Name()) {
		return false
	}
	return calls.LockMethod(callee)
}

func (l *checker) reportSealed(fn *ssa.Function, renew *ssa.Call) {
	callee := calls.Callee(&renew.Call)
	name := l.callName(renew, callee)
	uses := renewalUse(renew, false)
	pos, end := l.span(renew)
	l.report(unit.Finding{Code: checks.IgnoredLeaseLoss, Pos: pos, End: end, Key: renew.Pos(),
		Message: fmt.Sprintf("this refresher goroutine extends a lock with %s, but its outcome %s, and neither the goroutine nor %s can pass a loss on: %s takes no cancel func or channel and returns at most a stop func, so the callers that took the lock and work under it never learn that the extension failed (the lock expired, or another holder has it) and go on as if they held it; take the work's cancel func (or return a channel that closes, or an error the caller waits for) and call it when the extension fails",
			name, uses, fn.Name(), fn.Name())})
}
