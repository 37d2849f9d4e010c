package claims

import (
	"fmt"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/fact"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/recordwrite"
	"github.com/fencecheck/fencecheck/analyzers/internal/section"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlcall"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlfence"
	"github.com/fencecheck/fencecheck/analyzers/internal/storecond"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"golang.org/x/tools/go/ssa"
)

// Leases created on a count. A lease kept as rows (one per grant: who
// holds what until when) is taken by inserting a row, and is safe only if
// the store refuses the second one: INSERT ... ON CONFLICT DO NOTHING on a
// unique key, with the rows affected checked. Counting the live leases
// first (SELECT COUNT(*) FROM leases WHERE action_id = $1 AND expires_at >
// $2) and inserting when there are none is two steps: two claimants both
// count none and both insert, and both go on as the holder. The count is
// a lease's when its condition asks for leases still in force: a deadline
// column (vocab.Validity) compared as later than a time. The read and the
// insert may each be in a helper of the package that the function calls
// (IsLocked(actionID), then Acquire(row)).

// docCall is a MongoDB read or insert of a collection: the deadline field
// a read compares, the document an insert writes.
type docCall struct {
	call       *ssa.Call
	collection string
	deadline   string
	doc        ssa.Value
}

// documentClaims is insertClaims for MongoDB: CountDocuments (FindOne,
// Find) of a collection with a filter that asks for a deadline field later
// than a time ({"lock_until": {"$gt": now}}), and InsertOne into the same
// collection on a branch taken on what it returned.
func (c *claimer) documentClaims() {
	var reads, inserts []docCall
	for ci := range calls.In(c.fn) {
		call, ok := ci.(*ssa.Call)
		if !ok {
			continue
		}
		fn := calls.Callee(&call.Call)
		if fn == nil {
			continue
		}
		if model.MatchesAny(model.KB.DocInserts, fn) {
			if coll := recordwrite.Collection(calls.Receiver(&call.Call)); coll != "" {
				inserts = append(inserts, docCall{call: call, collection: coll, doc: calls.Arg(&call.Call, 1)})
			}
			continue
		}
		for _, dc := range model.KB.Documents {
			if !dc.Func.Matches(fn) || !docRead(dc) {
				continue
			}
			if coll := recordwrite.Collection(calls.Receiver(&call.Call)); coll != "" {
				if f := liveField(calls.Arg(&call.Call, dc.Filter)); f != "" {
					reads = append(reads, docCall{call: call, collection: coll, deadline: f})
				}
			}
		}
	}
	for _, w := range inserts {
		if c.underLock(w.call) {
			continue
		}
		for _, r := range reads {
			if r.collection != w.collection || !writesField(w.doc, r.deadline) || !calls.DecidedBy(w.call, r.call, r.call) {
				continue
			}
			c.report(w.call, r.call, fmt.Sprintf(
				"%s into the %s creates a lease on what the read of live leases at %s found: two claimants can both find none and both insert, and both go on as the holder; make the claim one write the store decides (a unique index on what is leased, or FindOneAndUpdate with upsert and a filter that admits only a free or expired record) and act only if it took",
				calls.Callee(&w.call.Call).Name(), w.collection, c.where(r.call.Pos())))
			break
		}
	}
}

// docRead reports whether a document call only reads (Find, FindOne,
// CountDocuments): no update document, no delete.
func docRead(dc model.DocCall) bool {
	return dc.Update < 0 && !strings.Contains(dc.Func.Name, "Delete")
}

// underLock reports whether a call of the function runs inside one of its
// critical sections.
func (c *claimer) underLock(call *ssa.Call) bool {
	return slices.ContainsFunc(c.u.Sections, func(s *section.Section) bool { return s.Fn == c.fn && s.Contains(call) })
}

// liveField returns the deadline field a filter document built here asks
// to be later than a value ({"lock_until": {"$gt": now}}), or "".
func liveField(filter ssa.Value) string {
	keys, vals := storecond.MapEntries(filter)
	for i, k := range keys {
		if !vocab.Validity.Match(k) {
			continue
		}
		ops, _ := storecond.MapEntries(vals[i])
		if slices.Contains(ops, "$gt") || slices.Contains(ops, "$gte") {
			return k
		}
	}
	return ""
}

// writesField reports whether an inserted document has the field: a
// document literal with the key, or a struct with a field stored under
// that name (its bson tag, or its name in lower case).
func writesField(doc ssa.Value, field string) bool {
	if keys, _ := storecond.MapEntries(doc); slices.Contains(keys, field) {
		return true
	}
	t := calls.Unwrap(doc).Type()
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		name := strings.Split(reflect.StructTag(st.Tag(i)).Get("bson"), ",")[0]
		if name == "" {
			name = strings.ToLower(st.Field(i).Name())
		}
		if name == field {
			return true
		}
	}
	return false
}

// rowOp is what a call does to a table of leases kept as rows: counts the
// live leases, or inserts a row with no conflict clause; itself, in a
// helper of the package, or in a function of another package
// (fact.LeaseRowFact).
type rowOp struct {
	call          *ssa.Call
	table         string
	count, insert bool
	// deadline is the column a count compares as later than a time;
	// columns are those an insert names.
	deadline string
	columns  []string
}

// insertClaims reports an INSERT into a table on a branch taken on what a
// count of the table's live leases returned.
func (c *claimer) insertClaims() {
	var reads, inserts []rowOp
	for ci := range calls.In(c.fn) {
		call, ok := ci.(*ssa.Call)
		if !ok {
			continue
		}
		for _, op := range c.rowOps(call) {
			if op.count {
				reads = append(reads, op)
			}
			if op.insert {
				inserts = append(inserts, op)
			}
		}
	}
	for _, w := range inserts {
		if c.underLock(w.call) {
			continue // counted and inserted under a lock: as safe as the lock (its own checks judge it)
		}
		for _, r := range reads {
			if r.table != w.table || r.call == w.call || !slices.Contains(w.columns, r.deadline) || !calls.DecidedBy(w.call, r.call, r.call) {
				continue // another table, or a row the count would not count (no deadline written: a request, not a lease)
			}
			c.report(w.call, r.call, fmt.Sprintf(
				"INSERT into %s creates a lease on what the count of live leases at %s read: two claimants can both count none and both insert, and both go on as the holder; make the claim one statement the store decides (a unique key on what is leased, INSERT ... ON CONFLICT DO NOTHING or an UPDATE ... WHERE the lease expired, with the rows affected checked) and act only if it took",
				w.table, c.where(r.call.Pos())))
			break
		}
	}
}

// rowOps returns what call does to lease tables: its own statement, or
// those of the function of this package it calls (one level: a store's
// IsLocked), or what the fact of a function of another package says.
func (c *claimer) rowOps(call *ssa.Call) []rowOp {
	if st := statementOf(&call.Call); st != nil {
		if op, ok := opOf(st); ok {
			op.call = call
			return []rowOp{op}
		}
		return nil
	}
	fn := call.Call.StaticCallee()
	if fn == nil || fn == c.fn {
		return nil
	}
	if len(fn.Blocks) == 0 || !c.u.Local(fn) {
		obj, ok := fn.Object().(*types.Func)
		var f fact.LeaseRowFact
		if !ok || obj.Pkg() == nil || obj.Pkg() == c.u.Pass.Pkg || !c.u.Pass.ImportObjectFact(obj, &f) {
			return nil
		}
		return []rowOp{{call: call, table: f.Table, count: f.Count, insert: f.Insert, deadline: f.Deadline, columns: f.Columns}}
	}
	var out []rowOp
	for _, op := range rowOpsIn(fn) {
		op.call = call
		out = append(out, op)
	}
	return out
}

// rowOpsIn returns what fn's own statements do to lease tables.
func rowOpsIn(fn *ssa.Function) []rowOp {
	var out []rowOp
	for ci := range calls.In(fn) {
		if st := statementOf(ci.Common()); st != nil {
			if op, ok := opOf(st); ok {
				out = append(out, op)
			}
		}
	}
	return out
}

// opOf reads a statement as a count of live leases or an insert.
func opOf(st *sqlfence.Statement) (rowOp, bool) {
	switch {
	case st.Table == "":
	case st.Kind == sqlfence.Read && liveDeadline(st) != "":
		return rowOp{table: st.Table, count: true, deadline: liveDeadline(st)}, true
	case st.Kind == sqlfence.Write && st.Verb == "INSERT" && !st.Upsert && !skipsConflict(st.Text):
		return rowOp{table: st.Table, insert: true, columns: st.Inserted}, true
	}
	return rowOp{}, false
}

// exportRowFacts exports, for the package's functions whose statements
// count one table's live leases or insert into it, a fact.LeaseRowFact,
// so that a service in another package that counts through one and
// inserts through another is judged. An insert is exported only into a
// table of leases: one the package counts live leases of, or named like
// a lock's.
func exportRowFacts(u *unit.Unit) {
	facts := map[*types.Func]*fact.LeaseRowFact{}
	counted := map[string]bool{}
	for _, fn := range u.Funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Parent() != nil {
			continue
		}
		f := &fact.LeaseRowFact{}
		for _, op := range rowOpsIn(fn) {
			if f.Table != "" && f.Table != op.table {
				f = nil // more than one table: the caller could not tell which
				break
			}
			f.Table = op.table
			f.Count = f.Count || op.count
			f.Insert = f.Insert || op.insert
			if op.deadline != "" {
				f.Deadline = op.deadline
			}
			f.Columns = append(f.Columns, op.columns...)
		}
		if f != nil && f.Table != "" {
			facts[obj] = f
			counted[f.Table] = counted[f.Table] || f.Count
		}
	}
	for obj, f := range facts {
		if f.Count || counted[f.Table] || vocab.LockTable.Match(f.Table) {
			u.Pass.ExportObjectFact(obj, f)
		}
	}
}

// statementOf parses the SQL statement of a call of a SQL API, or nil.
func statementOf(cc *ssa.CallCommon) *sqlfence.Statement {
	sink := effect.SQLSink(cc)
	if sink == nil {
		return nil
	}
	sc, ok := sqlcall.Read(cc, sink.Query, sink.Args, nil)
	if !ok {
		return nil
	}
	return sc.Parse()
}

// liveDeadline returns the column by which a read selects leases still
// in force: a deadline column (vocab.Validity) compared as later than a
// time (a placeholder or the database's clock); "" if none.
func liveDeadline(st *sqlfence.Statement) string {
	later := func(col, op string) bool { return (op == ">" || op == ">=") && vocab.Validity.Match(col) }
	for _, g := range st.Guards {
		if later(g.Column, g.Op) {
			return g.Column
		}
	}
	for _, g := range st.Clock {
		if later(g.Column, g.Op) {
			return g.Column
		}
	}
	return ""
}

// skipsConflict reports whether an INSERT gives way to a row already
// there (ON CONFLICT DO NOTHING, INSERT IGNORE, INSERT OR IGNORE): the
// store decides the claim.
func skipsConflict(text string) bool {
	t := strings.ToUpper(text)
	return strings.Contains(t, "ON CONFLICT") || strings.Contains(t, " IGNORE") || strings.Contains(t, "WHERE NOT EXISTS")
}
