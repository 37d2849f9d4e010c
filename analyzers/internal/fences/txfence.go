package fences

import (
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/flow"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/section"
	"golang.org/x/tools/go/ssa"
)

// TxFenced reports whether a SQL write runs on a transaction that
// another statement of the same transaction fences: a write that carries
// the token, or one whose condition compares the lease record's holder
// (WHERE id = $1 AND locked_by = $2), whose outcome is tested. A
// transaction is all or nothing, and that statement's row lock orders it
// with any takeover of the record until the commit: a stale holder's
// conditional write matches no row, and the transaction that depends on
// it rolls back whole (a job's completion event inserted with the
// owner-checked completion). The commit must be decided by the outcome
// (the function returns before its Commit when no row matched); when the
// transaction is committed elsewhere (a helper's callback), the write
// itself must run only after the statement succeeded. A write that runs
// only after it succeeded is fenced whatever decides the commit: the
// statement's row lock keeps a takeover out until the transaction ends.
// A write reached through a summary (a helper of another package handed
// the transaction) has no text of its own, only its sink's kind.
//
// path (nil: the write's own function) maps a transaction a helper
// received back to the function that holds it (insertEvent(ctx, tx, ...)).
func TxFenced(e *effect.Effect, path *section.Path, tokens func(*ssa.Function) *flow.Tokens) bool {
	if e.Receiver == nil || e.Stmt == nil && (e.Where == "" || e.Sink == nil || e.Sink.Cond != model.CondSQL) {
		return false // not a statement (a summarised one keeps no text, only its sink's kind)
	}
	tx := calls.Unwrap(path.Value(e.Receiver)) // a tx handed to a helper's executor interface
	if tx == nil || !isTx(tx.Type()) {
		return false
	}
	fn := tx.Parent()
	if fn == nil {
		return false
	}
	// The instruction of fn through which the write happens: the write
	// itself, or the call that entered the helper that makes it.
	at := at(e, path, fn)
	toks := tokens(fn)
	var commits []*ssa.Call
	for ci := range calls.In(fn) {
		if c, ok := ci.(*ssa.Call); ok && isCommit(c) && calls.SameValue(calls.Receiver(&c.Call), tx) {
			commits = append(commits, c)
		}
	}
	// The branches on the outcomes of the transaction's fencing
	// statements: one in each branch of an if (a retry or a dead letter,
	// each compared with its holder) fences what follows both.
	var tests []*ssa.BasicBlock
	for ci := range calls.In(fn) {
		if ci == e.Call || !calls.SameValue(calls.Receiver(ci.Common()), tx) {
			continue
		}
		g := effect.Classify(ci, toks)
		if g == nil || g.Stmt == nil || g.Verdict != effect.Carried && !holderChecked(g) {
			continue
		}
		if w, ok := ci.(*ssa.Call); ok {
			tests = append(tests, calls.Tests(w, outcomeOf(g))...)
		}
	}
	if len(tests) == 0 {
		return false
	}
	if at != nil && calls.Behind(at, tests) {
		return true // the write runs only after a fencing statement took effect, which holds the row until the commit
	}
	if len(commits) == 0 {
		return false
	}
	for _, c := range commits {
		if !calls.Behind(c, tests) {
			return false
		}
	}
	return true // every commit waits for a fencing statement's outcome
}

// at returns the instruction of fn through which e happens: e's call, or
// the call on path that entered the next function down from fn.
func at(e *effect.Effect, path *section.Path, fn *ssa.Function) ssa.Instruction {
	if call, ok := e.Call.(ssa.Instruction); ok && call.Parent() == fn {
		return call
	}
	for _, ci := range path.Calls() {
		if ci.Parent() == fn {
			return ci
		}
	}
	return nil
}

// isCommit reports whether c commits a transaction (tx.Commit(ctx)).
func isCommit(c *ssa.Call) bool {
	var name string
	switch {
	case c.Call.IsInvoke():
		name = c.Call.Method.Name()
	case c.Call.StaticCallee() != nil && c.Call.Signature().Recv() != nil:
		name = c.Call.StaticCallee().Name()
	}
	return strings.HasPrefix(name, "Commit")
}
