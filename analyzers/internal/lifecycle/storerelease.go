package lifecycle

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/recordread"
	"github.com/fencecheck/fencecheck/analyzers/internal/storecond"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/analyzers/internal/valuename"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"github.com/fencecheck/fencecheck/internal/checks"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// FC5001 for hand-rolled lock records beyond Redis, etcd and SQL text in
// the package itself:
//
//   - a SQL DELETE by name in generated code (sqlc's DBTX) or behind a
//     function of another package: the function exports a ReleaseFact and
//     every hand-written call of it is reported;
//   - get-compare-then-delete in a document or key-value store: the lock
//     record read (DynamoDB GetItem, MongoDB FindOne, or a function that
//     does), its owner compared in Go, then the record deleted with no
//     condition (DynamoDB DeleteItem without ConditionExpression, MongoDB
//     DeleteOne whose filter names only the record). The compare and the
//     delete are two steps: another holder can take the lock in between.
//
// An unconditional DynamoDB or MongoDB delete without the read and compare
// is not reported: nothing in it says that it is the release of a lock
// rather than a cleanup (see FC5001's known gaps).

// storeReleases is the pass over one package.
type storeReleases struct {
	l       *checker
	local   map[*types.Func]*ReleaseFact // this package's release functions
	at      map[*ReleaseFact]token.Pos   // where a local release function deletes, for related locations
	readers map[*types.Func]*ReadFact    // this package's functions that return a value read from a store
	rd      *recordread.Reads
}

// ReadFact says that a function returns a value read from a lock record in
// a document or key-value store (DynamoDB GetItem, MongoDB FindOne, S3
// GetObject): a lock type's GetLock, whose caller may compare the owner
// and then release.
type ReadFact struct {
	Where string // "dynamo_locking.go:263", the read
}

func (*ReadFact) AFact() {}

func (f *ReadFact) String() string { return "read(" + f.Where + ")" }

func (l *checker) releases() *storeReleases {
	if l.rel == nil {
		s := &storeReleases{l: l, local: map[*types.Func]*ReleaseFact{}, at: map[*ReleaseFact]token.Pos{}, readers: map[*types.Func]*ReadFact{}}
		s.rd = recordread.New(l.u.Local, func(c *ssa.Call) bool {
			f, _ := summaryOf(l, c, s.readers, kindRead)
			return f != nil
		})
		l.rel = s
	}
	return l.rel
}

// summarise records fn (or the declared function it is nested in) as a
// release function.
func (s *storeReleases) summarise(fn *ssa.Function, f *ReleaseFact) {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	if obj, ok := fn.Object().(*types.Func); ok && s.local[obj] == nil {
		s.local[obj] = f
	}
}

// storeReleaseCalls runs after the direct releases: it summarises the
// functions that delete a lock record, judges the deletes and the calls of
// release functions, and exports the summaries.
func (l *checker) storeReleaseCalls() {
	s := l.releases()
	if len(s.local) == 0 && !l.storeRelevant() {
		return // no store API imported, no store release or read summarised in a dependency
	}
	// The functions that return what they read (twice: a wrapper of a
	// reader is one too).
	for range 2 {
		for _, fn := range l.u.Funcs {
			obj, ok := fn.Object().(*types.Func)
			if !ok || fn.Parent() != nil || s.readers[obj] != nil || fn.Signature.Results().Len() == 0 {
				continue
			}
			if read := s.rd.Returned(fn); read != nil {
				s.readers[obj] = &ReadFact{Where: l.where(read.Pos())}
			}
		}
	}
	var deletes []ssa.CallInstruction
	l.eachCall(func(fn *ssa.Function, ci ssa.CallInstruction) {
		if what, ok := s.storeDelete(ci); ok {
			deletes = append(deletes, ci)
			s.summarise(fn, &ReleaseFact{What: what, Where: l.where(ci.Pos()), Store: true})
		}
	})
	for _, ci := range deletes {
		what, _ := s.storeDelete(ci)
		s.getCompareDelete(ci, what, "")
	}
	l.eachCall(func(fn *ssa.Function, ci ssa.CallInstruction) {
		f, impl := summaryOf(l, ci, s.local, kindRelease)
		if f == nil || l.u.Generated(ci.Pos()) {
			return
		}
		callee := calls.Callee(ci.Common())
		name := l.callName(ci, callee)
		of := ""
		if impl != "" {
			of = ", in " + impl
		}
		if f.Store {
			s.getCompareDelete(ci, f.What, fmt.Sprintf("%s deletes the lock record with no condition (%s at %s%s)", name, f.What, f.Where, of))
			return
		}
		if f.KeyParam > 0 {
			k := calls.Arg(ci.Common(), f.KeyParam-1)
			if k == nil || !valuename.LockKey(k) || calls.InTestFile(l.u.Pass.Fset, ci.Pos()) {
				return // a key that is no lock's, or a test of the locker's own force release
			}
			if secs := l.heldSections(ci.Parent(), k); len(secs) > 0 && l.blindReleaseHarmless(secs, secs[0].Lock, k) {
				return // a lock that guards only a cache's fill, or one with no expiry (stampede.go)
			}
			var related []analysis.RelatedInformation
			if del := s.at[f]; del.IsValid() {
				related = append(related, analysis.RelatedInformation{Pos: del, Message: "the delete: " + f.What})
			}
			pos, end := l.span(ci)
			l.report(unit.Finding{Code: checks.UnsafeRelease, Pos: pos, End: end, Key: ci.Pos(), Related: related,
				Message: fmt.Sprintf("%s deletes the lock key it is given with no check of its owner (%s at %s%s): if the lock's holder is still alive, or another holder took the lock since, this deletes that holder's lock and a third one can enter; release with the holder's own handle (a compare-and-delete of its value), or let the key expire",
					name, f.What, f.Where, of)})
			return
		}
		var related []analysis.RelatedInformation
		if impl == "" && callee.Pos().IsValid() {
			related = append(related, analysis.RelatedInformation{Pos: callee.Pos(), Message: "the release: " + f.What + " (" + f.Where + ")"})
		}
		pos, end := l.span(ci)
		l.report(unit.Finding{Code: checks.UnsafeRelease, Pos: pos, End: end, Key: ci.Pos(), Related: related,
			Message: fmt.Sprintf("%s releases the lock row by its name only (%s, at %s%s): if this holder's lease expired and another holder took the row in between, this deletes that holder's lock; add an owner column to the lock row and to the predicate (AND owner = $n, with the value this holder wrote when it took the lock), and check the rows affected",
				name, f.What, f.Where, of)})
	})
	exportSummaries(l, s.local, kindRelease)
	exportSummaries(l, s.readers, kindRead)
}

// storeRelevant reports whether the package imports the package of a
// record delete or read (model.Store), or a dependency exported a
// ReleaseFact or ReadFact.
func (l *checker) storeRelevant() bool {
	for _, imp := range l.u.Pass.Pkg.Imports() {
		if model.KB.RecordPackages[imp.Path()] {
			return true
		}
	}
	for _, of := range l.u.Pass.AllObjectFacts() {
		switch of.Fact.(type) {
		case *ReleaseFact, *ReadFact:
			return true
		}
	}
	return false
}

// storeDelete reports whether ci deletes a lock record with no owner
// condition, and describes the delete.
func (s *storeReleases) storeDelete(ci ssa.CallInstruction) (string, bool) {
	d := storecond.Record(ci)
	if d == nil || d.Conditional() {
		return "", false // a filter with more than the name checks something else (the owner, a version)
	}
	st := d.Store
	what := st.Name + " " + d.Callee.Name()
	if d.Filter {
		if !s.lockish(d.Keys, d.Vals, d.Table) {
			return "", false
		}
		return what + " with the filter {" + d.Keys[0] + "} only", true
	}
	if st.RecordObject {
		if d.Object == nil || !s.lockish(nil, []ssa.Value{d.Object}, nil) {
			return "", false
		}
		return what + " of the object " + valueNameOr(d.Object, st.RecordKey) + " with no " + st.NoCondition, true
	}
	if len(d.Keys) == 0 || !s.lockish(d.Keys, d.Vals, d.Table) {
		return "", false
	}
	return what + " of the item " + strings.Join(d.Keys, ", ") + " with no " + st.NoCondition, true
}

// lockish reports whether a record's key names, key values or table say
// that it is a lock.
func (s *storeReleases) lockish(keys []string, vals []ssa.Value, table ssa.Value) bool {
	for _, k := range keys {
		if vocab.LockKey.Match(k) {
			return true
		}
	}
	for _, v := range vals {
		if valuename.LockKey(v) {
			return true
		}
	}
	if t, ok := calls.ConstString(table); ok && vocab.LockKey.Match(t) {
		return true
	}
	return table != nil && valuename.LockKey(table)
}

// valueNameOr returns the source name of v, or def.
func valueNameOr(v ssa.Value, def string) string {
	if n := valuename.Of(v); n != "" {
		return n
	}
	return def
}

// getCompareDelete reports the delete ci of a lock record when, before it,
// the record was read and a value read from it compared in Go by a branch
// that leads to the delete. via describes a delete made by a called
// function ("" for a direct store call).
func (s *storeReleases) getCompareDelete(ci ssa.CallInstruction, what, via string) {
	read, cmp := s.rd.Compared(ci)
	if read == nil {
		return
	}
	l := s.l
	related := []analysis.RelatedInformation{
		{Pos: read.Pos(), Message: "the lock record is read here"},
		{Pos: cmp.Pos(), Message: "and its owner compared in Go here"},
	}
	st := model.KB.StoreOf(what)
	if st == nil {
		return // a summary from a build whose knowledge base had this store
	}
	family, fix := st.Name, st.ReleaseFix
	if via == "" {
		via = what
	}
	pos, end := l.span(ci)
	l.report(unit.Finding{Code: checks.UnsafeRelease, Pos: pos, End: end, Key: ci.Pos(), Related: related,
		Message: fmt.Sprintf("%s after the lock record was read (at %s) and its owner compared in Go (at %s): the two steps are not atomic, so if the lock is released and taken by another holder in between (an expired or force-released lock), this deletes that holder's %s lock; %s",
			via, l.where(read.Pos()), l.where(cmp.Pos()), family, fix)})
}
