package effect

import (
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/flow"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"golang.org/x/tools/go/ssa"
)

// RequestMethodParam returns the parameter of call's function that is the
// method of the HTTP request call sends (c.client.Do(req) after
// http.NewRequest(method, url, body)), or nil: the function is an
// application's request helper (Do(method, url, body)), whose callers
// decide with the method whether the request changes state.
func RequestMethodParam(call ssa.CallInstruction) *ssa.Parameter {
	c := call.Common()
	callee := calls.Callee(c)
	if callee == nil {
		return nil
	}
	sink := lookup(callee, c)
	if sink == nil || sink.Cond != model.CondRequest || sink.Shape != model.ByName {
		return nil
	}
	switch callee.Name() {
	case "Do", "RoundTrip":
	default:
		return nil
	}
	p, ok := calls.Unwrap(requestMethodArg(calls.Arg(c, 0))).(*ssa.Parameter)
	if !ok || p.Parent() != call.Parent() {
		return nil
	}
	return p
}

// HelperRequest returns the effect of a call of a request helper (a
// function whose parameter method is the method of the HTTP request it
// sends, RequestMethodParam) made with a constant method, or nil when the
// method is not constant or does not change state (GET, HEAD, OPTIONS,
// TRACE). The request carries the token when one reaches any argument of
// the call (the URL, the body, a header map).
func HelperRequest(call ssa.CallInstruction, method int, family string, toks *flow.Tokens) *Effect {
	c := call.Common()
	args := c.Args
	if c.IsInvoke() {
		return nil // a helper is known only as a declared function
	}
	if method < 0 || method >= len(args) {
		return nil
	}
	m, ok := calls.ConstString(args[method])
	if !ok {
		return nil // decided at run time: stay silent
	}
	m = strings.ToUpper(m)
	switch m {
	case "", "GET", "HEAD", "OPTIONS", "TRACE":
		return nil
	}
	callee := calls.Callee(c)
	name := callee.Name()
	if recv := model.RecvName(callee); recv != "" && recv != "?" {
		name = recv + "." + name
	}
	e := &Effect{Sink: model.KB.SinkFor(family, model.CondRequest), Call: call, Callee: callee, Receiver: calls.Receiver(c),
		Verdict: Missing, What: m + " request", Method: m, via: family + " request sent by " + name}
	if toks.Any(calls.Args(c)...) { // the receiver (the client) carries nothing the server sees
		e.Verdict = Carried
	}
	return e
}
