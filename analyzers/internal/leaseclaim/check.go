package leaseclaim

import (
	"fmt"
	"go/types"
	"path/filepath"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/recordwrite"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/internal/checks"
	"golang.org/x/tools/go/analysis"
)

// WriteFact says that a function of generated code (sqlc's queries)
// writes a leased record by its key alone: the problem is its callers',
// who chose the query, so each hand-written call of it in another package
// is reported instead of the generated write.
type WriteFact struct {
	Release bool
	What    string // "DELETE jobs (SQL interface DBTX.ExecContext)"
	Where   string // "jobs.sql.go:19"
	Why     string // the lease: who claims the records, who takes them back, and the fix
}

func (*WriteFact) AFact() {}

func (f *WriteFact) String() string { return "leasedwrite(" + f.What + ")" }

// Check reports the package's writes by key alone of leased records:
// FC5001 for a release (the record deleted, its holder cleared, or put
// back where a claim takes it), FC1001 for a write that finishes or
// changes it. A write in generated code is reported at the hand-written
// calls of its function in other packages (WriteFact).
func Check(u *unit.Unit) {
	for _, b := range Find(Of(u)) {
		call := b.Effect.Call
		if calls.InTestFile(u.Pass.Fset, call.Pos()) {
			continue
		}
		c := b.Claim
		at := func(w *recordwrite.Write) string {
			p := u.Pass.Fset.Position(w.Effect.Call.Pos())
			return fmt.Sprintf("%s at %s:%d", w.Effect.Call.Parent().Name(), filepath.Base(p.Filename), p.Line)
		}
		holder := "the holder"
		if c.Owner != "" {
			holder = fmt.Sprintf("the holder (%s)", c.Owner)
		}
		claimed := fmt.Sprintf("the records of %s are leased: %s claims one (it sets %s)", c.Record, at(c.Write), claimText(c))
		takeover := fmt.Sprintf("%s takes a claim back once its time has passed", at(c.Takeover))
		if c.Takeover == c.Write {
			takeover = "the claim also takes over a record whose time has passed"
		}
		fix := fmt.Sprintf("add %s, or a claim counter the claim increments, to the condition and check that one record changed", holder)
		why := claimed + ", and " + takeover + ", so " + consequence(b.Release) + "; " + fix
		what := fmt.Sprintf("%s (%s)", b.Effect.What, b.Effect.Via())
		if u.Generated(call.Pos()) {
			if obj, ok := calls.Outermost(call.Parent()).Object().(*types.Func); ok {
				p := u.Pass.Fset.Position(call.Pos())
				u.Pass.ExportObjectFact(obj, &WriteFact{Release: b.Release, What: what, Where: fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line), Why: why})
				continue
			}
		}
		related := []analysis.RelatedInformation{{Pos: c.Effect.Call.Pos(), Message: "the record is claimed here"}}
		if c.Takeover != c.Write {
			related = append(related, analysis.RelatedInformation{Pos: c.Takeover.Effect.Call.Pos(), Message: "and taken back here"})
		}
		report(u, call, b.Release, what+" selects the record by its key alone, not by its holder", why, related)
	}
	reportCalls(u)
}

// reportCalls reports the calls of other packages' functions that write a
// leased record by its key alone (WriteFact).
func reportCalls(u *unit.Unit) {
	if !slices.ContainsFunc(u.Pass.AllObjectFacts(), func(f analysis.ObjectFact) bool { _, ok := f.Fact.(*WriteFact); return ok }) {
		return
	}
	for _, fn := range u.Funcs {
		for ci := range calls.In(fn) {
			callee := calls.Callee(ci.Common())
			if callee == nil || callee.Pkg() == nil || callee.Pkg() == u.Pass.Pkg || u.Generated(ci.Pos()) || calls.InTestFile(u.Pass.Fset, ci.Pos()) {
				continue
			}
			var f WriteFact
			if !u.Pass.ImportObjectFact(callee, &f) {
				continue
			}
			what := fmt.Sprintf("%s runs %s, which selects the record by its key alone (%s), not by its holder", u.CallName(ci, callee), f.What, f.Where)
			report(u, ci, f.Release, what, f.Why, nil)
		}
	}
}

func report(u *unit.Unit, ci ssa.CallInstruction, release bool, what, why string, related []analysis.RelatedInformation) {
	if release {
		u.Report(unit.Finding{Code: checks.UnsafeRelease, Pos: ci.Pos(), Message: what + " to release it: " + why, Related: related, Key: ci.Pos()})
		return
	}
	u.Report(unit.Finding{Code: checks.UnfencedWrite, Pos: ci.Pos(), Message: what + ": " + why, Related: related, Key: ci.Pos()})
}

func consequence(release bool) string {
	if release {
		return "a worker paused past its lease releases the record another worker now holds, which a third can then claim while the second still works on it"
	}
	return "a worker paused or partitioned past its lease still makes this write and overwrites the run of the worker that took the record over"
}

func claimText(c *Claim) string {
	switch {
	case c.Owner != "" && c.State != "":
		return fmt.Sprintf("%s and moves %s from %q to %q", c.Owner, c.State, c.From, c.To)
	case c.Owner != "":
		return c.Owner
	}
	return fmt.Sprintf("%s from %q to %q", c.State, c.From, c.To)
}
