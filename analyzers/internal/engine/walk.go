package engine

import (
	"fmt"
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/flow"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/section"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"golang.org/x/tools/go/ssa"
)

// visitFunc receives each effect found inside a section, with the call in
// the section's own function through which it was reached (nil when the
// effect is in that function or in a function literal written there), and
// the walk's path down to the effect's function (section.Path: what its
// parameters stand for).
type visitFunc func(e *effect.Effect, site ssa.CallInstruction, path *section.Path)

// emitFunc receives an effect the walk found at one call: visitFunc with
// the path of the call's function.
type emitFunc func(e *effect.Effect, site ssa.CallInstruction)

// walk visits the effects of fn that run inside sec; path is the walk's
// way down to fn (nil for sec.Fn).
func (a *analysis_) walk(sec *section.Section, fn *ssa.Function, seeds []ssa.Value, args map[*ssa.Parameter]ssa.Value, path *section.Path, site ssa.CallInstruction, depth int, seen map[memoKey]bool, visit visitFunc) {
	toks := a.tokens(fn, seeds).WithArgs(args)
	emit := func(e *effect.Effect, site ssa.CallInstruction) { visit(e, site, path) }
	// Keyed by the call in the section's function through which fn is
	// reached: a function called from two places under one lock is
	// reported at each of them.
	key := memoKey{fn, fmt.Sprintf("%s%p", seedKey(seeds), site)}
	if seen[key] {
		return
	}
	seen[key] = true
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if fn == sec.Fn && !sec.Contains(instr) {
				continue
			}
			ci, ok := instr.(ssa.CallInstruction)
			if !ok || ci == sec.Call {
				continue
			}
			if e := a.custom.sink(ci, toks); e != nil {
				emit(e, site)
				continue
			}
			if effect.Coalesces(ci) {
				continue // applied at most once whoever repeats it (a set-add, an enqueue with a task ID, a create-if-absent): nothing to judge, nothing inside to follow
			}
			if effect.ObjectRead(ci) {
				continue // an object store's read (StatObject): nothing to judge, nothing inside to follow
			}
			if e := effect.Classify(ci, toks); e != nil {
				emit(e, site)
				continue
			}
			if e := a.helperRequest(ci, toks); e != nil {
				// A request helper sends the request with the method given here.
				emit(e, site)
				continue
			}
			if f := a.statementHelper(ci.Common()); f != nil && calls.Callee(ci.Common()).Pkg() != a.pass.Pkg {
				// Another package's exec helper runs this caller's statement.
				if e := effect.ClassifyAs(ci, a.statementSink(ci.Common()), toks); e != nil {
					emit(e, site)
					continue
				}
			}
			if depth >= maxDepth {
				// Deeper calls are known by their summaries (facts.go), as
				// another package's functions are: reach is not bounded, only
				// the inline walk is.
				a.deepEffects(ci, toks, site, emit)
				continue
			}
			a.follow(sec, ci, toks, path, site, depth, seen, visit)
		}
	}
}

// follow walks into functions called from inside a section: static calls
// to functions of this package, closures, and function literals handed to
// other calls (transaction helpers, errgroup.Go), which run inside too.
// Functions of other packages are known through their fact.EffectsFact.
func (a *analysis_) follow(sec *section.Section, ci ssa.CallInstruction, toks *flow.Tokens, path *section.Path, site ssa.CallInstruction, depth int, seen map[memoKey]bool, visit visitFunc) {
	c := ci.Common()
	emit := func(e *effect.Effect, site ssa.CallInstruction) { visit(e, site, path) }
	if a.lockBookkeeping(ci.Parent(), calls.Callee(c)) {
		return // the lock type's own protocol (locktype.go)
	}
	if !sec.Summary && sec.Lock.Release != nil && section.Releases(sec.Lock, c) {
		return // the lock's own release (a wrapper's ReleaseLock): its writes are the lock's
	}
	if ownInterfaceRelease(sec, c) {
		return // d.Lock() ... d.Unlock(): the lock's release, whichever implementation answers
	}
	callee := c.StaticCallee()
	switch {
	case callee != nil && a.local(callee):
		var seeds []ssa.Value
		for i, arg := range c.Args {
			if i < len(callee.Params) && toks.Has(arg) {
				seeds = append(seeds, callee.Params[i])
			}
		}
		seeds = append(seeds, boundSeeds(c.Value, callee, toks)...)
		a.walk(sec, callee, seeds, bindArgs(callee.Params, c.Args), path.Enter(ci, callee.Params, c.Args), siteFor(sec, callee, ci, site), depth+1, seen, visit)
	case c.IsInvoke():
		// An interface call: follow the implementations this package
		// declares (the repository behind a Store interface).
		impls := a.implementations(c)
		for _, impl := range impls {
			if obj, ok := impl.Object().(*types.Func); ok && a.lockBookkeeping(ci.Parent(), obj) {
				continue
			}
			var seeds []ssa.Value
			for i, arg := range c.Args {
				if i+1 < len(impl.Params) && toks.Has(arg) {
					seeds = append(seeds, impl.Params[i+1])
				}
			}
			var params []*ssa.Parameter
			if len(impl.Params) > 0 {
				params = impl.Params[1:] // after the receiver
			}
			a.walk(sec, impl, seeds, bindArgs(params, c.Args), path.Enter(ci, impl.Params, append([]ssa.Value{c.Value}, c.Args...)), siteFor(sec, impl, ci, site), depth+1, seen, visit)
		}
		// Implementations in other packages (dispatch.go).
		a.dispatch(sec.Summary, ci, toks, site, emit, len(impls) > 0)
	default:
		if obj := calls.Callee(c); obj != nil && obj.Pkg() != a.pass.Pkg && !model.KB.IsLockAPI(obj) {
			a.remoteEffects(ci, obj, toks, site, emit)
		}
		// The section's function's own func parameter (funcvalues.go).
		a.followParamCall(sec, ci, toks, path, site, depth, seen, visit)
	}
	if h := a.helperOf(c); h != nil {
		return // the literal is its own section (see helperSections)
	}
	var helper *ssa.Function // a function of the package the literal is handed to
	if callee != nil && a.local(callee) {
		helper = callee
	}
	for i, arg := range c.Args {
		lit := calls.FuncOf(arg)
		if lit == nil || !a.local(lit) || lit == callee {
			continue
		}
		a.walk(sec, lit, boundSeeds(arg, lit, toks), nil, path.Literal(ci, arg, lit, helper, i), siteFor(sec, lit, ci, site), depth+1, seen, visit)
	}
}

// bindArgs pairs a callee's parameters with the arguments of one call.
func bindArgs(params []*ssa.Parameter, args []ssa.Value) map[*ssa.Parameter]ssa.Value {
	m := map[*ssa.Parameter]ssa.Value{}
	for i, p := range params {
		if i < len(args) {
			m[p] = args[i]
		}
	}
	return m
}

// local reports whether fn has a body declared in this package, generic
// instances included (calls.LocalOrInstance).
func (a *analysis_) local(fn *ssa.Function) bool { return calls.LocalOrInstance(fn, a.pkg) }

// implementations returns this package's concrete methods that an
// interface call may dispatch to.
func (a *analysis_) implementations(c *ssa.CallCommon) []*ssa.Function {
	iface, ok := c.Value.Type().Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	// Memoised: a package with many types and many interface calls (river's
	// generated queries) otherwise spends most of its time in
	// types.Implements.
	key := implKey{iface, c.Method}
	if out, ok := a.impls[key]; ok {
		return out
	}
	var out []*ssa.Function
	defer func() { a.impls[key] = out }()
	for _, m := range a.pkg.Members {
		tn, ok := m.(*ssa.Type)
		if !ok {
			continue
		}
		for _, t := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
			if _, isIface := t.Underlying().(*types.Interface); isIface || !types.Implements(t, iface) {
				continue
			}
			if fn := a.pkg.Prog.LookupMethod(t, c.Method.Pkg(), c.Method.Name()); fn != nil && a.local(fn) {
				out = append(out, fn)
			}
			break
		}
	}
	return out
}

type implKey struct {
	iface  *types.Interface
	method *types.Func
}

// boundSeeds returns the free variables of a closure that are bound to
// token-carrying values.
func boundSeeds(v ssa.Value, fn *ssa.Function, toks *flow.Tokens) []ssa.Value {
	mc, ok := v.(*ssa.MakeClosure)
	if !ok {
		return nil
	}
	var seeds []ssa.Value
	for i, b := range mc.Bindings {
		if i < len(fn.FreeVars) && toks.Has(b) {
			seeds = append(seeds, fn.FreeVars[i])
		}
	}
	return seeds
}

// siteFor decides where an effect in callee is reported: function
// literals written inside the section's function are reported at the
// effect itself; named functions at the call inside the section, which is
// the line the user must change.
func siteFor(sec *section.Section, callee *ssa.Function, ci, site ssa.CallInstruction) ssa.CallInstruction {
	if site != nil {
		return site
	}
	for p := callee.Parent(); p != nil; p = p.Parent() {
		if p == sec.Fn {
			return nil
		}
	}
	return ci
}

// ownInterfaceRelease reports whether c calls a release-named method
// (Unlock, Release) of the interface through which the section's lock was
// acquired (d.Lock() then d.Unlock(), or another driver's e.Unlock(), on a
// database.Driver). The call releases a lock of that kind: following it
// into every implementation the program has (another driver's Unlock
// deleting its lock document) would report locks' own protocols as the
// holder's effects.
func ownInterfaceRelease(sec *section.Section, c *ssa.CallCommon) bool {
	if sec.Summary || sec.Call == nil || !c.IsInvoke() || !vocab.ReleaseVerb.Match(c.Method.Name()) {
		return false
	}
	acq := sec.Call.Common()
	return acq.IsInvoke() && types.Identical(acq.Value.Type(), c.Value.Type())
}
