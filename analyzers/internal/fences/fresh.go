package fences

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/dataflow"
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlcall"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlfence"
	"golang.org/x/tools/go/ssa"
)

// Fresh keys. A fencing token exists so that a stale holder cannot
// overwrite what its successor wrote. A write whose record is named by a
// value this run created (a UUID, an xid, crypto/rand bytes, the id a
// row this run inserted was given by the database) touches a record no
// successor can know, let alone have written: repeated by a stale holder,
// it can only duplicate work, never undo a successor's. The spec lists
// "UUIDs used as row IDs or idempotency keys" among what must stay silent,
// so FC1001 and FC2001 say nothing about such writes. A record keyed by
// anything a successor shares (a job id read from the queue, a constant
// name) is still judged.

// FreshKey reports whether v, a record's key, is or is built from a value
// this run created (fresh): a write of that record cannot overwrite a
// successor's.
func FreshKey(v ssa.Value) bool { return fresh(v, 0, map[ssa.Value]bool{}) }

// freshKeyed reports whether an unfenced write is keyed by a value created
// in this run: the key of a KV write, an equality of a WHERE conjunct of
// an UPDATE or DELETE, any value of a plain INSERT (not an upsert), or a
// value of a document filter.
func (c *Checker) freshKeyed(e *effect.Effect) bool {
	if e.Where != "" || e.Verdict != effect.Missing {
		return false // summarised in another package: its key is not in view
	}
	if e.Key != nil {
		return fresh(e.Key, 0, map[ssa.Value]bool{})
	}
	switch e.Sink.Cond {
	case model.CondSQL:
		return freshSQL(e, c)
	case model.CondFilter:
		return fresh(calls.Arg(e.Call.Common(), e.Sink.Query), 0, map[ssa.Value]bool{})
	}
	return false
}

// freshSQL reports whether a statement's row is named by a fresh value:
// a strong WHERE equality bound to one, or, for a plain INSERT, any bound
// value or a RETURNING of the key the database gave it (the new row is
// this run's own; an upsert may update another's).
func freshSQL(e *effect.Effect, c *Checker) bool {
	if e.Stmt == nil {
		return false
	}
	call, ok := sqlcall.Read(e.Call.Common(), e.Sink.Query, e.Sink.Args, c.u.Tokens(e.Call.Parent()).Arg)
	if !ok {
		return false
	}
	bound := func(p sqlfence.Placeholder) bool {
		b := call.Bound(p)
		return b.Value != nil && fresh(b.Value, 0, map[ssa.Value]bool{})
	}
	if e.Stmt.Verb == "INSERT" && !e.Stmt.Upsert {
		if e.Stmt.Returning {
			return true // the database gave the new row its key, and returns it to this run
		}
		for _, p := range e.Stmt.Placeholders {
			if bound(p) {
				return true
			}
		}
		return false
	}
	for _, g := range e.Stmt.Guards {
		if g.Strong && g.Op == "=" && g.Clause == "where" && bound(g.Param) {
			return true
		}
	}
	return false
}

// maxFreshSteps bounds the backward walk from a key to the value it is
// built from: one step is one SSA value (a concatenation, a conversion, a
// String() call, a Sprintf argument, a field of a filter document). Keys
// and filters are short expressions, so a few dozen steps cover them.
const maxFreshSteps = 48

// fresh reports whether v is, or is built from, a value this run created:
// the result of a unique-ID source of the knowledge base
// (model.TokenSource.Unique), a number a store's increment handed out
// (effect.Allocates: id := rdb.Incr(ctx, "seq").Val()), bytes such a
// source filled, or a column an INSERT ... RETURNING of this run scanned.
func fresh(v ssa.Value, steps int, seen map[ssa.Value]bool) bool {
	if v == nil || steps > maxFreshSteps || seen[v] {
		return false
	}
	seen[v] = true
	next := func(w ssa.Value) bool { return fresh(w, steps+1, seen) }
	switch x := v.(type) {
	case *ssa.Call:
		if fn := calls.Callee(&x.Call); fn != nil && uniqueSource(fn, -1) {
			return true
		}
		if effect.Allocates(x) {
			return true // a number the store handed this run alone (INCR's reply): no other holder is given it
		}
		// Formatting or encoding the fresh value keeps it fresh: a method
		// of the value itself (id.String()), or a standard-library
		// function given it (fmt.Sprintf("job:%s", id),
		// hex.EncodeToString(b), strings.Join(parts, ":")). An
		// application's function given it may return anything.
		if r := calls.Receiver(&x.Call); r != nil && next(r) {
			return true
		}
		if fn := calls.Callee(&x.Call); fn == nil || !standard(fn, x.Parent()) {
			return false
		}
		if slices.ContainsFunc(calls.Spread(&x.Call), next) {
			return true
		}
	case *ssa.Extract:
		if call, ok := x.Tuple.(*ssa.Call); ok {
			if fn := calls.Callee(&call.Call); fn != nil && uniqueSource(fn, x.Index) {
				return true
			}
			return next(call)
		}
	case *ssa.BinOp:
		if x.Op == token.ADD {
			return next(x.X) || next(x.Y)
		}
	case *ssa.Phi:
		for _, ed := range x.Edges {
			if !next(ed) {
				return false
			}
		}
		return len(x.Edges) > 0
	case *ssa.UnOp, *ssa.Convert, *ssa.ChangeType, *ssa.MakeInterface, *ssa.Slice, *ssa.Field:
		// A load, a view, a conversion or a part of a fresh value is fresh.
		if in, ok := dataflow.Inner(v, dataflow.Loads|dataflow.Views|dataflow.Converts|dataflow.Elements|dataflow.Fields); ok {
			return next(in)
		}
	case *ssa.FieldAddr, *ssa.IndexAddr, *ssa.Alloc, *ssa.MakeSlice:
		return storedFresh(x.(ssa.Value), steps, seen)
	case *ssa.MakeMap:
		for _, r := range *x.Referrers() {
			if u, ok := r.(*ssa.MapUpdate); ok && next(u.Value) {
				return true
			}
		}
	}
	return false
}

// storedFresh reports whether a variable, field or element holds a fresh
// value: one stored in it (or in a part of it: a filter's fields), bytes a
// unique source filled (crypto/rand.Read(b)), or a column this run's
// INSERT ... RETURNING scanned into it.
func storedFresh(addr ssa.Value, steps int, seen map[ssa.Value]bool) bool {
	refs := addr.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		switch u := r.(type) {
		case *ssa.Store:
			if u.Addr == addr && fresh(u.Val, steps+1, seen) {
				return true
			}
		case *ssa.FieldAddr:
			if storedFresh(u, steps+1, seen) {
				return true
			}
		case *ssa.IndexAddr:
			if storedFresh(u, steps+1, seen) {
				return true
			}
		case *ssa.Slice:
			if storedFresh(u, steps+1, seen) {
				return true
			}
		case *ssa.Call:
			fn := calls.Callee(&u.Call)
			if fn == nil {
				continue
			}
			for i, a := range calls.Args(&u.Call) {
				if calls.Unwrap(a) == addr && uniqueSource(fn, -2-i) {
					return true
				}
			}
		case *ssa.MakeInterface:
			// Scan(&id): the address goes to the call boxed, in its
			// variadic slice.
			if scannedFromInsert(addr) {
				return true
			}
		}
	}
	return false
}

// standard reports whether fn belongs to the standard library: its import
// path has no dot in its first element, and it is not a function of the
// package being analysed (whose own path may have none either).
func standard(fn *types.Func, in *ssa.Function) bool {
	p := fn.Pkg()
	if p == nil || (in != nil && in.Pkg != nil && in.Pkg.Pkg == p) {
		return false
	}
	first, _, _ := strings.Cut(p.Path(), "/")
	return !strings.Contains(first, ".")
}

// uniqueSource reports whether fn is a unique-ID source whose result
// (res >= 0, -1 for a single result) or filled argument (res = -2-i for
// argument i) carries the value.
func uniqueSource(fn *types.Func, res int) bool {
	for i := range model.TokenSources {
		s := &model.TokenSources[i]
		if !s.Unique || !s.Func.Matches(fn) {
			continue
		}
		switch {
		case res <= -2:
			if s.Arg == -2-res {
				return true
			}
		case s.Arg < 0 && (res == -1 || res == s.Result):
			return true
		}
	}
	return false
}

// scannedFromInsert reports whether a Scan of its function fills addr from
// the row an INSERT ... RETURNING returned (db.QueryRow(`INSERT ...
// RETURNING id`).Scan(&id)): the id the database gave the row this run
// created.
func scannedFromInsert(addr ssa.Value) bool {
	fn := addr.Parent()
	if fn == nil {
		return false
	}
	for ci := range calls.In(fn) {
		scan, ok := ci.(*ssa.Call)
		if !ok || !scans(scan, addr) {
			continue
		}
		if row, ok := calls.Unwrap(calls.Receiver(&scan.Call)).(*ssa.Call); ok && insertReturning(row) {
			return true
		}
	}
	return false
}

// scans reports whether call is a Scan given addr among its destinations.
func scans(call *ssa.Call, addr ssa.Value) bool {
	fn := calls.Callee(&call.Call)
	if fn == nil || fn.Name() != "Scan" {
		return false
	}
	for _, a := range calls.Args(&call.Call) {
		elems, _ := calls.Variadic(a)
		for _, el := range elems {
			if calls.Unwrap(el) == addr {
				return true
			}
		}
	}
	return false
}

// insertReturning reports whether row runs a plain INSERT ... RETURNING.
func insertReturning(row *ssa.Call) bool {
	sink := effect.SQLSink(&row.Call)
	if sink == nil {
		return false
	}
	call, ok := sqlcall.Read(&row.Call, sink.Query, sink.Args, nil)
	if !ok {
		return false
	}
	st := call.Parse()
	return st.Verb == "INSERT" && st.Returning && !st.Upsert
}
