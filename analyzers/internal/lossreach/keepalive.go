package lossreach

import (
	"fmt"
	"go/token"
	"go/types"
	"iter"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/outcome"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/internal/checks"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// isolatedDrain is the isolated heartbeat of a lease kept alive by its
// library (model.KB.KeepAliveChannels: etcd's Lease.KeepAlive): the
// goroutine started at g only drains the keepalive channel, whose closing
// (a nil response) is the news that the lease can no longer be kept
// alive, and can tell nobody: it is quiet (see onlyQuiet), and nothing
// else reads the channel. It returns the receive and the KeepAlive call,
// or nils.
func isolatedDrain(body *ssa.Function, g *ssa.Go) (ssa.Instruction, *ssa.Call) {
	if !onlyQuiet(body, func(*types.Func) bool { return false }) {
		return nil, nil
	}
	for instr, r := range receives(body) {
		if r.cases > 1 {
			continue // a select among other events
		}
		if keep := keepAliveOf(r.ch, g); keep != nil && drainedOnlyBy(calls.Result(keep, 0), body) {
			return instr, keep
		}
	}
	return nil, nil
}

// receive is one receive from a channel: a <-ch (cases 0), or a receive
// case of a select with cases cases.
type receive struct {
	ch    ssa.Value
	cases int
}

// receives yields the receives of fn, with the instruction that makes
// each.
func receives(fn *ssa.Function) iter.Seq2[ssa.Instruction, receive] {
	return func(yield func(ssa.Instruction, receive) bool) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch x := instr.(type) {
				case *ssa.UnOp:
					if x.Op == token.ARROW && !yield(instr, receive{ch: x.X}) {
						return
					}
				case *ssa.Select:
					for _, st := range x.States {
						if st.Dir == types.RecvOnly && !yield(instr, receive{ch: st.Chan, cases: len(x.States)}) {
							return
						}
					}
				}
			}
		}
	}
}

// keepAliveOf returns the KeepAliveChannels call a channel received from
// in a goroutine comes from: through the goroutine's captured variables or
// the arguments of the go statement.
func keepAliveOf(ch ssa.Value, g *ssa.Go) *ssa.Call {
	v := ch
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		v = u.X
	}
	switch x := v.(type) {
	case *ssa.FreeVar:
		v = calls.Binding(x)
	case *ssa.Parameter:
		if i := paramIndex(x); i >= 0 && i < len(g.Call.Args) {
			v = g.Call.Args[i]
		}
	}
	if a, ok := v.(*ssa.Alloc); ok {
		if v = calls.StoredOnce(a, nil); v == nil {
			return nil // assigned twice: not followed
		}
	}
	e, ok := calls.Unwrap(v).(*ssa.Extract)
	if !ok || e.Index != 0 {
		return nil
	}
	call, ok := e.Tuple.(*ssa.Call)
	if !ok || !model.MatchesAny(model.KB.KeepAliveChannels, calls.Callee(&call.Call)) {
		return nil
	}
	return call
}

func paramIndex(p *ssa.Parameter) int {
	for i, q := range p.Parent().Params {
		if q == p {
			return i
		}
	}
	return -1
}

// drainedOnlyBy reports whether a keepalive channel is read nowhere but
// in body: stored in a variable loaded only there, or bound into it.
func drainedOnlyBy(ch ssa.Value, body *ssa.Function) bool {
	if ch == nil {
		return false
	}
	for _, r := range *ch.Referrers() {
		switch x := r.(type) {
		case *ssa.DebugRef:
		case *ssa.BinOp:
			if !(x.Op == token.EQL || x.Op == token.NEQ) || !(isNil(x.X) || isNil(x.Y)) {
				return false
			}
		case *ssa.Store:
			a, ok := x.Addr.(*ssa.Alloc)
			if !ok || x.Val != ch {
				return false
			}
			for _, r2 := range *a.Referrers() {
				switch y := r2.(type) {
				case *ssa.Store, *ssa.DebugRef:
				case *ssa.MakeClosure:
					if y.Fn != body {
						return false
					}
				default:
					return false
				}
			}
		case *ssa.MakeClosure:
			if x.Fn != body {
				return false
			}
		case *ssa.Go:
			if x.Call.Value != body {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// reportDrained reports an isolated keepalive drain.
func (l *checker) reportDrained(recv ssa.Instruction, keep *ssa.Call, c claim) {
	name := l.callName(keep, calls.Callee(&keep.Call))
	related := []analysis.RelatedInformation{
		{Pos: keep.Pos(), Message: "the lease is kept alive here"},
		{Pos: c.pos, Message: "the lease is claimed here"},
		{Pos: c.work, Message: "the work that keeps running after the lease is lost"},
	}
	l.report(unit.Finding{Code: checks.IgnoredLeaseLoss, Pos: recv.Pos(), Key: recv.Pos(), Related: related,
		Message: fmt.Sprintf("this goroutine drains the keepalive channel of %s (at %s) for the lease claimed at %s (%s), and the channel closing is the news that the lease can no longer be kept alive (expired, revoked, or the connection lost past its TTL); but the goroutine just stops and tells nobody (it cancels no context, closes or sends on no channel, sets no field or flag), so %s (at %s) as if the lease were still held; when the channel closes, cancel the work's context, close a channel the work selects on, or clear the holder's state",
			name, l.where(keep.Pos()), l.where(c.pos), c.name, c.workWhat, l.where(c.work))})
}

// discardedKeepAlives reports the keepalive channel of a lease that keeps
// a key alive, thrown away where it is made: KeepAlive run in a go
// statement, or its channel never used. The channel's closing is the
// library's only news that the lease can no longer be kept alive
// (expired, revoked, the connection lost for longer than its TTL); whoever
// holds the key (a leader or lock key put under the lease in the same
// function) goes on believing so until something else tells it.
func (l *checker) discardedKeepAlives() {
	for _, fn := range l.u.Funcs {
		for ci := range calls.In(fn) {
			c := ci.Common()
			callee := calls.Callee(c)
			if callee == nil || !model.MatchesAny(model.KB.KeepAliveChannels, callee) {
				continue
			}
			var how string
			switch x := ci.(type) {
			case *ssa.Go:
				how = "the go statement throws the channel away"
			case *ssa.Call:
				if ch := calls.Result(x, 0); ch == nil || !outcome.Used(ch) {
					how = "the channel it returns is discarded"
				}
			}
			if how == "" {
				continue
			}
			put := leasedPut(fn, calls.Arg(c, 1))
			if put == nil {
				continue
			}
			pos, end := l.span(ci)
			l.report(unit.Finding{Code: checks.IgnoredLeaseLoss, Pos: pos, End: end, Key: ci.Pos(),
				Related: []analysis.RelatedInformation{{Pos: put.Pos(), Message: "the key is put under the lease here"}},
				Message: fmt.Sprintf("%s keeps the lease of the key put at %s alive, but %s: it closes when the lease can no longer be kept alive (expired, revoked, the connection lost past its TTL), the only news that the key is gone and another process may hold it; this process goes on as the holder. Receive from it (for range ch) and stop the work when it closes",
					l.callName(ci, callee), l.where(put.Pos()), how)})
		}
	}
}

// leasedPut returns the call in fn that binds a write to the lease id
// (a claim's lease option: etcd's WithLease(id)), or nil.
func leasedPut(fn *ssa.Function, id ssa.Value) ssa.CallInstruction {
	if id == nil {
		return nil
	}
	for _, lk := range model.KB.Locks {
		if lk.Claim == nil {
			continue
		}
		for ci := range calls.In(fn) {
			if model.MatchesAny(lk.Claim.LeaseOptions, calls.Callee(ci.Common())) && calls.SameValue(calls.Arg(ci.Common(), 0), id) {
				return ci
			}
		}
	}
	return nil
}
