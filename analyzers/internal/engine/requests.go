package engine

import (
	"fmt"
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/flow"
	"golang.org/x/tools/go/ssa"
)

// RequestFact says that a function sends an HTTP request whose method its
// caller gives it: parameter Method (the receiver counts first) is the
// method of the request it builds and sends, as an application's request
// helper does (Do(method, url, body)). A call of such a function with a
// constant method that changes state (PATCH, POST, PUT, DELETE) is an HTTP
// request of its caller's; with GET, or a method decided at run time, it
// is nothing, as the request itself would be.
type RequestFact struct {
	Method int
	Family string // the family of the sink the request reaches ("net/http")
}

func (*RequestFact) AFact() {}

func (f *RequestFact) String() string {
	return fmt.Sprintf("request(param %d, %s)", f.Method, f.Family)
}

// findRequestHelpers recognises this package's request helpers, to a fixed
// point (a helper calling a helper with its own method parameter), and
// exports their facts.
func (a *analysis_) findRequestHelpers(funcs []*ssa.Function) {
	for round := 0; round < maxDepth; round++ {
		changed := false
		for _, fn := range funcs {
			obj, ok := fn.Object().(*types.Func)
			if !ok || fn.Parent() != nil || a.requests[obj] != nil {
				continue
			}
			if f := a.requestParam(fn); f != nil {
				a.requests[obj] = f
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	for obj, f := range a.requests {
		if obj.Pkg() == a.pass.Pkg {
			a.pass.ExportObjectFact(obj, f)
		}
	}
}

// requestParam returns the fact of fn when one of its parameters is the
// method of a request it sends, or that it hands to a request helper as
// the method.
func (a *analysis_) requestParam(fn *ssa.Function) *RequestFact {
	for ci := range calls.In(fn) {
		if p := effect.RequestMethodParam(ci); p != nil {
			return &RequestFact{Method: calls.ParamIndex(fn, p), Family: "net/http"}
		}
		f := a.requestHelper(ci.Common())
		if f == nil || f.Method >= len(ci.Common().Args) {
			continue
		}
		if p, ok := calls.Unwrap(ci.Common().Args[f.Method]).(*ssa.Parameter); ok && p.Parent() == fn {
			return &RequestFact{Method: calls.ParamIndex(fn, p), Family: f.Family}
		}
	}
	return nil
}

// requestHelper returns the RequestFact of the function a static call
// invokes, local or imported.
func (a *analysis_) requestHelper(c *ssa.CallCommon) *RequestFact {
	if c.IsInvoke() || c.StaticCallee() == nil {
		return nil
	}
	obj := calls.Callee(c)
	if obj == nil {
		return nil
	}
	if f, ok := a.requests[obj]; ok {
		return f
	}
	var f RequestFact
	if obj.Pkg() != a.pass.Pkg && a.pass.ImportObjectFact(obj, &f) {
		a.requests[obj] = &f
		return &f
	}
	return nil
}

// helperRequest returns the effect of a call of a request helper, judged
// on the method the caller passes (nil for a read or an unknown method).
func (a *analysis_) helperRequest(ci ssa.CallInstruction, toks *flow.Tokens) *effect.Effect {
	f := a.requestHelper(ci.Common())
	if f == nil {
		return nil
	}
	return effect.HelperRequest(ci, f.Method, f.Family, toks)
}
