package lifecycle

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/dataflow"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/outcome"
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
	local   map[*types.Func]*ReleaseFact      // this package's release functions
	readers map[*types.Func]*ReadFact         // this package's functions that return a value read from a store
	reads   map[*ssa.Function]bool            // memo of readsStore
	memo    map[ssa.Value]ssa.CallInstruction // memo of readOf
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
		l.rel = &storeReleases{l: l, local: map[*types.Func]*ReleaseFact{}, readers: map[*types.Func]*ReadFact{}, reads: map[*ssa.Function]bool{},
			memo: map[ssa.Value]ssa.CallInstruction{}}
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
			if read := s.returnsRead(fn); read != nil {
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
		if f == nil || l.generated(ci.Pos()) {
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
			pos, end := l.span(ci)
			l.report(unit.Finding{Code: checks.UnsafeRelease, Pos: pos, End: end, Key: ci.Pos(),
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

// returnsRead returns the store read whose value a result of fn returns.
func (s *storeReleases) returnsRead(fn *ssa.Function) ssa.CallInstruction {
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			for _, v := range ret.Results {
				if isError(v.Type()) {
					continue
				}
				if read := s.readOf(v, 0); read != nil && read.Parent() == fn {
					return read
				}
			}
		}
	}
	return nil
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
	read, cmp := s.readCompared(ci)
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

// readCompared finds, in the function of the delete ci, a comparison (==,
// !=) that decides whether the delete runs, of a value read from a store
// (not a nil check) with a value named like an owner or an ID; it returns
// the read and the comparison.
func (s *storeReleases) readCompared(ci ssa.CallInstruction) (ssa.CallInstruction, *ssa.BinOp) {
	fn := ci.Parent()
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 || !b.Dominates(ci.Block()) || b == ci.Block() {
			continue
		}
		iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		cmp, ok := iff.Cond.(*ssa.BinOp)
		if !ok || (cmp.Op != token.EQL && cmp.Op != token.NEQ) || isNil(cmp.X) || isNil(cmp.Y) {
			continue
		}
		for _, side := range [][2]ssa.Value{{cmp.X, cmp.Y}, {cmp.Y, cmp.X}} {
			read := s.readOf(side[0], 0)
			if read == nil || !calls.Before(read, ci) {
				continue
			}
			if valuename.Owner(side[0]) || valuename.Owner(side[1]) {
				return read, cmp
			}
		}
	}
	return nil, nil
}

// readLayers are the operations between a read's result and what is taken
// from it.
const readLayers = dataflow.Designators | dataflow.Converts | dataflow.Lookups | dataflow.Extracts | dataflow.Asserts

// readOf returns the store read a value comes from: the value of a field,
// map entry or element of the read's result, of a document it was decoded
// into, or of the result of a function of this package that reads.
func (s *storeReleases) readOf(v ssa.Value, depth int) ssa.CallInstruction {
	if depth > 16 || v == nil {
		return nil
	}
	if r, ok := s.memo[v]; ok {
		return r
	}
	s.memo[v] = nil // a cycle, or a value being explored: no read through here
	r := s.readFrom(v, depth)
	s.memo[v] = r
	return r
}

func (s *storeReleases) readFrom(v ssa.Value, depth int) ssa.CallInstruction {
	// A field, element, entry or result of a read, loaded, converted or
	// asserted, is read data.
	if in, ok := dataflow.Inner(v, readLayers); ok {
		return s.readOf(in, depth+1)
	}
	switch x := v.(type) {
	case *ssa.Phi:
		for _, e := range x.Edges {
			if r := s.readOf(e, depth+1); r != nil {
				return r
			}
		}
	case *ssa.Call:
		callee := calls.Callee(&x.Call)
		if model.MatchesAny(model.KB.RecordReads, callee) {
			return x
		}
		if sf := x.Call.StaticCallee(); sf != nil && s.l.u.Local(sf) && s.readsStore(sf, 0) {
			return x // getLockInfo(ctx): a function of this package that reads the record
		}
		if f, _ := summaryOf(s.l, x, s.readers, kindRead); f != nil {
			return x // InternalLock.GetLock(id): a lock type's read, here or elsewhere
		}
		if r := s.readOf(calls.Receiver(&x.Call), depth+1); r != nil {
			return r // FindOne(...).Raw(), resp.Item accessors
		}
		for _, a := range calls.Args(&x.Call) {
			if r := s.readOf(a, depth+2); r != nil {
				return r // io.ReadAll(out.Body), string(b)
			}
		}
	case *ssa.Alloc:
		// A document decoded into a local: FindOne(...).Decode(&doc),
		// json.Unmarshal(data, &doc) of read data.
		for _, u := range outcome.Uses(x) {
			if st, ok := u.(*ssa.Store); ok && st.Addr == x {
				if rd := s.readOf(st.Val, depth+1); rd != nil {
					return rd // a variable captured by a closure lives in a cell
				}
				continue
			}
			c, ok := u.(*ssa.Call)
			if !ok {
				continue
			}
			for _, a := range c.Call.Args {
				if calls.Unwrap(a) != x {
					if rd := s.readOf(a, depth+1); rd != nil {
						return rd
					}
				}
			}
		}
	}
	return nil
}

// readsStore reports whether fn (a function of this package) reads a store
// record, directly or through a function it calls.
func (s *storeReleases) readsStore(fn *ssa.Function, depth int) bool {
	if r, ok := s.reads[fn]; ok {
		return r
	}
	s.reads[fn] = false
	found := false
	for ci := range calls.In(fn) {
		if model.MatchesAny(model.KB.RecordReads, calls.Callee(ci.Common())) {
			found = true
			break
		}
		if sf := ci.Common().StaticCallee(); depth < 2 && sf != nil && s.l.u.Local(sf) && s.readsStore(sf, depth+1) {
			found = true
			break
		}
	}
	s.reads[fn] = found
	return found
}
