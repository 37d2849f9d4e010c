package fences

import (
	"go/constant"
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"golang.org/x/tools/go/ssa"
)

// Routing. In a replicated service a leader check often decides where a
// request runs, not whether the write is safe: when this node is not the
// leader the request is forwarded or redirected to the leader, or refused
// with a "not leader" error the client retries against the leader. There
// the check is routing, and what orders the leader's writes (consensus,
// the store) is elsewhere; FC2001 is about a check that was meant to
// protect the write, so a check whose not-held branch routes makes no
// checked section. The risk is a missed check-then-act in a service that
// routes and also relies on the check alone; a check whose other branch
// just returns (nil, or an error that does not say "not leader") is still
// judged.
//
// A check whose not-held branch refuses the caller for want of a right
// (ErrPermissionDenied, "forbidden") is authorisation: IsLeader(ctx,
// group, uid) asks whether a user leads a group, not whether this process
// holds a lease, and no lease is there to lose.

// routes reports whether the branch entered when the lease is not held
// (from, entered only from the check) forwards, redirects or proxies the
// request, or returns an error that says this node is not the leader or
// that the caller lacks the right.
func routes(from *ssa.BasicBlock) bool {
	for _, b := range from.Parent().Blocks {
		if !from.Dominates(b) {
			continue
		}
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case ssa.CallInstruction:
				if fn := calls.Callee(x.Common()); fn != nil && vocab.Routing.Match(fn.Name()) {
					return true
				}
			case *ssa.Return:
				for _, r := range x.Results {
					if isError(r.Type()) && saysNotLeader(r, 0) {
						return true
					}
				}
			}
		}
	}
	return false
}

// maxErrorSteps bounds the walk from a returned error to the name or text
// that words it: a wrapping call or two (fmt.Errorf("%w"), status.Error),
// a conversion, a package variable.
const maxErrorSteps = 6

// saysNotLeader reports whether an error value is named or worded "not
// leader" or "permission denied" (refusal): a package variable
// (ErrNotLeader), a constant message given to the call that made it
// (errors.New("not the leader")), or an error so made wrapped by another
// call.
func saysNotLeader(v ssa.Value, depth int) bool {
	if v == nil || depth > maxErrorSteps {
		return false
	}
	switch x := calls.Unwrap(v).(type) {
	case *ssa.UnOp:
		if g, ok := x.X.(*ssa.Global); ok {
			return refusal(g.Name())
		}
	case *ssa.Call:
		for _, a := range x.Call.Args {
			if c, ok := calls.Unwrap(a).(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.String && refusal(constant.StringVal(c.Value)) {
				return true
			}
			if elems, ok := calls.Variadic(a); ok {
				for _, el := range elems {
					if saysNotLeader(el, depth+1) {
						return true
					}
				}
			} else if saysNotLeader(a, depth+1) {
				return true
			}
		}
	case *ssa.Phi:
		for _, e := range x.Edges {
			if saysNotLeader(e, depth+1) {
				return true
			}
		}
	}
	return false
}

func notLeader(s string) bool {
	return vocab.Negation.Match(s) && (vocab.LeaseHeld.Match(s) || vocab.Primary.Match(s))
}

// refusal reports whether an error's name or text says this node is not
// the leader, or refuses the caller a right without naming a lease (an
// error that says the lease was denied is the check protecting the act).
func refusal(s string) bool {
	return notLeader(s) || vocab.Denial.Match(s) && !vocab.Lease.Match(s)
}

var errorType = types.Universe.Lookup("error").Type()

func isError(t types.Type) bool {
	return types.Implements(t, errorType.Underlying().(*types.Interface))
}

// otherSucc returns the successor of an If that is not held.
func otherSucc(iff *ssa.If, held *ssa.BasicBlock) *ssa.BasicBlock {
	for _, s := range iff.Block().Succs {
		if s != held {
			return s
		}
	}
	return nil
}
