package engine

import (
	"fmt"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/annotation"
	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/fact"
	"github.com/fencecheck/fencecheck/analyzers/internal/fences"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/section"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlcall"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlfence"
	"github.com/fencecheck/fencecheck/analyzers/internal/textval"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"golang.org/x/tools/go/ssa"
)

// summarize computes and exports the facts of the package's declared
// functions.
func (a *analysis_) summarize(funcs []*ssa.Function) {
	for _, fn := range funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Parent() != nil {
			continue
		}
		if f := a.custom.sinkFact(obj); f != nil {
			a.pass.ExportObjectFact(obj, f)
		} else if f := a.summarizeEffects(fn); f != nil {
			a.pass.ExportObjectFact(obj, f)
			if len(f.Effects) > 0 {
				a.record(fn, obj, f, nil) // pending calls alone are nothing an interface call could be answered with
			}
		}
	}
}

// summarizeEffects walks fn as if all of it were a critical section and
// records each effect that is not fenced by fn itself, with the
// parameters through which a caller's token would fence it.
func (a *analysis_) summarizeEffects(fn *ssa.Function) *fact.EffectsFact {
	whole := section.Whole(fn)
	var found []*fact.RemoteEffect
	var calls_ []ssa.CallInstruction
	library := model.KB.IsLibraryPackage(a.pass.Pkg.Path())
	var pending []fact.PendingCall
	outer := a.pending
	a.pending = &pending
	defer func() { a.pending = outer }()
	a.walk(whole, fn, nil, nil, nil, nil, 0, map[memoKey]bool{}, func(e *effect.Effect, site ssa.CallInstruction, path *section.Path) {
		if e.Verdict == effect.Carried || slices.Contains(calls_, e.Call) {
			return // fenced, or already reached through another call
		}
		if library && model.IsProtocol(e.Sink) {
			return // the library talking to its own server, not its caller's effect
		}
		if path.OnSession(whole, a.lockedIn, e.Call, e.Receiver) {
			return // fenced by the session of the advisory lock a function on the way holds, for every caller
		}
		if fences.TxFenced(e, path, services{a}.Tokens) {
			return // a transaction that commits only when its fenced or holder-checked statement took effect: silent for every caller
		}
		if fences.LockProtocol(e, a.scripts) {
			return // compares the holder, renews the lease, or a script that compares the key's holder: silent for every caller
		}
		if fences.InvalidatesCache(e) || fences.CacheStore(e) {
			return // a cache entry dropped, or written by a cache's own code: silent for every caller
		}
		if fences.UndoesMarker(e) {
			return // this function's own de-duplication marker taken back: silent for every caller
		}
		if a.converge.Converges(e) {
			return // converges when repeated (an HTTP DELETE, a constant marker, a content-addressed object): silent for every caller
		}
		claim := a.oneway != nil && a.oneway.IsClaim(e) // won once per record: a stale holder's changes nothing (package oneway)
		if a.releasesOwnLock(e) {
			return // the release of this package's SET NX lock, not a write it protects
		}
		p := a.pass.Fset.Position(e.Call.Pos())
		found = append(found, &fact.RemoteEffect{What: e.What, Via: e.Via(), Family: e.Sink.Family, Cond: int(e.Sink.Cond),
			Where: fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line), Table: e.Table, Claim: claim, On: onParam(fn, path.Origin(e.Receiver)), KeyFrom: keyFrom(fn, path.Value(keyOf(e)))})
		calls_ = append(calls_, e.Call)
	})
	if len(found) == 0 && len(pending) == 0 {
		return nil
	}
	params := fn.Params
	if len(params) > 8 {
		params = params[:8]
	}
	for i, p := range params {
		a.walk(whole, fn, []ssa.Value{p}, nil, nil, nil, 0, map[memoKey]bool{}, func(e *effect.Effect, site ssa.CallInstruction, _ *section.Path) {
			if e.Verdict != effect.Carried {
				return
			}
			if k := slices.Index(calls_, e.Call); k >= 0 {
				found[k].CarriedBy = append(found[k].CarriedBy, i)
			}
		})
	}
	f := &fact.EffectsFact{Pending: pending}
	for _, e := range found {
		if len(f.Effects) < 16 { // keep facts small
			f.Effects = append(f.Effects, *e)
		}
	}
	return f
}

// keyOf returns the key of a key-value effect: its own, or the argument a
// summarised one is keyed by.
func keyOf(e *effect.Effect) ssa.Value {
	if e.Key != nil {
		return e.Key
	}
	return e.KeyArg
}

// keyFrom returns 1 + the index among fn's parameters (receiver first) of
// the one parameter a key is built from, with constants besides
// (fact.RemoteEffect.KeyFrom), or 0.
func keyFrom(fn *ssa.Function, key ssa.Value) int {
	if key == nil {
		return 0
	}
	t, _ := textval.Of(key, textval.Options{})
	var from *ssa.Parameter
	for _, h := range t.Holes() {
		p, ok := calls.Unwrap(h.Hole).(*ssa.Parameter)
		if !ok || from != nil && from != p {
			return 0
		}
		from = p
	}
	return onParam(fn, from)
}

// lockedIn returns the sections of fn with a lock in view.
func (a *analysis_) lockedIn(fn *ssa.Function) []*section.Section { return a.locked[fn] }

// onParam returns 1 + the index of par among fn's parameters (receiver
// first), the connection a summarised statement runs on
// (fact.RemoteEffect.On), or 0.
func onParam(fn *ssa.Function, par *ssa.Parameter) int {
	if i := slices.Index(fn.Params, par); i >= 0 && par != nil {
		return i + 1
	}
	return 0
}

// releasesOwnLock reports whether e deletes the one key of a SET NX lock
// of this package: a key of the same shape, from the same parameters, that
// an acquire wrapper or a section of the package sets NX. Such a delete is
// the lock's release (an application's ReleaseRedeemLock over its
// AcquireRedeemLock), not a write the lock protects, for every caller.
func (a *analysis_) releasesOwnLock(e *effect.Effect) bool {
	shape := calls.DeletedLockKeyShape(e.Call.Common(), e.Callee, e.Key)
	if shape == "" {
		return false
	}
	return slices.ContainsFunc(a.keys.SetNXIn(shape), func(fn *ssa.Function) bool {
		obj, _ := fn.Object().(*types.Func)
		return obj != nil && a.wrappers[obj] != nil || slices.ContainsFunc(a.locked[fn], func(s *section.Section) bool { return s.Lock.Held == model.HeldByKey })
	})
}

// remoteEffects reports the summarised effects of a function of another
// package called inside a section.
func (a *analysis_) remoteEffects(ci ssa.CallInstruction, obj *types.Func, toks interface{ Has(ssa.Value) bool }, site ssa.CallInstruction, visit emitFunc) {
	if call, _ := model.KB.ObjectCall(obj); call != nil && call.Op == model.ObjectRead {
		// An object store's read (MinIO's GetObject, StatObject): the
		// requests its client library may send on some path (a POST
		// of its select API) are not this call's.
		return
	}
	var f fact.EffectsFact
	if !a.pass.ImportObjectFact(obj, &f) {
		return
	}
	a.summarized(ci, obj, &f, toks, site, visit)
}

// deepEffects reports the effects of a declared function of this package
// called below the walk's depth bound, from its summary: what the
// function does when called with no token, minus the effects a token
// passed in fences. A summary is computed once per function; a call cycle
// yields no summary for the function whose summary is being computed (the
// walk that reached it sees its effects inline).
func (a *analysis_) deepEffects(ci ssa.CallInstruction, toks interface{ Has(ssa.Value) bool }, site ssa.CallInstruction, visit emitFunc) {
	callee := ci.Common().StaticCallee()
	if callee == nil || !a.local(callee) {
		return
	}
	obj, ok := callee.Object().(*types.Func)
	if !ok || callee.Parent() != nil || a.lockBookkeeping(ci.Parent(), obj) {
		return
	}
	if f := a.localSummary(callee); f != nil {
		a.summarized(ci, obj, f, toks, site, visit)
	}
}

// localSummary returns the memoised summary of a declared function of
// this package (nil when it has no effects, or while it is being
// computed).
func (a *analysis_) localSummary(fn *ssa.Function) *fact.EffectsFact {
	if f, done := a.summaries[fn]; done {
		return f
	}
	if a.summaries == nil {
		a.summaries = map[*ssa.Function]*fact.EffectsFact{}
	}
	a.summaries[fn] = nil // in progress: a recursive call sees none
	f := a.summarizeEffects(fn)
	a.summaries[fn] = f
	return f
}

// summarized reports the effects of a summary at a call, except those
// fenced by a token passed in one of the parameters that carry it.
func (a *analysis_) summarized(ci ssa.CallInstruction, obj *types.Func, f *fact.EffectsFact, toks interface{ Has(ssa.Value) bool }, site ssa.CallInstruction, visit emitFunc) {
	args := ci.Common().Args
	if ci.Common().IsInvoke() {
		args = append([]ssa.Value{ci.Common().Value}, args...)
	}
	a.summarizedWith(ci, obj, f, args, toks, site, visit)
}

// summarizedWith is summarized with the arguments obj receives given
// (its receiver first, for a method): those of a call of a method value
// lack the bound receiver.
func (a *analysis_) summarizedWith(ci ssa.CallInstruction, obj *types.Func, f *fact.EffectsFact, args []ssa.Value, toks interface{ Has(ssa.Value) bool }, site ssa.CallInstruction, visit emitFunc) {
	for _, re := range f.Effects {
		if re.Claim {
			continue // a one-way claim: fenced by its own condition
		}
		if slices.ContainsFunc(re.CarriedBy, func(i int) bool { return i < len(args) && (toks.Has(args[i]) || effect.VersionCompare(args[i])) }) {
			continue
		}
		e := effect.Remote(ci, obj, re.What, re.Via, re.Family, model.Cond(re.Cond), re.Where)
		e.Table = re.Table
		e.Receiver = nil // the connection it runs on is only known from the summary
		if re.On > 0 && re.On <= len(args) {
			e.Receiver = args[re.On-1]
		}
		if re.KeyFrom > 0 && re.KeyFrom <= len(args) {
			e.KeyArg = args[re.KeyFrom-1]
		}
		visit(e, site)
	}
	for _, p := range f.Pending {
		a.pendingCall(ci, obj, p, args, toks, site, visit)
	}
}

// helperOf returns the fact.HelperFact of the function a call invokes, from
// this package's own helpers or an imported fact.
func (a *analysis_) helperOf(c *ssa.CallCommon) *fact.HelperFact {
	obj := calls.Callee(c)
	if obj == nil {
		return nil
	}
	if h, ok := a.helpers[obj]; ok {
		return h
	}
	var h fact.HelperFact
	if obj.Pkg() != a.pass.Pkg && a.pass.ImportObjectFact(obj, &h) {
		return &h
	}
	return nil
}

// findHelpers recognises this package's lock helpers: functions with a
// critical section inside which they call one of their func parameters.
func (a *analysis_) findHelpers(funcs []*ssa.Function, secs map[*ssa.Function][]*section.Section) {
	for _, fn := range funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Parent() != nil {
			continue
		}
		for _, sec := range secs[fn] {
			if sec.Extend || sec.May {
				continue
			}
			if h := a.helperIn(sec, fn); h != nil {
				a.helpers[obj] = h
				a.pass.ExportObjectFact(obj, h)
				break
			}
		}
		if _, done := a.helpers[obj]; done {
			continue
		}
		// A function that installs its func parameter as client-go's
		// OnStartedLeading callback: callers' literals run while leading.
		if ps, l := section.CallbackParams(fn); len(ps) > 0 {
			h := &fact.HelperFact{Lib: l.Lib, Param: ps[0], FenceArg: -1, Fence: "client-go exposes " + l.Fence.Accessor + " as the closest thing to a fencing token; read it from the Lease and compare it in the write"}
			a.helpers[obj] = h
			a.pass.ExportObjectFact(obj, h)
		}
	}
}

func (a *analysis_) helperIn(sec *section.Section, fn *ssa.Function) *fact.HelperFact {
	recv := 0
	if fn.Signature.Recv() != nil {
		recv = 1
	}
	for ci := range calls.In(fn) {
		if !sec.Contains(ci) {
			continue
		}
		p, ok := ci.Common().Value.(*ssa.Parameter)
		if !ok || ci.Common().StaticCallee() != nil {
			continue
		}
		idx := slices.Index(fn.Params, p)
		if idx < 0 {
			continue
		}
		h := &fact.HelperFact{Lib: sec.Lock.Lib, Param: idx - recv, FenceArg: -1, Fence: a.fenceText(sec)}
		toks := a.tokens(fn, nil)
		for i, arg := range ci.Common().Args {
			if toks.Has(arg) {
				h.FenceArg = i
				break
			}
		}
		for i, arg := range ci.Common().Args {
			if sec.HoldsOn(arg) {
				h.SessionArg = i + 1
				break
			}
		}
		return h
	}
	return nil
}

// helperSections makes the function literal passed to a lock helper a
// critical section of its own.
func (a *analysis_) helperSections(fn *ssa.Function) []*section.Section {
	var out []*section.Section
	for ci := range calls.In(fn) {
		h := a.helperOf(ci.Common())
		if h == nil {
			continue
		}
		// A function literal, a declared function or a method value.
		lit := a.callbackBody(calls.Arg(ci.Common(), h.Param))
		if lit == nil {
			continue
		}
		lock := &model.Lock{Lib: h.Lib, Fence: model.Fence{None: h.Fence}}
		sec := section.Callback(lock, lit, ci.Pos())
		fenceArg := h.FenceArg
		recv := 0
		if lit.Signature.Recv() != nil {
			recv = 1 // a method's parameters start with its receiver
		}
		if fenceArg >= 0 {
			fenceArg += recv
		}
		if i := h.SessionArg - 1 + recv; h.SessionArg > 0 && i < len(lit.Params) {
			// The transaction that holds the helper's lock: the callback's
			// statements on it end with the lock (section.Section.HoldsOn).
			sec.Handle, sec.TxScoped = lit.Params[i], true
		}
		if fenceArg >= 0 && fenceArg < len(lit.Params) {
			sec.Seeds = []ssa.Value{lit.Params[fenceArg]}
			lock.Fence = model.Fence{None: "the fencing token is passed to this callback as " + lit.Params[fenceArg].Name() + ": " + "use it in the write"}
		}
		out = append(out, sec)
	}
	return out
}

// fenceText describes the fence of a section for messages in other
// functions: "m.Header().Revision", or the library's advice.
func (a *analysis_) fenceText(sec *section.Section) string {
	if sec.Lock.Fence.Accessor != "" {
		return "the helper's lock token (" + sec.Lock.Fence.Expr(a.handleText(sec)) + ") is not passed to this callback; pass it and use it in the write"
	}
	return sec.Lock.Fence.None
}

// findWrappers recognises this package's acquire wrappers: functions that
// take a lock and return with it held, reporting success through their
// last error result or first bool result. It reports whether it found any.
func (a *analysis_) findWrappers(funcs []*ssa.Function, secs map[*ssa.Function][]*section.Section) bool {
	found := false
	for _, fn := range funcs {
		if fn.Parent() != nil {
			// A function literal (acquire := func() error { return
			// m.Lock(ctx) }) is a wrapper for the calls of it in its
			// package; nothing to export.
			if a.litWrappers[fn] != nil {
				continue
			}
			for _, sec := range secs[fn] {
				if f := wrapperFact(fn, fn.Signature, sec); f != nil && sec.HeldAtReturn() {
					f.Release = a.withReleasers(f.Release, sec.Lock, fn, funcs, secs)
					a.litWrappers[fn] = f.Lock()
					found = true
					break
				}
			}
			continue
		}
		obj, ok := fn.Object().(*types.Func)
		if !ok || a.custom.ann.Funcs[obj] != nil || a.wrappers[obj] != nil {
			continue // annotated functions say for themselves what they are; known wrappers are done
		}
		if table := leaseTableAcquire(fn); table != "" {
			lease := &section.Section{Lock: &model.Lock{Lib: "SQL lease on " + table, Table: table,
				Fence: model.Fence{None: "a lease row proves ownership only until it expires; add a fence column incremented on every takeover, return it, and compare it in the write"}}}
			if f := wrapperFact(fn, fn.Signature, lease); f != nil {
				f.Table = table
				a.wrappers[obj] = f.Lock()
				a.wrapperNames[obj.Name()] = true
				a.pass.ExportObjectFact(obj, f)
				found = true
				continue
			}
		}
		// A SET NX on a key the caller passes (Conditional sections) is a
		// lock for the callers that pass a lock's key.
		for _, sec := range append(slices.Clone(secs[fn]), a.condSecs[fn]...) {
			if !sec.HeldAtReturn() || a.helperIn(sec, fn) != nil {
				// A function that runs its func parameter inside the
				// section is a lock helper (WithLock(ctx, key, fn)): the
				// work is the callback, whatever the release it defers
				// looks like; its caller goes on without the lock.
				continue
			}
			f := wrapperFact(fn, fn.Signature, sec)
			if f == nil {
				continue
			}
			if sec.KeyParam > 0 {
				f.KeyParam, f.Handle = sec.KeyParam, 0
			}
			f.Release = a.withReleasers(f.Release, sec.Lock, fn, funcs, secs)
			a.wrappers[obj] = f.Lock()
			a.wrapperNames[obj.Name()] = true
			a.pass.ExportObjectFact(obj, f)
			a.record(fn, obj, nil, f)
			a.markLockHandles(obj)
			found = true
			break
		}
	}
	return found
}

// wrapperFact describes fn (nil for a function value known only by its
// signature sig) as an acquire wrapper of sec's lock.
func wrapperFact(fn *ssa.Function, sig *types.Signature, sec *section.Section) *fact.AcquireFact {
	res := sig.Results()
	// The release travels with the wrapper, so that a caller's section
	// ends at it and a wrapper of the wrapper is recognised too.
	f := &fact.AcquireFact{Lib: sec.Lock.Lib, Fence: sec.Lock.Fence.Accessor, NoFence: sec.Lock.Fence.None, Release: sec.Lock.Release,
		Chains: section.ChainsWrappers(sec.Lock), InSQL: sec.Lock.InSQL, Forever: sec.Forever}
	if sec.Lock.ReleaseCommand != nil {
		// conn.Do releases only as a DEL of the key: as a function of the
		// fact it would be every command. The package's functions that
		// release it stand for it (withReleasers).
		f.Release = nil
	}
	switch {
	case res.Len() > 0 && calls.IsBool(res.At(0).Type()):
		f.Success, f.Result = int(model.BoolTrue), 0
	case res.Len() > 0 && isError(res.At(res.Len()-1).Type()):
		f.Success, f.Result = int(model.ErrNil), res.Len()-1
	case res.Len() > 1 && calls.IsBool(res.At(res.Len()-1).Type()):
		// (value, ok): the token or owner value first, the success last.
		f.Success, f.Result = int(model.BoolTrue), res.Len()-1
	default:
		return nil
	}
	if sec.Lock.ReleaseFunc > 0 && sec.Call != nil {
		if call, ok := sec.Call.(*ssa.Call); ok {
			if i := returnedValue(fn, calls.Result(call, sec.Lock.ReleaseFunc-1), sameUnderlying); i >= 0 {
				f.ReleaseFunc = i + 1 // the caller releases by calling what it gets back
			}
		}
	}
	if f.ReleaseFunc == 0 && fn != nil && sec.Fn == fn {
		f.ReleaseFunc = section.ReturnedRelease(sec) // return func() { lock.Unlock() }, nil
	}
	if fn != nil && sec.Lock.InSQL && (sec.TxScoped || sec.Session || sec.Pooled) {
		f.Scope, f.ScopeRecv = scopeParam(fn, sec.Handle)
		f.TxScoped = sec.TxScoped
		if sec.TxScoped && f.Scope == 0 && !f.ScopeRecv {
			// A pg_advisory_xact_lock held by a transaction of fn's own
			// (begun in it, or in a helper that also ends it): the lock
			// ends with that transaction, which fn's caller never sees,
			// so the caller holds nothing after the call.
			return nil
		}
	}
	if f.Fence != "" {
		if i := returnedHandle(fn, sec); i >= 0 && strings.HasPrefix(f.Fence, "%s") {
			f.Handle = i + 1 // the caller reads the token from the handle it gets back
		} else {
			f.Fence = "" // the accessor names a handle the wrapper keeps to itself
			f.NoFence = sec.Lock.Lib + " has a fencing token, but this wrapper does not return it; return it and compare it in the write"
		}
	}
	return f
}

// scopeParam says which parameter of fn is the connection or transaction
// h that holds fn's SQL advisory lock: 1 + its index (receiver excluded),
// or recv for the receiver; 0, false when h is no parameter.
func scopeParam(fn *ssa.Function, h ssa.Value) (scope int, recv bool) {
	p, ok := calls.Unwrap(h).(*ssa.Parameter)
	if !ok {
		return 0, false
	}
	i := slices.Index(fn.Params, p)
	switch {
	case i < 0:
		return 0, false
	case fn.Signature.Recv() != nil && i == 0:
		return 0, true
	case fn.Signature.Recv() != nil:
		return i, false
	}
	return i + 1, false
}

// withReleasers adds to a new wrapper's releases the declared functions of
// this package that give l's lock up, so that a caller's section ends at
// them too. A lock without release functions (an SQL advisory lock) or a
// library's Lock method whose Unlock releases through a closure
// (golang-migrate's CasRestoreOnErr(&p.isLocked, ..., func() error {
// return p.releaseAdvisoryLock() })) would otherwise have a wrapper whose
// Unlock nobody recognises, and every function that locks, works and
// unlocks through them would be taken for a wrapper too.
func (a *analysis_) withReleasers(rel []model.Func, l *model.Lock, cand *ssa.Function, funcs []*ssa.Function, secs map[*ssa.Function][]*section.Section) []model.Func {
	out := slices.Clone(rel)
	for _, obj := range a.releasers(l, cand, funcs, secs) {
		if f := funcOf(obj); !slices.Contains(out, f) && len(out) < 16 { // keep facts small
			out = append(out, f)
		}
	}
	return out
}

// releasers returns the declared functions of this package that release
// l's lock without acquiring it: a release of l in their body, or a call
// to (or a function literal handed to a call, or deferred, that is) a
// function that releases it (Unlock hands database.CasRestoreOnErr a
// closure that calls releaseAdvisoryLock, which runs pg_advisory_unlock).
// A function that reaches an acquisition of the same library, the wrapper
// being inferred (cand) included, is never one: a wrapper that releases on
// a failure path, or a function that locks and unlocks around its work,
// is no release of the lock a caller holds.
func (a *analysis_) releasers(l *model.Lock, cand *ssa.Function, funcs []*ssa.Function, secs map[*ssa.Function][]*section.Section) []*types.Func {
	if len(l.Release) == 0 && !l.InSQL {
		return nil // only the lock's own release functions can release it
	}
	acq := reaching(funcs, nil, func(fn *ssa.Function) bool {
		if fn == cand || a.litWrappers[fn] != nil && a.litWrappers[fn].Lib == l.Lib {
			return true
		}
		if obj, ok := fn.Object().(*types.Func); ok && a.wrappers[obj] != nil && a.wrappers[obj].Lib == l.Lib {
			return true
		}
		return slices.ContainsFunc(secs[fn], func(s *section.Section) bool { return s.Lock.Lib == l.Lib })
	}, nil)
	rel := reaching(funcs, acq, nil, func(c *ssa.CallCommon) bool { return section.Releases(l, c) })
	var out []*types.Func
	for _, fn := range funcs {
		if obj, ok := fn.Object().(*types.Func); ok && fn.Parent() == nil && rel[fn] {
			out = append(out, obj)
		}
	}
	slices.SortFunc(out, func(x, y *types.Func) int { return strings.Compare(x.FullName(), y.FullName()) })
	return out
}

// reaching returns the functions among funcs, other than those in skip,
// for which seed holds, that make a call for which hit holds, or that call
// one of them, directly or by handing it (a function literal) to a call,
// to a fixed point.
func reaching(funcs []*ssa.Function, skip map[*ssa.Function]bool, seed func(*ssa.Function) bool, hit func(*ssa.CallCommon) bool) map[*ssa.Function]bool {
	in := map[*ssa.Function]bool{}
	for changed := true; changed; {
		changed = false
		for _, fn := range funcs {
			if in[fn] || skip[fn] {
				continue
			}
			found := seed != nil && seed(fn)
			for ci := range calls.In(fn) {
				if found {
					break
				}
				c := ci.Common()
				found = hit != nil && hit(c) || in[c.StaticCallee()]
				for _, arg := range c.Args {
					if lit := calls.FuncOf(arg); lit != nil {
						found = found || in[lit]
					}
				}
			}
			if found {
				in[fn], changed = true, true
			}
		}
	}
	return in
}

// returnedHandle returns the index of the result through which every
// return of fn that reports success hands back the section's lock handle,
// or -1.
func returnedHandle(fn *ssa.Function, sec *section.Section) int {
	if sec.Handle == nil {
		return -1
	}
	return returnedValue(fn, sec.Handle, types.Identical)
}

// returnedValue returns the index of the result, of a type same accepts
// for v's, through which a return of fn hands back v, or -1.
func returnedValue(fn *ssa.Function, v ssa.Value, same func(a, b types.Type) bool) int {
	if fn == nil || v == nil {
		return -1
	}
	for i := range fn.Signature.Results().Len() {
		if !same(fn.Signature.Results().At(i).Type(), v.Type()) {
			continue
		}
		for _, b := range fn.Blocks {
			if len(b.Instrs) == 0 {
				continue
			}
			if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && calls.SameValue(ret.Results[i], v) {
				return i
			}
		}
	}
	return -1
}

// sameUnderlying reports whether a and b have identical underlying types
// (a context.CancelFunc returned as a func()).
func sameUnderlying(a, b types.Type) bool { return types.Identical(a.Underlying(), b.Underlying()) }

// exportAnnotatedLocks records this package's annotated lock functions as
// acquisitions, here and for importers.
func (a *analysis_) exportAnnotatedLocks() {
	for fn, ann := range a.custom.ann.Funcs {
		if ann.Kind != annotation.Lock {
			continue
		}
		l := a.custom.lock(fn)
		a.wrappers[fn] = l
		a.wrapperNames[fn.Name()] = true
		a.pass.ExportObjectFact(fn, &fact.AcquireFact{Lib: l.Lib, Success: int(l.Success), Result: l.Result, NoFence: l.Fence.None, Release: l.Release})
	}
}

// acquireLock is the section.Lookup of the engine: local acquire wrappers
// and those imported through fact.AcquireFact.
func (a *analysis_) acquireLock(fn *types.Func, c *ssa.CallCommon) *model.Lock {
	if fn == nil {
		if sfn := c.StaticCallee(); sfn != nil {
			return a.litWrappers[sfn] // a function literal that acquires and returns
		}
		return nil
	}
	if l := a.lockByLiteral(fn, c); l != nil {
		return l
	}
	if l, ok := a.wrappers[fn]; ok {
		return l
	}
	if l := a.custom.lock(fn); l != nil {
		a.wrappers[fn] = l
		return l
	}
	var f fact.AcquireFact
	if fn.Pkg() == a.pass.Pkg || !a.pass.ImportObjectFact(fn, &f) {
		if c.IsInvoke() {
			return a.interfaceLock(c) // not memoised: it depends on the interface
		}
		if fn.Pkg() != a.pass.Pkg {
			a.wrappers[fn] = nil
		}
		return nil
	}
	l := f.Lock()
	a.wrappers[fn] = l
	return l
}

func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// leaseTableAcquire recognises a hand-rolled SQL lease: a write to a table
// named like a lock or lease whose condition tests an expiry column
// (UPDATE locks SET owner = $1, expires_at = ... WHERE name = $2 AND
// expires_at < now(), or the ON CONFLICT ... DO UPDATE ... WHERE form). It
// returns the table, or "".
func leaseTableAcquire(fn *ssa.Function) string {
	for ci := range calls.In(fn) {
		for _, arg := range calls.Args(ci.Common()) {
			text, ok := sqlcall.Text(arg)
			if !ok {
				continue
			}
			st := sqlfence.Parse(text)
			if st.Kind != sqlfence.Write || st.Verb == "DELETE" || !vocab.LockTable.Match(st.Table) {
				continue
			}
			_, where, _ := strings.Cut(strings.ToLower(text), "where")
			if vocab.ExpiryCondition.Match(where) {
				return st.Table
			}
		}
	}
	return ""
}

// lockByLiteral recognises a call handed a function literal that acquires a
// lock and returns with it held (backoff.Retry(func() error { return
// m.Lock(ctx) }, b)), when the call reports success the same way (a nil
// error, or a true first result): after its success the lock is held.
func (a *analysis_) lockByLiteral(fn *types.Func, c *ssa.CallCommon) *model.Lock {

	if len(a.litWrappers) == 0 || model.KB.IsLockAPI(fn) {
		return nil
	}
	for _, arg := range c.Args {
		l := a.litWrappers[calls.FuncOf(arg)]
		if l == nil {
			continue
		}
		sig, _ := fn.Type().(*types.Signature)
		if sig == nil {
			return nil
		}
		f := wrapperFact(nil, sig, &section.Section{Lock: l})
		if f == nil || f.Success != int(l.Success) {
			return nil
		}
		return f.Lock()
	}
	return nil
}
