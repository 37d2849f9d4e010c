package engine

import (
	"fmt"
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"golang.org/x/tools/go/ssa"
)

// StatementFact says that a function runs SQL its caller gives it: the
// statement is its parameter Query, bound from parameter Args on (-1:
// none), as an application's exec helper does (DBExec(db, sql, args...)).
// Parameters count the receiver first. A call of such a function is an
// SQL sink of its caller's, judged on the caller's text.
type StatementFact struct {
	Query, Args int
	Family      string // the family of the sink the statement reaches ("database/sql")
}

func (*StatementFact) AFact() {}

func (f *StatementFact) String() string {
	return fmt.Sprintf("statement(param %d, args %d, %s)", f.Query, f.Args, f.Family)
}

// findStatementHelpers recognises this package's exec helpers, to a fixed
// point (a helper calling a helper), and exports their facts.
func (a *analysis_) findStatementHelpers(funcs []*ssa.Function) {
	for round := 0; round < maxDepth; round++ {
		changed := false
		for _, fn := range funcs {
			obj, ok := fn.Object().(*types.Func)
			if !ok || fn.Parent() != nil || a.statements[obj] != nil {
				continue
			}
			if f := a.statementParam(fn); f != nil {
				a.statements[obj] = f
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	for obj, f := range a.statements {
		if obj.Pkg() == a.pass.Pkg {
			a.pass.ExportObjectFact(obj, f)
		}
	}
}

// statementParam returns the fact of fn when it hands one of its string
// parameters, unchanged, to an SQL sink (or another helper) as the
// statement.
func (a *analysis_) statementParam(fn *ssa.Function) *StatementFact {
	for ci := range calls.In(fn) {
		c := ci.Common()
		sink := a.statementSink(c)
		if sink == nil {
			continue
		}
		q, ok := calls.Unwrap(calls.Arg(c, sink.Query)).(*ssa.Parameter)
		if !ok || q.Parent() != fn {
			continue
		}
		f := &StatementFact{Query: calls.ParamIndex(fn, q), Args: -1, Family: sink.Family}
		if sink.Args >= 0 {
			if p, ok := calls.Unwrap(calls.Arg(c, sink.Args)).(*ssa.Parameter); ok && p.Parent() == fn {
				f.Args = calls.ParamIndex(fn, p)
			}
		}
		return f
	}
	return nil
}

// statementSink returns the SQL sink a call is: one of the knowledge base
// or an exec helper of this package or of a dependency (StatementFact).
func (a *analysis_) statementSink(c *ssa.CallCommon) *model.Sink {
	if sk := effect.SQLSink(c); sk != nil {
		return sk
	}
	f := a.statementHelper(c)
	if f == nil {
		return nil
	}
	return &model.Sink{Family: f.Family, Cond: model.CondSQL, Query: f.Query, Args: f.Args, Key: -1}
}

// statementHelper returns the StatementFact of the function a static call
// invokes, local or imported.
func (a *analysis_) statementHelper(c *ssa.CallCommon) *StatementFact {
	if c.IsInvoke() || c.StaticCallee() == nil {
		return nil
	}
	obj := calls.Callee(c)
	if obj == nil {
		return nil
	}
	if f, ok := a.statements[obj]; ok {
		return f
	}
	var f StatementFact
	if obj.Pkg() != a.pass.Pkg && a.pass.ImportObjectFact(obj, &f) {
		a.statements[obj] = &f
		return &f
	}
	return nil
}
