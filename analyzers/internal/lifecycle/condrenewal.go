package lifecycle

import (
	"fmt"
	"go/types"
	"regexp"
	"slices"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/outcome"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlfence"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlrenewal"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/internal/checks"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// A lease renewal written as a store's conditional request (DynamoDB's
// UpdateItem with UpdateExpression "SET lease_expires_at = :t" and
// ConditionExpression "lease_owner = :me"). It is the same renewal as
// the SQL UPDATE ... WHERE owner = $1, and it reports a lost lease the
// store's way: the condition is false once another holder has taken the
// record, and the request fails with the store's condition-failure error
// (model.InputConds.Failures). That error is the loss signal. It is
// dropped when the request's error is discarded or only logged, or when
// the code tests for the condition failure (errors.As(err, &condErr)) and
// then hides it: goes back to the loop's top, or returns no error
// (outcome.Swallows). A renewal that returns the error is summarised,
// and its callers are judged as the SQL renewals' are.

// builtRenewal judges a store write in fn whose statement is built from a
// query builder's chain or a request's fields, if it renews a lease.
func (r *renewals) builtRenewal(fn *ssa.Function, ci ssa.CallInstruction) {
	callee := calls.Callee(ci.Common())
	if callee == nil || !slices.ContainsFunc(model.KB.Sinks, func(s *model.Sink) bool {
		return (s.Cond == model.CondChain || s.Cond == model.CondInput) && model.MatchesAny(s.Funcs, callee)
	}) {
		return // classify only the builders' and the requests' writes
	}
	e := effect.Classify(ci, nil)
	if e == nil || e.Sink == nil {
		return
	}
	switch {
	case e.Sink.Cond == model.CondChain && e.Sink.RowsField:
		r.chainRenewal(fn, ci, e)
	case e.Sink.Cond == model.CondInput && e.Sink.Conditions != nil && len(e.Sink.Conditions.Failures) > 0:
		r.inputRenewal(fn, ci, e)
	}
}

var (
	exprValue = regexp.MustCompile(`:[A-Za-z0-9_]+`)
	exprName  = regexp.MustCompile(`#([A-Za-z0-9_]+)`)
	// otherClauses are the update expression's clauses besides SET: a
	// REMOVE of the holder is a release, not a renewal.
	otherClauses = regexp.MustCompile(`(?i)\b(REMOVE|DELETE|ADD)\b`)
)

// inputStatement spells a conditional request's update as SQL for
// sqlrenewal: UPDATE tbl SET <the update expression's SET> WHERE <the
// condition>, with the request's value placeholders (:t) as ? and its
// name placeholders (#owner) as the names they stand for by convention.
// "" when the request has no constant update expression with SET alone, or
// no constant condition.
func inputStatement(in ssa.Value, conds *model.InputConds) string {
	var update, cond string
	for _, v := range calls.Stores(in) {
		text, ok := constText(v.Val)
		switch {
		case !ok:
		case slices.Contains(conds.Updates, v.Name):
			update = text
		case slices.Contains(conds.Fields, v.Name):
			cond = text
		}
	}
	update = strings.TrimSpace(update)
	if cond == "" || len(update) < 4 || !strings.EqualFold(update[:4], "SET ") || otherClauses.MatchString(update) {
		return ""
	}
	text := "UPDATE tbl " + update + " WHERE " + cond
	return exprName.ReplaceAllString(exprValue.ReplaceAllString(text, "?"), "$1")
}

// constText returns the constant text of v, also through a one-argument
// call that takes its address (aws.String("...")).
func constText(v ssa.Value) (string, bool) {
	if s, ok := calls.ConstString(v); ok {
		return s, true
	}
	if call, ok := calls.Unwrap(v).(*ssa.Call); ok && len(call.Call.Args) == 1 {
		return calls.ConstString(call.Call.Args[0])
	}
	return "", false
}

// inputRenewal judges a conditional request that renews a lease.
func (r *renewals) inputRenewal(fn *ssa.Function, ci ssa.CallInstruction, e *effect.Effect) {
	conds := e.Sink.Conditions
	text := inputStatement(calls.Arg(ci.Common(), e.Sink.Query), conds)
	if text == "" {
		return
	}
	st, what := sqlrenewal.Statement(text, fn, r.l.judged)
	if st == nil || slices.ContainsFunc(st.Guards, func(g sqlfence.Guard) bool {
		return g.Clause == "where" && g.Op == "=" && slices.Contains(st.Assigned, g.Column)
	}) {
		return // the holder compared is rewritten: a release or a handover, not a renewal
	}
	what = strings.Replace(what, "UPDATE <table> SET", e.Via()+": SET", 1)
	where := r.l.where(ci.Pos())
	call, ok := ci.(*ssa.Call)
	if !ok {
		return // go/defer of a request: no error to read
	}
	err := calls.ErrorResult(call)
	if how := outcome.ErrorDropped(err, ci); how != "" {
		pos, end := r.l.span(ci)
		r.l.report(unit.Finding{Code: checks.IgnoredLeaseLoss, Pos: pos, End: end, Key: ci.Pos(), Related: r.leaseTaken(fn, ci, what),
			Message: fmt.Sprintf("the error of this lease renewal (%s) %s: the request fails with %s when the record no longer names this holder (the lease expired and another holder took it), so the work goes on without the lease; return the error or stop the work (cancel its context) when the renewal fails",
				what, how, failureName(conds))})
		return
	}
	if as, failure := conditionTest(err, conds); as != nil {
		for _, u := range outcome.Uses(as) {
			iff, ok := u.(*ssa.If)
			if !ok || !outcome.Swallows(fn, iff.Block().Succs[0], ci) {
				continue
			}
			pos, end := r.l.span(as)
			r.l.report(unit.Finding{Code: checks.IgnoredLeaseLoss, Pos: pos, End: end, Key: as.Pos(),
				Related: []analysis.RelatedInformation{{Pos: ci.Pos(), Message: "the lease is renewed here, on condition that the record still names this holder"}},
				Message: fmt.Sprintf("this tests whether the lease renewal at %s (%s) failed its condition (%s: the record no longer names this holder, another holder has taken the lease) and then hides it: the code goes on as if the lease were renewed, and whoever works on it keeps working without the lease; return an error that says the lease was lost (ErrLeaseLost) and stop the work (cancel its context)",
					where, what, failure)})
			return
		}
		return // the condition failure handled
	}
	if outcome.ReturnsErr(fn, err) {
		r.summarise(fn, &RenewalFact{Signal: renewalErr, Result: outcome.ErrIndex(fn), KeyParam: -1, What: what, Where: where})
	}
}

// conditionTest returns the errors.As call (model.KB.ErrorTypeTests) that tests err for one of the
// store's condition failures, with the failure's name.
func conditionTest(err ssa.Value, conds *model.InputConds) (*ssa.Call, string) {
	if err == nil {
		return nil, ""
	}
	for _, u := range outcome.Uses(err) {
		call, ok := u.(*ssa.Call)
		if !ok || len(call.Call.Args) != 2 {
			continue
		}
		if fn := calls.Callee(&call.Call); fn == nil || !model.MatchesAny(model.KB.ErrorTypeTests, fn) {
			continue
		}
		if f := failureOf(calls.Unwrap(call.Call.Args[1]).Type(), conds); f != "" {
			return call, f
		}
	}
	return nil, ""
}

// failureOf returns the name of the condition failure that t (the
// target of errors.As, **T) points to, or "".
func failureOf(t types.Type, conds *model.InputConds) string {
	for {
		p, ok := t.Underlying().(*types.Pointer)
		if !ok {
			break
		}
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	for _, f := range conds.Failures {
		if n.Obj().Pkg().Path() == f.Pkg && n.Obj().Name() == f.Type {
			return f.Type
		}
	}
	return ""
}

// failureName names the condition failures in messages.
func failureName(conds *model.InputConds) string {
	var names []string
	for _, f := range conds.Failures {
		names = append(names, f.Type)
	}
	return strings.Join(names, " or ")
}
