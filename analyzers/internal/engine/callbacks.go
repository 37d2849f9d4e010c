package engine

import (
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/fact"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/section"
	"golang.org/x/tools/go/ssa"
)

// A lock helper may take its critical section as a struct field rather
// than a parameter: an elector whose Run campaigns and then calls
// e.callbacks.OnStartedLeading(ctx), set by whoever built the elector.
// Such a field is a callback of the lock when the package calls it, and
// only inside sections of one lock, through its receiver or an argument
// of the calling function; a function stored into it anywhere (a struct
// literal, an assignment, in this package or an importer's) is then a
// critical section, like a literal handed to a helper's func parameter.

// findCallbackFields records the func-typed fields this package calls
// only inside sections of one lock, and exports a fact for those its own
// types declare.
func (a *analysis_) findCallbackFields(funcs []*ssa.Function, secs map[*ssa.Function][]*section.Section) {
	found := map[*types.Var]*fact.CallbackFact{}
	outside := map[*types.Var]bool{}
	for _, fn := range funcs {
		for ci := range calls.In(fn) {
			field := calledField(ci.Common(), fn)
			if field == nil {
				continue
			}
			var in *section.Section
			for _, sec := range secs[fn] {
				if !sec.Extend && !sec.May && !sec.Summary && sec.Contains(ci) {
					in = sec
					break
				}
			}
			switch prev := found[field]; {
			case in == nil:
				outside[field] = true
			case prev == nil:
				found[field] = &fact.CallbackFact{Lib: in.Lock.Lib, Fence: a.fenceText(in)}
			case prev.Lib != in.Lock.Lib:
				outside[field] = true // two locks: whose section it is is not known
			}
		}
	}
	for field, f := range found {
		if outside[field] {
			continue
		}
		a.callbacks[field] = f
		if field.Pkg() == a.pass.Pkg {
			a.pass.ExportObjectFact(field, f)
		}
	}
}

// calledField returns the func-typed struct field whose value c calls,
// loaded through fn's receiver or one of its parameters
// (e.callbacks.OnStartedLeading(ctx), opts.Run(ctx)), or nil.
func calledField(c *ssa.CallCommon, fn *ssa.Function) *types.Var {
	if c.IsInvoke() || c.StaticCallee() != nil {
		return nil
	}
	field, base := calls.LoadedField(c.Value)
	if field == nil {
		return nil
	}
	for v := base; v != nil; {
		switch x := v.(type) {
		case *ssa.Parameter:
			if x.Parent() == fn {
				return field
			}
			return nil
		case *ssa.UnOp:
			v = x.X
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.Field:
			v = x.X
		default:
			return nil
		}
	}
	return nil
}

// callbackOf returns the fact of a callback field, of this package or
// imported.
func (a *analysis_) callbackOf(field *types.Var) *fact.CallbackFact {
	if field == nil {
		return nil
	}
	if f, ok := a.callbacks[field]; ok {
		return f
	}
	var f fact.CallbackFact
	if field.Pkg() != nil && field.Pkg() != a.pass.Pkg && a.pass.ImportObjectFact(field, &f) {
		a.callbacks[field] = &f
		return &f
	}
	a.callbacks[field] = nil
	return nil
}

// callbackSections makes each function of this package stored into a
// callback field a critical section of its own.
func (a *analysis_) callbackSections(fn *ssa.Function) []*section.Section {
	var out []*section.Section
	for st, fa := range calls.FieldStoresIn(fn) {
		f := a.callbackOf(calls.FieldVar(fa.X.Type(), fa.Field))
		if f == nil {
			continue
		}
		body := a.callbackBody(calls.Unwrap(st.Val))
		if body == nil {
			continue
		}
		pos := st.Pos()
		if !pos.IsValid() {
			pos = body.Pos()
		}
		out = append(out, section.Callback(&model.Lock{Lib: f.Lib, Fence: model.Fence{None: f.Fence}}, body, pos))
	}
	return out
}

// callbackBody returns the function of this package a function value
// runs: a function literal, a declared function, or the method of a
// method value (s.lead), or nil.
func (a *analysis_) callbackBody(v ssa.Value) *ssa.Function {
	fn := calls.FuncOf(v)
	if fn == nil {
		return nil
	}
	if fn.Synthetic != "" {
		// A method value's wrapper calls the method: that is the body.
		c := calls.WrappedCall(fn)
		if c == nil {
			return nil
		}
		fn = c.StaticCallee()
	}
	if fn == nil || !a.local(fn) {
		return nil
	}
	return fn
}
