package lifecycle

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/lossreach"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/outcome"
	"github.com/fencecheck/fencecheck/analyzers/internal/section"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/internal/checks"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// FC5002: the lease-loss signal thrown away while work continues.
//
//   - Consul (*api.Lock).Lock: the lost channel discarded or never read;
//   - client-go OnStartedLeading: the context unnamed, _, unused, or
//     replaced by context.Background()/TODO() in the calls it makes;
//   - Consul (*api.Session).RenewPeriodic: its error dropped (also `go ...`);
//   - redsync Extend/ExtendContext, redislock Refresh: results ignored.

func (l *checker) ignoredLeaseLoss() {
	l.eachCall(func(fn *ssa.Function, ci ssa.CallInstruction) {
		callee := calls.Callee(ci.Common())
		switch {
		case callee == nil:
		case model.MatchesAny(model.KB.LostChannels, callee):
			l.consulLost(ci)
		case model.MatchesAny(model.KB.LostContexts, callee):
			l.lostContext(ci, callee)
		case model.MatchesAny(model.KB.SessionRenewals, callee):
			l.renewalDropped(fn, ci, callee)
		case model.MatchesAny(model.KB.LockExtensions, callee):
			l.extensionDropped(fn, ci, callee)
		}
	})
	for _, s := range l.u.Sections {
		if s.Lock.Callback.Name != "" {
			l.leaderContext(s)
		}
	}
}

// consulLost reports a Consul lock whose lost channel is discarded or never
// read while the function goes on working under the lock.
func (l *checker) consulLost(ci ssa.CallInstruction) {
	call, ok := ci.(*ssa.Call)
	if !ok {
		return
	}
	sec := l.sectionAt(ci)
	if sec == nil {
		return // not a critical section: the code expects the acquisition to fail
	}
	lost := calls.Result(call, 0)
	if opt := tryOnceSet(call, sec.Lock.TryOnce); opt != nil && !comparedWithNil(lost, 0) && l.worksIn(sec) {
		l.tryOnceTakenAsHeld(call, sec, opt) // and, once held, its loss below
	}
	var reader *ssa.Go
	if lost != nil && lossreach.Read(lost, 0) {
		if reader = lossreach.LostReaderOnly(lost, sec); reader == nil {
			return
		}
	}
	if !l.worksIn(sec) {
		return
	}
	how := "is never read"
	if lost == nil || l.blankResult(ci) {
		how = "is discarded (assigned to _)"
	}
	if reader != nil {
		how = fmt.Sprintf("is read only by the goroutine started at %s, which releases the lock or logs but cancels, closes, sends or sets nothing the work sees", l.where(reader.Pos()))
	}
	lib := sec.Lock.Lib
	related := []analysis.RelatedInformation{acquired(call.Pos(), lib)}
	if reader != nil {
		related = append(related, analysis.RelatedInformation{Pos: reader.Pos(), Message: "the lost channel's only reader: it releases the lock and tells the work nothing"})
	}
	pos, end := l.span(ci)
	l.report(unit.Finding{Code: checks.IgnoredLeaseLoss, Pos: pos, End: end, Key: ci.Pos(),
		Related: related,
		Message: fmt.Sprintf("the lost channel returned by this %s acquisition (api.Lock.Lock) %s, so this function keeps working after Consul invalidates the session (lock key deleted, session expired or partitioned); select on it (case <-lost:) and stop the work, or cancel a context when it closes and pass that context down",
			lib, how)})
}

// tryOnceTakenAsHeld reports a one-shot acquisition (Consul's LockTryOnce)
// whose lost channel is never compared with nil: a failed attempt returns
// a nil channel and a nil error, and the code, checking only the error,
// goes on as the holder.
func (l *checker) tryOnceTakenAsHeld(call *ssa.Call, sec *section.Section, opt ssa.Instruction) {
	pos, end := l.span(call)
	name := sec.Lock.TryOnce.Option.Name
	l.report(unit.Finding{Code: checks.IgnoredLeaseLoss, Pos: pos, End: end, Key: opt.Pos(),
		Related: []analysis.RelatedInformation{acquired(call.Pos(), sec.Lock.Lib), {Pos: opt.Pos(), Message: name + " set here"}},
		Message: fmt.Sprintf("this %s is taken with %s set, so when another holder keeps the lock past the wait time the acquisition returns a nil lost channel and a nil error; only the error is checked, so the code goes on as the holder without the lock (and a nil lost channel never closes); check that the channel is not nil before working, and treat nil as not acquired",
			sec.Lock.Lib, name)})
}

// tryOnceSet returns the store that sets a lock's one-shot option to true
// in the options literal its handle was made from, or nil.
func tryOnceSet(call *ssa.Call, t *model.TryOnce) ssa.Instruction {
	if t == nil {
		return nil
	}
	var maker *ssa.Call
	switch x := calls.Unwrap(calls.Resolve(calls.Receiver(&call.Call))).(type) {
	case *ssa.Extract:
		maker, _ = x.Tuple.(*ssa.Call)
	case *ssa.Call:
		maker = x
	}
	if maker == nil || !t.Maker.Matches(calls.Callee(&maker.Call)) {
		return nil
	}
	opts, ok := calls.Unwrap(calls.Arg(&maker.Call, 0)).(*ssa.Alloc)
	if !ok {
		return nil
	}
	for _, r := range *opts.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || !callbackField(fa, t.Option) {
			continue
		}
		for _, r2 := range *fa.Referrers() {
			if st, ok := r2.(*ssa.Store); ok && st.Addr == fa {
				if c, ok := st.Val.(*ssa.Const); ok && c.Value != nil && constant.BoolVal(c.Value) {
					return st
				}
			}
		}
	}
	return nil
}

// comparedWithNil reports whether a channel is compared with nil, here or
// where it is stored and loaded again.
func comparedWithNil(v ssa.Value, depth int) bool {
	if v == nil || v.Referrers() == nil || depth > maxContextDerivations {
		return false
	}
	for _, r := range *v.Referrers() {
		switch x := r.(type) {
		case *ssa.BinOp:
			if (x.Op == token.EQL || x.Op == token.NEQ) && (isNil(x.X) || isNil(x.Y)) {
				return true
			}
		case *ssa.Store:
			if x.Val == v {
				if a, ok := x.Addr.(*ssa.Alloc); ok {
					for _, r2 := range *a.Referrers() {
						if u, ok := r2.(*ssa.UnOp); ok && u.Op == token.MUL && comparedWithNil(u, depth+1) {
							return true
						}
					}
				}
			}
		case *ssa.Phi, *ssa.ChangeType:
			if comparedWithNil(x.(ssa.Value), depth+1) {
				return true
			}
		}
	}
	return false
}

// lostContext reports a lock whose returned context, cancelled when the
// lock is lost, is discarded or never read while the function goes on
// working under the lock (or hands the held lock to its caller, keeping
// its release func).
func (l *checker) lostContext(ci ssa.CallInstruction, callee *types.Func) {
	call, ok := ci.(*ssa.Call)
	if !ok {
		return
	}
	sec := l.sectionAt(ci)
	if sec == nil {
		return
	}
	lost := calls.Result(call, 0)
	if lost != nil && lossreach.Read(lost, 0) {
		return
	}
	if !l.worksIn(sec) && (sec.Lock.ReleaseFunc == 0 || !handedOn(calls.Result(call, sec.Lock.ReleaseFunc-1), 0)) {
		return // a helper that takes the lock and gives it up: nothing is lost
	}
	how := "is never read"
	if lost == nil || l.blankResult(ci) {
		how = "is discarded (assigned to _)"
	}
	pos, end := l.span(ci)
	l.report(unit.Finding{Code: checks.IgnoredLeaseLoss, Pos: pos, End: end, Key: ci.Pos(),
		Related: []analysis.RelatedInformation{acquired(call.Pos(), sec.Lock.Lib)},
		Message: fmt.Sprintf("the context returned by this %s acquisition (%s) %s: it is the lock's loss signal, cancelled when the lock's key can no longer be extended or was taken by someone else, so the work done under the lock (here or by the caller it is handed to) never learns that the lock is gone; pass that context to the work (or hand it to the caller) and stop when it is done",
			sec.Lock.Lib, model.RecvName(callee)+"."+callee.Name(), how)})
}

// handedOn reports whether a value leaves the function: stored outside
// its locals, put in a map or an interface, passed to a call or returned
// (the release func of a lock kept for the caller, who works under it).
func handedOn(v ssa.Value, depth int) bool {
	if v == nil || v.Referrers() == nil || depth > maxContextDerivations {
		return false
	}
	for _, r := range *v.Referrers() {
		switch x := r.(type) {
		case *ssa.Store:
			if a, ok := x.Addr.(*ssa.Alloc); !ok || a.Heap {
				return true
			}
		case *ssa.MapUpdate, *ssa.Return, *ssa.MakeInterface:
			return true
		case *ssa.Phi:
			if handedOn(x, depth+1) {
				return true
			}
		case ssa.CallInstruction:
			if slices.Contains(x.Common().Args, v) {
				return true
			}
		}
	}
	return false
}

// blankResult reports whether the first result of a call is assigned to _
// (or the call is a statement).
func (l *checker) blankResult(ci ssa.CallInstruction) bool {
	ce := l.callExpr(ci)
	if ce == nil {
		return false
	}
	switch p := l.u.Index.Parent(ce).(type) {
	case *ast.ExprStmt:
		return true
	case *ast.AssignStmt:
		id, ok := p.Lhs[0].(*ast.Ident)
		return ok && id.Name == "_"
	case *ast.ValueSpec:
		return len(p.Names) > 0 && p.Names[0].Name == "_"
	}
	return false
}

func isNil(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

// worksIn reports whether a section does anything after the acquisition
// besides releasing the lock: a helper that only takes the lock and
// returns leaves the loss signal to nobody, but loses nothing by itself.
func (l *checker) worksIn(sec *section.Section) bool {
	if sec == nil {
		return true
	}
	var release ssa.Value // the release func the acquisition returns
	if c, ok := sec.Call.(*ssa.Call); ok && sec.Lock.ReleaseFunc > 0 {
		release = calls.Result(c, sec.Lock.ReleaseFunc-1)
	}
	for ci := range calls.In(sec.Fn) {
		if ci == sec.Call || !sec.Contains(ci) {
			continue
		}
		if _, builtin := ci.Common().Value.(*ssa.Builtin); builtin || release != nil && ci.Common().Value == release {
			continue
		}
		if fn := calls.Callee(ci.Common()); fn != nil && (model.MatchesAny(sec.Lock.Release, fn) || model.KB.IsLockAPI(fn) || outcome.Bookkeeping(fn)) {
			continue
		}
		return true
	}
	return false
}

// renewalDropped reports RenewPeriodic whose error nobody reads, unless
// the loss is observed through a lock's lost channel (lossreach.Observed).
func (l *checker) renewalDropped(fn *ssa.Function, ci ssa.CallInstruction, callee *types.Func) {
	if !outcome.ResultsDropped(ci) || lossreach.Observed(l.u.Funcs, fn) {
		return
	}
	how := "its result is discarded"
	switch ci.(type) {
	case *ssa.Go:
		how = "it runs in a go statement, which throws its result away"
	case *ssa.Defer:
		how = "it is deferred, which throws its result away"
	}
	var related []analysis.RelatedInformation
	of := ""
	if sec := l.sessionSection(fn, callee); sec != nil {
		related = append(related, acquired(sec.Pos, sec.Lock.Lib))
		of = fmt.Sprintf(" (the %s acquired at %s)", sec.Lock.Lib, l.where(sec.Pos))
	} else if created := sessionCreation(calls.Arg(ci.Common(), 1), callee); created != nil {
		related = append(related, analysis.RelatedInformation{Pos: created.Pos(), Message: "Consul session created here"})
	}
	pos, end := l.span(ci)
	l.report(unit.Finding{Code: checks.IgnoredLeaseLoss, Pos: pos, End: end, Key: ci.Pos(), Related: related,
		Message: fmt.Sprintf("the error of Consul %s is dropped (%s): it returns when the session has expired or was invalidated, which ends every lock held through it%s, so the process never learns it and keeps acting as the holder; send its error on a channel (errc <- s.RenewPeriodic(...)) or check it, and stop the work (cancel its context) when it returns",
			model.RecvName(callee)+"."+callee.Name(), how, of)})
}

// sessionSection finds a critical section of a lock of the renewal's
// package (a Consul lock, for Session.RenewPeriodic) in fn or in a function
// fn is nested in.
func (l *checker) sessionSection(fn *ssa.Function, renewal *types.Func) *section.Section {
	for _, s := range l.u.Sections {
		if s.Lock != nil && len(s.Lock.Acquire) > 0 && s.Lock.Acquire[0].Pkg == renewal.Pkg().Path() && calls.Encloses(s.Fn, fn) {
			return s
		}
	}
	return nil
}

// sessionCreation finds the call that issued a session ID: a method of the
// renewal's own receiver type (Consul's Session.Create).
func sessionCreation(id ssa.Value, renewal *types.Func) *ssa.Call {
	if id == nil {
		return nil
	}
	e, ok := calls.Unwrap(calls.Resolve(id)).(*ssa.Extract)
	if !ok {
		return nil
	}
	c, ok := e.Tuple.(*ssa.Call)
	if !ok {
		return nil
	}
	if fn := calls.Callee(&c.Call); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == renewal.Pkg().Path() && model.RecvName(fn) == model.RecvName(renewal) {
		return c
	}
	return nil
}

// extensionDropped reports a lock extension whose outcome nobody checks.
func (l *checker) extensionDropped(fn *ssa.Function, ci ssa.CallInstruction, callee *types.Func) {
	if !outcome.ResultsDropped(ci) {
		return
	}
	name := callee.Pkg().Name() + " " + model.RecvName(callee) + "." + callee.Name()
	var related []analysis.RelatedInformation
	of := ""
	if sec := l.sectionFor(fn, calls.Receiver(ci.Common())); sec != nil {
		related = append(related, acquired(sec.Pos, sec.Lock.Lib))
		of = fmt.Sprintf(" (the %s acquired at %s)", sec.Lock.Lib, l.where(sec.Pos))
	}
	what, outcome := "the results of "+name+" are discarded", "ok and err"
	failure := "false or ErrExtendFailed"
	if callee.Type().(*types.Signature).Results().Len() == 1 {
		what, outcome, failure = "the error of "+name+" is ignored", "the error", "ErrNotObtained"
	}
	pos, end := l.span(ci)
	l.report(unit.Finding{Code: checks.IgnoredLeaseLoss, Pos: pos, End: end, Key: ci.Pos(), Related: related,
		Message: fmt.Sprintf("%s: a failed extension (%s) means the lock%s has expired and may already be held by someone else, yet the work goes on as if it were still held; check %s and stop the work (cancel its context) when the extension fails",
			what, failure, of, outcome)})
}

// leaderContext checks a client-go OnStartedLeading callback: its context
// is the loss signal, cancelled when leadership is lost.
func (l *checker) leaderContext(sec *section.Section) {
	target := sec.Fn
	if target.Synthetic != "" {
		target = l.wrapped(target) // a method value: run(ctx) of some controller
		if target == nil {
			return
		}
	}
	var ctx *ssa.Parameter
	for _, p := range target.Params {
		if calls.IsContext(p.Type()) {
			ctx = p
			break
		}
	}
	if ctx == nil || !hasWork(target, 0) || l.tracksLeader(sec, target) {
		return
	}
	stop := l.stoppedCallback(sec)
	// A command the callback started is another process: ending this one
	// does not end it, unless the stopped callback kills it.
	child := l.calling(target, model.KB.Subprocesses, 0)
	if child != nil && l.calling(stop, model.KB.ProcessKills, 0) != nil {
		child = nil
	}
	if stop != nil && (child == nil && l.exits(stop, 0) || lossreach.StoppedReaches(l.u.Funcs, target, stop)) {
		// OnStoppedLeading ends the process, or closes, clears or
		// cancels what the work reads: the loss is not ignored.
		return
	}
	related := []analysis.RelatedInformation{acquired(sec.Pos, sec.Lock.Lib)}
	outlives, fix := "", "name it, pass it to the work and return when ctx.Done() is closed (or end the process in OnStoppedLeading)"
	if child != nil && stop != nil && l.exits(stop, 0) {
		fix = "start the command with exec.CommandContext on it, or kill the command in OnStoppedLeading before the process ends"
		related = append(related, analysis.RelatedInformation{Pos: child.Pos(), Message: "a command started here: another process, which outlives this one"})
		outlives = "; OnStoppedLeading ends this process, but not the command the callback started (" + calls.Callee(child.Common()).Name() + " at " + l.where(child.Pos()) + "), which goes on without the lease"
	}
	name := ctx.Name()
	// Parameter.Object returns a typed nil for a parameter without one.
	if obj, ok := ctx.Object().(*types.Var); ok && obj != nil {
		name = obj.Name()
	}
	var how string
	switch {
	case name == "":
		how = "is unnamed"
	case name == "_":
		how = "is _"
	case !outcome.Used(ctx):
		how = "is never used"
	}
	if how != "" {
		pos := ctx.Pos()
		if obj, ok := ctx.Object().(*types.Var); ok && obj != nil && obj.Pos().IsValid() {
			pos = obj.Pos()
		}
		if !pos.IsValid() {
			pos = target.Pos()
		}
		l.report(unit.Finding{Code: checks.IgnoredLeaseLoss, Pos: pos, Related: related,
			Message: fmt.Sprintf("the context of this OnStartedLeading callback (%s registered at %s) %s, so the work it does goes on after leadership is lost: that context is cancelled when the lease is lost, and nothing here sees it%s; %s",
				sec.Lock.Lib, l.where(sec.Pos), how, outlives, fix)})
		return
	}
	isCtx := func(v ssa.Value) bool { return v == ctx }
	held := func(v ssa.Value) bool {
		u, ok := v.(*ssa.UnOp)
		return v == ctx || ok && u.Op == token.MUL && cellOf(u.X, isCtx) // ctx, or a load of the variable a literal captures it in
	}
	if ci, callee, p := ignoringCallee(target, held, 0); ci != nil {
		// go srv.StartScheduler(ctx, ...) where StartScheduler(_ context.Context, ...)
		// works on a context of its own: the loss stops at the call.
		pos, end := l.span(ci)
		l.report(unit.Finding{Code: checks.IgnoredLeaseLoss, Pos: pos, End: end, Key: ci.Pos(),
			Related: append(related, analysis.RelatedInformation{Pos: callee.Pos(), Message: "the context is ignored here"}),
			Message: fmt.Sprintf("the leader context of this OnStartedLeading callback (%s registered at %s) is passed to %s, which ignores it (its parameter %s), so the work %s does goes on after leadership is lost: that context is cancelled when the lease is lost; use it in %s (select on ctx.Done(), pass it to the calls) instead of a context of its own",
				sec.Lock.Lib, l.where(sec.Pos), callee.Name(), paramName(p), callee.Name(), callee.Name())})
		return
	}
	seen := map[*ssa.Call]bool{}
	var visit func(fn *ssa.Function)
	visit = func(fn *ssa.Function) {
		for ci := range calls.In(fn) {
			if _, deferred := ci.(*ssa.Defer); deferred {
				continue // cleanup after the loss needs a fresh context
			}
			callee := calls.Callee(ci.Common())
			if callee != nil && (model.MatchesAny(model.KB.DetachedContexts, callee) || model.MatchesAny(model.KB.DerivedContexts, callee)) {
				continue
			}
			for _, arg := range ci.Common().Args {
				if !calls.IsContext(arg.Type()) {
					continue
				}
				root := detached(arg, 0)
				if root == nil || seen[root] {
					continue
				}
				seen[root] = true
				into := "a function value"
				if callee != nil {
					into = callee.Name()
				}
				detach := "context." + calls.Callee(&root.Call).Name() + "()"
				if len(root.Call.Args) > 0 {
					detach = "context." + calls.Callee(&root.Call).Name() + "(...)"
				}
				pos, end := l.span(root)
				l.report(unit.Finding{Code: checks.IgnoredLeaseLoss, Pos: pos, End: end, Key: root.Pos(), Related: related,
					Message: fmt.Sprintf("%s replaces the leader context of OnStartedLeading (%s registered at %s) in the call to %s: it is not cancelled when leadership is lost, so that work goes on after the lease is gone; pass the callback's %s (or a context derived from it) instead",
						detach, sec.Lock.Lib, l.where(sec.Pos), into, name)})
			}
		}
		for _, anon := range fn.AnonFuncs {
			visit(anon)
		}
	}
	visit(target)
}

// maxIgnoringDepth bounds how far down the calls that hand a leader context
// on ignoringCallee looks for the function that drops it.
const maxIgnoringDepth = 3

// ignoringCallee returns a call in fn (or a function literal it makes) that
// hands the context (a value for which is holds) to a function of the
// package that does work but never uses the parameter it receives it in
// (named _, unnamed, or unread), with that function and parameter; it
// follows the parameter of a function that only hands it on, up to
// maxIgnoringDepth calls down.
func ignoringCallee(fn *ssa.Function, is func(ssa.Value) bool, depth int) (ssa.CallInstruction, *ssa.Function, *ssa.Parameter) {
	if depth > maxIgnoringDepth {
		return nil, nil, nil
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case ssa.CallInstruction:
				c := x.Common()
				callee := c.StaticCallee()
				if callee == nil || callee.Blocks == nil || callee.Pkg != fn.Pkg || len(callee.Params) != len(c.Args) {
					continue
				}
				for i, arg := range c.Args {
					if !is(arg) {
						continue
					}
					p := callee.Params[i]
					if !outcome.Used(p) {
						if hasWork(callee, 0) {
							return x, callee, p
						}
						continue
					}
					if _, f, q := ignoringCallee(callee, func(v ssa.Value) bool { return v == p }, depth+1); q != nil {
						return x, f, q
					}
				}
			case *ssa.MakeClosure:
				// go func() { srv.StartScheduler(ctx) }(): the literal sees the
				// context as a free variable, or as a cell holding it.
				lit := x.Fn.(*ssa.Function)
				for j, v := range x.Bindings {
					if j >= len(lit.FreeVars) {
						break
					}
					fv := lit.FreeVars[j]
					var inLit func(ssa.Value) bool
					switch {
					case is(v):
						inLit = func(w ssa.Value) bool { return w == fv }
					case cellOf(v, is):
						inLit = func(w ssa.Value) bool {
							u, ok := w.(*ssa.UnOp)
							return ok && u.Op == token.MUL && u.X == fv
						}
					default:
						continue
					}
					if ci, f, q := ignoringCallee(lit, inLit, depth+1); ci != nil {
						return ci, f, q
					}
				}
			}
		}
	}
	return nil, nil, nil
}

// cellOf reports whether v is a local cell (a variable a literal captures)
// whose every store is of a value for which is holds.
func cellOf(v ssa.Value, is func(ssa.Value) bool) bool {
	a, ok := v.(*ssa.Alloc)
	if !ok || a.Referrers() == nil {
		return false
	}
	stored := false
	for _, r := range *a.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == a {
			if !is(st.Val) {
				return false
			}
			stored = true
		}
	}
	return stored
}

// paramName renders a parameter for messages: "_", "unnamed" or its name.
func paramName(p *ssa.Parameter) string {
	if obj, ok := p.Object().(*types.Var); ok && obj != nil {
		if obj.Name() == "_" || obj.Name() == "" {
			return "is " + cmp.Or(obj.Name(), "unnamed")
		}
		return obj.Name() + " is never read"
	}
	return "is unnamed"
}

// wrapped returns the function a synthetic wrapper (a bound method value)
// calls, when it is a function of this package.
func (l *checker) wrapped(fn *ssa.Function) *ssa.Function {
	for ci := range calls.In(fn) {
		if callee := ci.Common().StaticCallee(); callee != nil && len(callee.Blocks) > 0 && callee.Pkg == l.u.Pkg {
			return callee
		}
	}
	return nil
}

// detached returns the context.Background()/TODO()/WithoutCancel() call
// a context value comes from, through With* derivations.
func detached(v ssa.Value, depth int) *ssa.Call {
	if depth > maxContextDerivations {
		return nil
	}
	var c *ssa.Call
	switch x := calls.Unwrap(v).(type) {
	case *ssa.Call:
		c = x
	case *ssa.Extract:
		c, _ = x.Tuple.(*ssa.Call)
	}
	if c == nil {
		return nil
	}
	fn := calls.Callee(&c.Call)
	switch {
	case model.MatchesAny(model.KB.DetachedContexts, fn):
		return c
	case model.MatchesAny(model.KB.DerivedContexts, fn):
		return detached(calls.Arg(&c.Call, 0), depth+1)
	}
	return nil
}

// hasWork reports whether fn (or a function literal in it) calls
// anything besides builtins.
func hasWork(fn *ssa.Function, depth int) bool {
	for ci := range calls.In(fn) {
		if _, builtin := ci.Common().Value.(*ssa.Builtin); !builtin {
			return true
		}
	}
	if depth < maxWorkNesting {
		for _, anon := range fn.AnonFuncs {
			if hasWork(anon, depth+1) {
				return true
			}
		}
	}
	return false
}

// stoppedCallback returns the OnStoppedLeading function registered in the
// same LeaderCallbacks value as sec's OnStartedLeading.
func (l *checker) stoppedCallback(sec *section.Section) *ssa.Function {
	return l.siblingCallback(sec, sec.Lock.Stopped)
}

// siblingCallback returns the function stored in field f of the same
// callbacks value as sec's callback.
func (l *checker) siblingCallback(sec *section.Section, f model.Field) *ssa.Function {
	for _, fn := range l.u.Funcs {
		for st, fa := range calls.FieldStoresIn(fn) {
			if st.Pos() != sec.Pos || callbackBody(st.Val) != sec.Fn || !callbackField(fa, sec.Lock.Callback) {
				continue
			}
			for st2, fa2 := range calls.FieldStoresIn(fn) {
				if callbackField(fa2, f) && calls.SameValue(fa2.X, fa.X) {
					return callbackBody(st2.Val)
				}
			}
			return nil
		}
	}
	return nil
}

// tracksLeader reports whether the started callback target only does what
// the OnNewLeader callback registered beside it also does (cfg.Callback(id)
// there, cfg.Callback(identity) here): it records who leads, which it does
// for every leader, not work that needs the lease.
func (l *checker) tracksLeader(sec *section.Section, target *ssa.Function) bool {
	if sec.Lock.NewLeader.Name == "" {
		return false
	}
	news := l.siblingCallback(sec, sec.Lock.NewLeader)
	if news == nil || len(target.AnonFuncs) > 0 {
		return false
	}
	called := func(ci ssa.CallInstruction) any {
		c := ci.Common()
		if f := calls.Callee(c); f != nil {
			return f
		}
		if field, _ := calls.LoadedField(c.Value); field != nil {
			return field
		}
		return nil
	}
	var theirs []any
	for ci := range calls.In(news) {
		if k := called(ci); k != nil {
			theirs = append(theirs, k)
		}
	}
	some := false
	for ci := range calls.In(target) {
		if _, builtin := ci.Common().Value.(*ssa.Builtin); builtin {
			continue
		}
		k := called(ci)
		if k == nil || !slices.Contains(theirs, k) {
			return false
		}
		some = true
	}
	return some
}

func callbackField(fa *ssa.FieldAddr, f model.Field) bool {
	ptr, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	named, _ := types.Unalias(ptr.Elem()).(*types.Named)
	st, ok := ptr.Elem().Underlying().(*types.Struct)
	return ok && fa.Field < st.NumFields() && f.Matches(named, st.Field(fa.Field))
}

func callbackBody(v ssa.Value) *ssa.Function {
	return calls.FuncOf(calls.Unwrap(v))
}

// exits reports whether fn ends the process (os.Exit, log.Fatal, klog.Fatal,
// panic), directly or through a function of this package.
func (l *checker) exits(fn *ssa.Function, depth int) bool {
	if fn == nil || depth > maxExitDepth {
		return false
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if _, ok := instr.(*ssa.Panic); ok {
				return true
			}
			ci, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if model.MatchesAny(model.KB.ProcessExits, calls.Callee(ci.Common())) {
				return true
			}
			if callee := ci.Common().StaticCallee(); callee != nil && l.u.Local(callee) && l.exits(callee, depth+1) {
				return true
			}
		}
	}
	for _, anon := range fn.AnonFuncs {
		if l.exits(anon, depth+1) {
			return true
		}
	}
	return false
}

// calling returns a call of one of fns made by fn, a function literal in
// it, or a function of this package it calls (maxExitDepth levels), or nil.
func (l *checker) calling(fn *ssa.Function, fns []model.Func, depth int) ssa.CallInstruction {
	if fn == nil || depth > maxExitDepth {
		return nil
	}
	for ci := range calls.In(fn) {
		if model.MatchesAny(fns, calls.Callee(ci.Common())) {
			return ci
		}
		if callee := ci.Common().StaticCallee(); callee != nil && l.u.Local(callee) && callee.Parent() == nil {
			if c := l.calling(callee, fns, depth+1); c != nil {
				return c
			}
		}
	}
	for _, anon := range fn.AnonFuncs {
		if c := l.calling(anon, fns, depth+1); c != nil {
			return c
		}
	}
	return nil
}

// sectionAt is the critical section the acquisition ci opens, or nil.
func (l *checker) sectionAt(ci ssa.CallInstruction) *section.Section {
	var sec *section.Section
	for _, s := range l.u.Sections {
		if s.Call == ci {
			sec = s
		}
	}
	return sec
}
