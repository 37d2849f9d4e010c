package claims

import (
	"fmt"
	"slices"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/recordwrite"
	"github.com/fencecheck/fencecheck/analyzers/internal/section"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlcall"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlfence"
	"github.com/fencecheck/fencecheck/analyzers/internal/storecond"
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

// docCall is a MongoDB read or insert of a collection.
type docCall struct {
	call       *ssa.Call
	collection string
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
		if fn == nil || fn.Pkg() == nil || !isMongo(fn.Pkg().Path()) || model.RecvName(fn) != "Collection" {
			continue
		}
		coll := recordwrite.Collection(calls.Receiver(&call.Call))
		if coll == "" {
			continue
		}
		switch fn.Name() {
		case "CountDocuments", "FindOne", "Find":
			if filterAsksLive(calls.Arg(&call.Call, 1)) {
				reads = append(reads, docCall{call, coll})
			}
		case "InsertOne", "InsertMany":
			inserts = append(inserts, docCall{call, coll})
		}
	}
	for _, w := range inserts {
		if slices.ContainsFunc(c.u.Sections, func(s *section.Section) bool { return s.Fn == c.fn && s.Contains(w.call) }) {
			continue
		}
		for _, r := range reads {
			if r.collection != w.collection || !calls.DecidedBy(w.call, r.call, r.call) {
				continue
			}
			c.report(w.call, r.call, fmt.Sprintf(
				"%s into the %s creates a lease on what the read of live leases at %s found: two claimants can both find none and both insert, and both go on as the holder; make the claim one write the store decides (a unique index on what is leased, or FindOneAndUpdate with upsert and a filter that admits only a free or expired record) and act only if it took",
				calls.Callee(&w.call.Call).Name(), w.collection, c.where(r.call.Pos())))
			break
		}
	}
}

// isMongo reports whether a package is the MongoDB driver's package of
// collections (v1 or v2).
func isMongo(path string) bool {
	return path == "go.mongodb.org/mongo-driver/mongo" || path == "go.mongodb.org/mongo-driver/v2/mongo"
}

// filterAsksLive reports whether a filter document built here asks for a
// deadline field later than a value ({"lock_until": {"$gt": now}}).
func filterAsksLive(filter ssa.Value) bool {
	keys, vals := storecond.MapEntries(filter)
	for i, k := range keys {
		if !vocab.Validity.Match(k) {
			continue
		}
		ops, _ := storecond.MapEntries(vals[i])
		if slices.Contains(ops, "$gt") || slices.Contains(ops, "$gte") {
			return true
		}
	}
	return false
}

// sqlStmt is a statement a call makes, itself or in a helper of the
// package it calls.
type sqlStmt struct {
	call *ssa.Call
	st   *sqlfence.Statement
}

// insertClaims reports an INSERT into a table on a branch taken on what a
// count of the table's live leases returned.
func (c *claimer) insertClaims() {
	var reads, inserts []sqlStmt
	for ci := range calls.In(c.fn) {
		call, ok := ci.(*ssa.Call)
		if !ok {
			continue
		}
		for _, st := range statementsOf(c, call) {
			switch {
			case st.Kind == sqlfence.Read && st.Table != "" && countsLive(st):
				reads = append(reads, sqlStmt{call, st})
			case st.Kind == sqlfence.Write && st.Verb == "INSERT" && st.Table != "" && !st.Upsert && !skipsConflict(st.Text):
				inserts = append(inserts, sqlStmt{call, st})
			}
		}
	}
	for _, w := range inserts {
		if slices.ContainsFunc(c.u.Sections, func(s *section.Section) bool { return s.Fn == c.fn && s.Contains(w.call) }) {
			continue // counted and inserted under a lock: as safe as the lock (its own checks judge it)
		}
		for _, r := range reads {
			if r.st.Table != w.st.Table || r.call == w.call || !calls.DecidedBy(w.call, r.call, r.call) {
				continue
			}
			c.report(w.call, r.call, fmt.Sprintf(
				"INSERT into %s creates a lease on what the count of live leases at %s read: two claimants can both count none and both insert, and both go on as the holder; make the claim one statement the store decides (a unique key on what is leased, INSERT ... ON CONFLICT DO NOTHING or an UPDATE ... WHERE the lease expired, with the rows affected checked) and act only if it took",
				w.st.Table, c.where(r.call.Pos())))
			break
		}
	}
}

// statementsOf returns the SQL statements call runs: its own, or those of
// the function of this package it calls (one level: a store's IsLocked).
func statementsOf(c *claimer, call *ssa.Call) []*sqlfence.Statement {
	if st := statementOf(&call.Call); st != nil {
		return []*sqlfence.Statement{st}
	}
	fn := call.Call.StaticCallee()
	if fn == nil || fn == c.fn || len(fn.Blocks) == 0 || !c.u.Local(fn) {
		return nil
	}
	var out []*sqlfence.Statement
	for ci := range calls.In(fn) {
		if st := statementOf(ci.Common()); st != nil {
			out = append(out, st)
		}
	}
	return out
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

// countsLive reports whether a read selects leases still in force: a
// deadline column compared as later than a time (a placeholder or the
// database's clock).
func countsLive(st *sqlfence.Statement) bool {
	later := func(col, op string) bool { return (op == ">" || op == ">=") && vocab.Validity.Match(col) }
	return slices.ContainsFunc(st.Guards, func(g sqlfence.Guard) bool { return later(g.Column, g.Op) }) ||
		slices.ContainsFunc(st.Clock, func(g sqlfence.ClockGuard) bool { return later(g.Column, g.Op) })
}

// skipsConflict reports whether an INSERT gives way to a row already
// there (ON CONFLICT DO NOTHING, INSERT IGNORE, INSERT OR IGNORE): the
// store decides the claim.
func skipsConflict(text string) bool {
	t := strings.ToUpper(text)
	return strings.Contains(t, "ON CONFLICT") || strings.Contains(t, " IGNORE") || strings.Contains(t, "WHERE NOT EXISTS")
}
