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
	"github.com/fencecheck/fencecheck/analyzers/internal/section"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/internal/checks"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// FC5002 for locks held through a session (etcd concurrency's Election and
// Mutex over a Session): the session keeps its lease alive in the
// background and closes Done() when that fails, which is the only news
// that the election or lock is gone (model.KB.SessionEnds). Two shapes:
//
//   - a session nobody watches: the session is made in this package
//     (SessionMakers), handed to nothing but the library, the package
//     never calls Done() on any session, and the function that won the
//     election or took the lock goes on working after it;
//   - a loss that reaches nothing: the function reads Done(), but the
//     work it started after the claim is a goroutine running under a
//     context that no path from Done() cancels, and those paths tell
//     nobody else either (no send, close, field store, call of a function
//     value or of anything but logging, the library and the clock): the
//     function steps down while the goroutine goes on.
//
// Both stay silent when unsure: a session from another package (its maker
// may watch it), a goroutine given a channel or a function value, a path
// that returns an error or calls code that may cancel.

// sessionLosses reports both shapes for the unit's sections.
func (l *checker) sessionLosses() {
	watched := -1 // unknown until a lock over a session is found
	for _, sec := range l.u.Sections {
		acq, ok := sec.Call.(*ssa.Call)
		if !ok || sec.Lock == nil {
			continue
		}
		recv := calls.Receiver(&acq.Call)
		if recv == nil {
			continue
		}
		sessions, ok := l.sessionsOf(recv)
		if !ok {
			continue
		}
		if watched < 0 {
			watched = 0
			if l.sessionWatched() {
				watched = 1
			}
		}
		if watched == 0 {
			if work := l.workAfter(sec); work != nil && l.ownSessions(sessions) {
				l.reportUnwatched(sec, sessions[0], work)
			}
			continue
		}
		l.lossReachesNothing(sec)
		if l.ownSessions(sessions) {
			l.workOffWatch(sec, sessions[0])
		}
	}
}

// escapedSessionLocks reports a lock (etcd concurrency's Mutex, Election)
// made over a session that nobody can ever watch, and handed out of the
// function that made it: the session is made in this package and handed
// to nothing but the library (ownSessions), no function of the package
// reads any session's Done(), and the lock is returned (behind the
// application's own locker interface) or stored in a field or variable,
// for code elsewhere to lock, or kept in a map. Whoever takes it cannot
// learn that the session ended: the session is out of every caller's
// reach. A lock taken in the package through a section with work in it is
// judged there instead (sessionLosses); one taken with no work after it
// (a Locker's Lock, the caller's work to follow) is judged here.
func (l *checker) escapedSessionLocks() {
	if l.sessionWatched() {
		return
	}
	taken := map[ssa.Value]bool{}
	for _, sec := range l.u.Sections {
		if sec.Call == nil {
			continue // a callback's section (OnStartedLeading): no acquisition call
		}
		if l.workAfter(sec) == nil {
			continue // locked and handed on (a Locker's Lock keeping the mutex in a map): the work is the caller's
		}
		if recv := calls.Receiver(sec.Call.Common()); recv != nil {
			for _, o := range l.origins(recv) {
				taken[o] = true
			}
		}
	}
	for _, fn := range l.u.Funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				c, ok := instr.(*ssa.Call)
				if !ok || taken[c] || !model.MatchesAny(model.KB.SessionLocks, calls.Callee(&c.Call)) {
					continue
				}
				s := calls.Arg(&c.Call, 0)
				if s == nil || !l.ownSessions([]ssa.Value{s}) {
					continue
				}
				if how := handedOut(c, 0); how != "" {
					l.reportEscaped(c, s, how)
				}
			}
		}
	}
}

// handedOut says how a lock leaves the function that made it ("is
// returned", "is stored"), or "" when it does not: returned, or stored
// into a field, a global or a captured variable, as it is or converted to
// an interface.
func handedOut(v ssa.Value, depth int) string {
	if depth > 2 {
		return ""
	}
	for _, u := range outcome.Uses(v) {
		switch x := u.(type) {
		case *ssa.Return:
			return "is returned to the caller"
		case *ssa.Store:
			if x.Val == v && !localAddr(x.Addr, v.Parent()) {
				return "is stored for other code to lock"
			}
		case *ssa.MapUpdate:
			if x.Value == v {
				return "is kept in a map for other code to use"
			}
		case *ssa.MakeInterface, *ssa.ChangeType:
			if how := handedOut(x.(ssa.Value), depth+1); how != "" {
				return how
			}
		}
	}
	return ""
}

func (l *checker) reportEscaped(lock *ssa.Call, session ssa.Value, how string) {
	made := calls.Unwrap(session).(*ssa.Extract).Tuple.(*ssa.Call)
	callee := calls.Callee(&lock.Call)
	what := "etcd " + callee.Pkg().Name() + "." + strings.TrimPrefix(callee.Name(), "New")
	pos, end := l.span(lock)
	l.report(unit.Finding{Code: checks.IgnoredLeaseLoss, Pos: pos, End: end, Key: lock.Pos(),
		Related: []analysis.RelatedInformation{{Pos: made.Pos(), Message: "the session is created here and handed only to the lock"}},
		Message: fmt.Sprintf("this %s is made over a session (created at %s) that is handed to nothing but the lock, and nothing in this package reads a session's Done(); the lock %s, so whoever takes it can never learn that the session ended: when its lease expires or its keepalive fails (a partition from etcd), the lock is gone and another process takes it while the holder goes on; keep the session with the lock (return it, or a channel of its Done()) and stop the work when Done() closes",
			what, l.where(made.Pos()), how)})
}

// workOffWatch reports work done under a session's lock on a path that
// never reads the session's end: the function reads Done() itself, but
// only on another branch (or before nothing), so while this work runs the
// loss goes unseen and the function returns as if the lock had held. A
// Done() read before the work (its channel selected on beside it), or in
// a function literal of the function (a watcher goroutine), counts as
// watching it.
func (l *checker) workOffWatch(sec *section.Section, session ssa.Value) {
	fn := sec.Fn
	var ends []*ssa.Call
	for ci := range calls.In(fn) {
		if !model.MatchesAny(model.KB.SessionEnds, calls.Callee(ci.Common())) {
			continue
		}
		c, ok := ci.(*ssa.Call)
		if !ok || c.Parent() != fn {
			return // a watcher in a function literal: see lossReachesNothing
		}
		ends = append(ends, c)
	}
	if len(ends) == 0 {
		return
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			ci, ok := instr.(ssa.CallInstruction)
			if !ok || !l.isWork(sec, ci) {
				continue
			}
			if _, isGo := ci.(*ssa.Go); isGo {
				continue // a goroutine: see lossReachesNothing
			}
			if slices.ContainsFunc(ends, func(e *ssa.Call) bool { return e.Block().Dominates(b) && calls.Before(e, ci) }) {
				continue
			}
			if returnsUnwatched(ci, ends) {
				l.reportOffWatch(sec, session, ci, ends[0])
				return
			}
		}
	}
}

// returnsUnwatched reports whether no path from instr calls any of ends,
// and some path returns: the work's branch never looks at the session
// (a failure return on the way to a Done() read does not count).
func returnsUnwatched(instr ssa.Instruction, ends []*ssa.Call) bool {
	isEnd := func(i ssa.Instruction) bool {
		c, ok := i.(*ssa.Call)
		return ok && slices.Contains(ends, c)
	}
	b := instr.Block()
	after := false
	for _, i := range b.Instrs {
		if i == instr {
			after = true
			continue
		}
		if after && isEnd(i) {
			return false
		}
	}
	seen := map[*ssa.BasicBlock]bool{}
	returns := false
	work := []*ssa.BasicBlock{b}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if _, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			returns = true
		}
		for _, s := range b.Succs {
			if seen[s] {
				continue
			}
			seen[s] = true
			if slices.ContainsFunc(s.Instrs, isEnd) {
				return false
			}
			work = append(work, s)
		}
	}
	return returns
}

func (l *checker) reportOffWatch(sec *section.Section, session ssa.Value, work ssa.CallInstruction, end *ssa.Call) {
	made := calls.Unwrap(session).(*ssa.Extract).Tuple.(*ssa.Call)
	what := "a function value"
	if fn := calls.Callee(work.Common()); fn != nil {
		what = fn.Name()
	}
	pos, end2 := l.span(work)
	l.report(unit.Finding{Code: checks.IgnoredLeaseLoss, Pos: pos, End: end2, Key: work.Pos(),
		Related: []analysis.RelatedInformation{
			{Pos: sec.Call.Pos(), Message: sec.Lock.Lib + " acquired here"},
			{Pos: made.Pos(), Message: "the session is created here"},
			{Pos: end.Pos(), Message: "the session's end is read only here, on another path"},
		},
		Message: fmt.Sprintf("this work (%s) runs under the %s acquired at %s, on a path that never reads the end of its session (created at %s): Done() is read only at %s, on another path. When the session's lease expires or its keepalive fails meanwhile, the %s is gone and another process may win it while this work goes on and the function returns as if it had held; select on the session's Done() beside the work and stop it (cancel its context, kill the child) when it closes",
			what, sec.Lock.Lib, l.where(sec.Call.Pos()), l.where(made.Pos()), l.where(end.Pos()), sec.Lock.Lib)})
}

// isWork reports whether a call of the section after its acquisition does
// work: not a builtin, the lock's own API, logging, the clock or sync.
func (l *checker) isWork(sec *section.Section, ci ssa.CallInstruction) bool {
	if ci == sec.Call || !sec.Contains(ci) || !calls.Before(sec.Call, ci) {
		return false
	}
	if _, builtin := ci.Common().Value.(*ssa.Builtin); builtin {
		return false
	}
	fn := calls.Callee(ci.Common())
	return fn == nil || !(model.KB.IsLockAPI(fn) || harmless(fn, ci.Common()) || fn.Pkg() != nil && fn.Pkg().Path() == "sync")
}

// sessionsOf returns the sessions the locks or elections v may be were
// made over (SessionLocks calls, through the package's stores into a
// field), and whether every origin of v was found.
func (l *checker) sessionsOf(v ssa.Value) ([]ssa.Value, bool) {
	var out []ssa.Value
	for _, o := range l.origins(v) {
		c, ok := calls.Unwrap(o).(*ssa.Call)
		if !ok || !model.MatchesAny(model.KB.SessionLocks, calls.Callee(&c.Call)) {
			return nil, false
		}
		s := calls.Arg(&c.Call, 0)
		if s == nil {
			return nil, false
		}
		out = append(out, s)
	}
	return out, len(out) > 0
}

// origins returns the values v comes from: itself, or the values stored
// into the field v is loaded from anywhere in the package.
func (l *checker) origins(v ssa.Value) []ssa.Value {
	v = calls.Unwrap(calls.Resolve(v))
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return []ssa.Value{v}
	}
	if alloc, ok := calls.Resolve(load.X).(*ssa.Alloc); ok {
		// A variable captured by the literal that takes the lock: the
		// values stored into it where it is declared.
		var out []ssa.Value
		for _, r := range *alloc.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == alloc {
				out = append(out, calls.Unwrap(st.Val))
			}
		}
		if len(out) > 0 {
			return out
		}
		return []ssa.Value{v}
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	if !ok {
		return []ssa.Value{v}
	}
	var out []ssa.Value
	for _, fn := range l.u.Funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				if fa2, ok := st.Addr.(*ssa.FieldAddr); ok && fa2.Field == fa.Field && types.Identical(fa2.X.Type(), fa.X.Type()) {
					out = append(out, calls.Unwrap(st.Val))
				}
			}
		}
	}
	return out
}

// sessionWatched reports whether the package reads the end of any
// session (calls a SessionEnds function).
func (l *checker) sessionWatched() bool {
	for _, fn := range l.u.Funcs {
		for ci := range calls.In(fn) {
			if model.MatchesAny(model.KB.SessionEnds, calls.Callee(ci.Common())) {
				return true
			}
		}
	}
	return false
}

// ownSessions reports whether every session was made in this package
// (a SessionMakers call) and is handed to nothing but the library's own
// functions: nobody else can watch it.
func (l *checker) ownSessions(sessions []ssa.Value) bool {
	for _, s := range sessions {
		e, ok := calls.Unwrap(s).(*ssa.Extract)
		if !ok || e.Index != 0 {
			return false
		}
		mk, ok := e.Tuple.(*ssa.Call)
		if !ok {
			return false
		}
		maker := calls.Callee(&mk.Call)
		if !model.MatchesAny(model.KB.SessionMakers, maker) {
			return false
		}
		for _, u := range outcome.Uses(e) {
			ci, ok := u.(ssa.CallInstruction)
			if !ok {
				return false // stored, returned, captured: someone else may watch it
			}
			callee := calls.Callee(ci.Common())
			if callee == nil || callee.Pkg() == nil || callee.Pkg().Path() != maker.Pkg().Path() {
				return false
			}
			if callee.Name() == "Orphan" {
				return false // its keep-alive stopped: the lease is its owner's (a lock service's caller), not this code's to watch
			}
		}
	}
	return true
}

// workAfter returns the first call of the section after its acquisition
// that does work: not a builtin, the lock's own API, logging, the clock or
// sync.
func (l *checker) workAfter(sec *section.Section) ssa.CallInstruction {
	for _, b := range sec.Fn.Blocks {
		for _, instr := range b.Instrs {
			ci, ok := instr.(ssa.CallInstruction)
			if !ok || ci == sec.Call || !sec.Contains(ci) || !calls.Before(sec.Call, ci) {
				continue
			}
			if _, builtin := ci.Common().Value.(*ssa.Builtin); builtin {
				continue
			}
			if fn := calls.Callee(ci.Common()); fn != nil && (model.KB.IsLockAPI(fn) || harmless(fn, ci.Common()) || fn.Pkg() != nil && fn.Pkg().Path() == "sync") {
				continue
			}
			return ci
		}
	}
	return nil
}

func (l *checker) reportUnwatched(sec *section.Section, session ssa.Value, work ssa.CallInstruction) {
	made := calls.Unwrap(session).(*ssa.Extract).Tuple.(*ssa.Call)
	pos, end := l.span(sec.Call)
	what := "a function value"
	if fn := calls.Callee(work.Common()); fn != nil {
		what = fn.Name()
	}
	l.report(unit.Finding{Code: checks.IgnoredLeaseLoss, Pos: pos, End: end, Key: sec.Call.Pos(),
		Related: []analysis.RelatedInformation{
			{Pos: made.Pos(), Message: "the session is created here"},
			{Pos: work.Pos(), Message: "the work that keeps running after the session ends"},
		},
		Message: fmt.Sprintf("this %s holds only while its session (created at %s) lives, but nothing in this package reads the session's Done(): when its lease expires or its keepalive fails (a partition from etcd), the %s is gone and another process wins it, while this one goes on working (%s at %s); select on session.Done() beside the work and stop it (cancel its context) when it closes",
			sec.Lock.Lib, l.where(made.Pos()), sec.Lock.Lib, what, l.where(work.Pos()))})
}

// lossReachesNothing reports a goroutine started after the claim under a
// context that the paths from the session's Done() in the same function
// never cancel, and that nothing else on those paths can stop.
func (l *checker) lossReachesNothing(sec *section.Section) {
	fn := sec.Fn
	var ends []*ssa.Call
	for ci := range calls.In(fn) {
		if c, ok := ci.(*ssa.Call); ok && model.MatchesAny(model.KB.SessionEnds, calls.Callee(ci.Common())) && c.Parent() == fn && calls.Before(sec.Call, c) {
			ends = append(ends, c)
		}
	}
	if len(ends) == 0 {
		return
	}
	for ci := range calls.In(fn) {
		g, ok := ci.(*ssa.Go)
		if !ok || g.Parent() != fn || !sec.Contains(g) || !calls.Before(sec.Call, g) || handsOnSignal(&g.Call) {
			continue
		}
		ctx := contextArg(&g.Call)
		if ctx == nil || l.watchesEnd(g.Call.StaticCallee(), 0) {
			continue
		}
		chain := derivations(ctx)
		if slices.ContainsFunc(ends, func(end *ssa.Call) bool { return reachesWork(end, chain) }) {
			continue
		}
		l.reportUnreached(sec, g, ends[0])
	}
}

// contextArg returns the first context argument of a call.
func contextArg(c *ssa.CallCommon) ssa.Value {
	for _, a := range c.Args {
		if calls.IsContext(a.Type()) {
			return a
		}
	}
	return nil
}

// watchesEnd reports whether a function of this package (or a function
// literal in it) reads a session's end itself.
func (l *checker) watchesEnd(fn *ssa.Function, depth int) bool {
	if fn == nil || depth > maxCallDepth {
		return false
	}
	for ci := range calls.In(fn) {
		if model.MatchesAny(model.KB.SessionEnds, calls.Callee(ci.Common())) {
			return true
		}
		if callee := ci.Common().StaticCallee(); callee != nil && callee.Pkg == l.u.Pkg && l.watchesEnd(callee, depth+1) {
			return true
		}
	}
	for _, anon := range fn.AnonFuncs {
		if l.watchesEnd(anon, depth+1) {
			return true
		}
	}
	return false
}

// derivations returns the context derivation calls (context.WithCancel
// and the like) a context value comes from, innermost first: cancelling
// any of them cancels it.
func derivations(ctx ssa.Value) map[*ssa.Call]bool {
	out := map[*ssa.Call]bool{}
	for depth := 0; depth < maxReadDepth; depth++ {
		e, ok := calls.Unwrap(ctx).(*ssa.Extract)
		if !ok {
			break
		}
		c, ok := e.Tuple.(*ssa.Call)
		if !ok || !model.MatchesAny(model.KB.DerivedContexts, calls.Callee(&c.Call)) {
			break
		}
		out[c] = true
		ctx = calls.Arg(&c.Call, 0)
	}
	return out
}

// reachesWork reports whether some path from a session's Done() may stop
// the work whose context derives from chain: it cancels one of chain's
// contexts, calls a function value or anything but logging, the clock,
// the lock's own API and context constructors, sends, closes, stores
// outside its locals, panics, exits, or returns an error.
func reachesWork(end *ssa.Call, chain map[*ssa.Call]bool) bool {
	return stopsWork(end, chain) != nil
}

// stopsWork returns the first instruction on a path from end that may stop
// the work (see reachesWork), or nil.
func stopsWork(end *ssa.Call, chain map[*ssa.Call]bool) ssa.Instruction {
	fn := end.Parent()
	for _, b := range fn.Blocks {
		if b != end.Block() && !outcome.ForwardReaches(end.Block(), b) {
			continue
		}
		for i, instr := range b.Instrs {
			if b == end.Block() && i <= slices.Index(b.Instrs, ssa.Instruction(end)) {
				continue // before the end is read
			}
			if sig, decided := signalsOut(instr, fn); decided {
				if sig {
					return instr
				}
				continue
			}
			switch x := instr.(type) {
			case *ssa.Return:
				for _, r := range x.Results {
					if isError(r.Type()) && !isNil(resultValue(r, x)) && !releaseError(resultValue(r, x)) {
						return instr
					}
				}
			case ssa.CallInstruction:
				c := x.Common()
				callee := calls.Callee(c)
				if callee == nil {
					if w := cancelOf(c.Value); w == nil || chain[w] {
						return instr // a function value, or the work's own cancel
					}
					continue // the cancel of another context (a timeout for the resignation)
				}
				if harmless(callee, c) || model.KB.IsLockAPI(callee) || model.MatchesAny(model.KB.DerivedContexts, callee) || model.MatchesAny(model.KB.DetachedContexts, callee) {
					continue
				}
				return instr
			}
		}
	}
	return nil
}

// releaseError reports whether an error is the outcome of the lock's own
// API (the resignation after the loss), which says nothing of the loss.
func releaseError(v ssa.Value) bool {
	c, ok := calls.Unwrap(v).(*ssa.Call)
	if !ok {
		return false
	}
	fn := calls.Callee(&c.Call)
	return fn != nil && model.KB.IsLockAPI(fn)
}

// resultValue returns the value a function with deferred calls returns
// through its result slot: the last store into the slot before ret.
func resultValue(v ssa.Value, ret *ssa.Return) ssa.Value {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return v
	}
	slot, ok := load.X.(*ssa.Alloc)
	if !ok {
		return v
	}
	instrs := ret.Block().Instrs
	for i := slices.Index(instrs, ssa.Instruction(ret)) - 1; i >= 0; i-- {
		if st, ok := instrs[i].(*ssa.Store); ok && st.Addr == slot {
			return st.Val
		}
	}
	return v
}

// cancelOf returns the context derivation whose cancel func v is.
func cancelOf(v ssa.Value) *ssa.Call {
	e, ok := calls.Unwrap(v).(*ssa.Extract)
	if !ok || e.Index != 1 {
		return nil
	}
	c, ok := e.Tuple.(*ssa.Call)
	if !ok || !model.MatchesAny(model.KB.DerivedContexts, calls.Callee(&c.Call)) {
		return nil
	}
	return c
}

func (l *checker) reportUnreached(sec *section.Section, g *ssa.Go, end *ssa.Call) {
	pos, end2 := l.span(g)
	l.report(unit.Finding{Code: checks.IgnoredLeaseLoss, Pos: pos, End: end2, Key: g.Pos(),
		Related: []analysis.RelatedInformation{
			{Pos: sec.Pos, Message: sec.Lock.Lib + " acquired here"},
			{Pos: end.Pos(), Message: "the session's end is read here"},
		},
		Message: fmt.Sprintf("this goroutine does the work of the %s acquired at %s under a context that the session's loss never cancels: when the session ends (Done() at %s) this function only logs, resigns or returns, and the goroutine goes on as if it still held the %s while another process wins it; run the work under a context derived with context.WithCancel and cancel it when Done() closes",
			sec.Lock.Lib, l.where(sec.Pos), l.where(end.Pos()), sec.Lock.Lib)})
}
