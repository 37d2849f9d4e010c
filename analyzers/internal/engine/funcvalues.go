package engine

import (
	"go/token"
	"go/types"
	"slices"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/fact"
	"github.com/fencecheck/fencecheck/analyzers/internal/flow"
	"github.com/fencecheck/fencecheck/analyzers/internal/section"
	"golang.org/x/tools/go/ssa"
)

// Work handed to a lease check as a function value. A generic helper
// checks the lease and runs what it was given (runTicker(ctx, d, le, fn):
// if le.IsLeader() { fn(ctx) }); the work is bound where the program is
// wired, often wrapped once more (guard(logger, name,
// svc.AutoFailover) returns a closure that recovers panics around the
// method value). A lock helper's callbacks become sections of their own
// at its callers (helperSections); a checked section has no fact to carry
// to callers, so its walk resolves the parameter at the helper's call
// sites in this package instead, and reports the work's effects at the
// call of the parameter.

// maxFuncValueSteps bounds the wrappers followed from an argument to the
// function it stands for.
const maxFuncValueSteps = 3

// funcTarget is a function a function value runs: a function of this
// package, or another package's function known by its summary, with the
// arguments bound before the call (a method value's receiver).
type funcTarget struct {
	local  *ssa.Function
	remote *types.Func
	bound  []ssa.Value
}

// paramTargets returns the functions the parameter p of fn stands for at
// fn's call sites in this package.
func (a *analysis_) paramTargets(fn *ssa.Function, p *ssa.Parameter) []funcTarget {
	idx := slices.Index(fn.Params, p)
	if idx < 0 || fn.Parent() != nil {
		return nil
	}
	var out []funcTarget
	for _, ci := range a.index.Callers(fn) {
		if args := ci.Common().Args; idx < len(args) {
			out = append(out, a.funcTargets(args[idx], 0)...)
		}
	}
	return out
}

// funcTargets resolves a function value: a literal or declared function
// of this package, a method value (its method, here or in another
// package), or the result of a function of this package that returns a
// closure around one of its func parameters (a wrapper), resolved at the
// call.
func (a *analysis_) funcTargets(v ssa.Value, depth int) []funcTarget {
	if depth > maxFuncValueSteps {
		return nil
	}
	v = calls.Unwrap(v)
	if call, ok := v.(*ssa.Call); ok {
		return a.wrappedTargets(call, depth)
	}
	fn := calls.FuncOf(v)
	if fn == nil {
		return nil
	}
	if fn.Synthetic != "" {
		var bound []ssa.Value // the receiver of a method value
		if mc, ok := v.(*ssa.MakeClosure); ok {
			bound = mc.Bindings
		}
		// A method value's wrapper: its one call is the method.
		wc := calls.WrappedCall(fn)
		if wc == nil {
			return nil
		}
		target := calls.Callee(wc)
		if target == nil {
			return nil
		}
		if target.Pkg() == a.pass.Pkg {
			if body := a.pkg.Prog.FuncValue(target); body != nil && a.local(body) {
				return []funcTarget{{local: body, bound: bound}}
			}
		}
		return []funcTarget{{remote: target, bound: bound}}
	}
	if !a.local(fn) {
		return nil
	}
	return []funcTarget{{local: fn}}
}

// wrappedTargets resolves the result of call when its callee, a function
// of this package, returns only closures that call one of their free
// variables bound to a parameter of the callee: the function the caller
// passed in that parameter.
func (a *analysis_) wrappedTargets(call *ssa.Call, depth int) []funcTarget {
	g := call.Call.StaticCallee()
	if g == nil || !a.local(g) {
		return nil
	}
	var out []funcTarget
	for _, b := range g.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		if len(ret.Results) != 1 {
			return nil
		}
		mc, ok := calls.Unwrap(ret.Results[0]).(*ssa.MakeClosure)
		if !ok {
			return nil
		}
		body := mc.Fn.(*ssa.Function)
		for ci := range calls.In(body) {
			fv := capturedCallee(ci.Common())
			if fv == nil {
				continue
			}
			i := slices.Index(body.FreeVars, fv)
			if i < 0 || i >= len(mc.Bindings) {
				continue
			}
			p := spilledParam(mc.Bindings[i])
			if p == nil {
				continue
			}
			if j := slices.Index(g.Params, p); j >= 0 && j < len(call.Call.Args) {
				out = append(out, a.funcTargets(call.Call.Args[j], depth+1)...)
			}
		}
	}
	return out
}

// followParamCall walks what a call of the section's function's own func
// parameter runs, in a checked section (see above).
func (a *analysis_) followParamCall(sec *section.Section, ci ssa.CallInstruction, toks *flow.Tokens, path *section.Path, site ssa.CallInstruction, depth int, seen map[memoKey]bool, visit visitFunc) {
	c := ci.Common()
	p, ok := c.Value.(*ssa.Parameter)
	if !ok || sec.CheckName == "" || ci.Parent() != sec.Fn || c.IsInvoke() {
		return
	}
	emit := func(e *effect.Effect, site ssa.CallInstruction) { visit(e, site, path) }
	for _, t := range a.paramTargets(sec.Fn, p) {
		switch {
		case t.local != nil:
			a.walk(sec, t.local, nil, nil, path.Enter(ci, t.local.Params, append(slices.Clone(t.bound), c.Args...)), siteFor(sec, t.local, ci, site), depth+1, seen, visit)
		case t.remote != nil:
			var f fact.EffectsFact
			if !a.pass.ImportObjectFact(t.remote, &f) {
				continue
			}
			a.summarizedWith(ci, t.remote, &f, append(slices.Clone(t.bound), c.Args...), toks, site, emit)
		}
	}
}

// capturedCallee returns the free variable a closure calls through
// (fn(ctx), or *fn(ctx) where the captured variable lives on the heap),
// or nil.
func capturedCallee(c *ssa.CallCommon) *ssa.FreeVar {
	if c.IsInvoke() {
		return nil
	}
	switch x := c.Value.(type) {
	case *ssa.FreeVar:
		return x
	case *ssa.UnOp:
		if x.Op == token.MUL {
			fv, _ := x.X.(*ssa.FreeVar)
			return fv
		}
	}
	return nil
}

// spilledParam returns the parameter a closure's binding holds: the
// parameter itself, or the heap cell go/ssa stores a captured parameter
// into; nil for anything else.
func spilledParam(b ssa.Value) *ssa.Parameter {
	switch x := b.(type) {
	case *ssa.Parameter:
		return x
	case *ssa.Alloc:
		var p *ssa.Parameter
		for _, r := range *x.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == x {
				q, ok := st.Val.(*ssa.Parameter)
				if !ok || p != nil {
					return nil // reassigned: not the caller's value alone
				}
				p = q
			}
		}
		return p
	}
	return nil
}
