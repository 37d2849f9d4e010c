// Package recordwrite reads what one write of a store does to the records
// it selects, whatever the store: the fields its condition compares (with
// a constant, a time, a key) and the fields it assigns (a constant, a
// value, emptied). SQL statements (whatever builds their text) and MongoDB
// filters and updates read alike. Records leased by a claim (leaseclaim)
// and the writes a lease check guards (fences) ask it.
package recordwrite

import (
	"go/types"
	"slices"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/clocktype"
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlcall"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlfence"
	"github.com/fencecheck/fencecheck/analyzers/internal/storecond"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"golang.org/x/tools/go/ssa"
)

// Write is what one write of a store does to the records it selects, in
// the terms of a claim: the fields its condition compares and the fields
// it assigns.
type Write struct {
	Effect *effect.Effect
	// Record names the table or collection: the table of a statement, the
	// collection's constant name or where the collection value is kept.
	Record string
	Delete bool
	Cond   []Cmp
	Sets   []Set
	// ByKey is true when the condition selects one record by its key: an
	// equality of a field with a value that is not a constant (id = $1,
	// {"_id": job.ID}), or a write by id (UpdateByID); Keys are the values
	// compared with.
	ByKey bool
	Keys  []ssa.Value
}

// Cmp is one comparison of the condition.
type Cmp struct {
	Field string
	Op    string // "=", "<", "<=", ">", ">="; "" for another test
	Const string // the constant compared with, when Known
	Known bool
	// Time is true for an ordering of a field with a time: the database's
	// clock, or a Go value holding an instant.
	Time bool
	// Required is true for a comparison every record written meets: a
	// top-level conjunct of a statement's condition, not a branch of an
	// OR (false where that is not known: documents, builders).
	Required bool
}

// Set is one field the write assigns.
type Set struct {
	Field string
	Const string // the constant assigned, when Known
	Known bool
	// Clear is true for a field emptied: NULL, "", $unset.
	Clear bool
}

// Read returns the write a call makes, or nil: an UPDATE or DELETE whose
// text is known, or a MongoDB update or delete whose documents are built
// here.
func Read(ci ssa.CallInstruction) *Write {
	e := effect.Classify(ci, nil)
	if e == nil || e.Sink == nil {
		return nil
	}
	switch {
	case e.Stmt != nil:
		return readSQL(e)
	case e.Sink.Cond == model.CondFilter:
		return readDoc(e)
	case e.ChainUpdate() != "":
		return readChain(e)
	}
	return nil
}

// guardCmp reads one comparison of a statement's condition with the value
// bound to its placeholder; key is true when it selects one record by its
// key (an equality of a plain field with a value that is no constant, also
// = ANY of several).
func guardCmp(g sqlfence.Guard, v ssa.Value) (c Cmp, key bool) {
	c = Cmp{Field: g.Column, Op: g.Op}
	c.Const, c.Known = effect.ConstValue(v)
	c.Time = ordering(g.Op) && (v != nil && clocktype.Timeish(v.Type()) && !integer(v.Type()) || timeField(g.Column))
	key = g.Op == "=" && !c.Known && (g.Strong || g.AnyOf) && storecond.RoleOf(g.Column) == storecond.Plain
	return c, key
}

// readChain reads a query builder's column-setting write (gorm's
// db.Model(&Task{}).Where("id = ? AND status = ?", id, "pending").
// Updates(map[string]any{...})): the record the chain names (as wallclock
// names it: the model's type in snake case, or the Table), the
// comparisons of its Where fragments with the values they are given, and
// the columns it sets. A chain with a Where fragment that is not constant
// is not read: its condition is unknown.
func readChain(e *effect.Effect) *Write {
	record := effect.ChainTableName(e.Receiver)
	if record == "" {
		return nil
	}
	w := &Write{Effect: e, Record: record}
	if base := effect.ChainBase(e.Receiver); base != nil {
		// A SELECT ... FOR UPDATE on the transaction the chain starts from
		// (tx.Raw(...).Scan, then tx.Model(...).Where("id IN ?", ids)).
		w.Cond = append(w.Cond, lockedBefore(e.Call.Parent(), e.Call, base, record, 0)...)
	}
	for st, wc := range effect.Wheres(e.Receiver) {
		if st == nil {
			return nil
		}
		args := calls.Args(wc)[1:]
		if len(args) == 1 {
			if elems, ok := calls.Variadic(args[0]); ok {
				args = elems
			}
		}
		for _, g := range st.Guards {
			if g.Clause != "where" {
				continue
			}
			var v ssa.Value
			if i := g.Param.Index - 1; i >= 0 && i < len(args) {
				v = args[i]
			}
			c, key := guardCmp(g, v)
			if key && v != nil {
				w.ByKey, w.Keys = true, append(w.Keys, v)
			}
			w.Cond = append(w.Cond, c)
		}
		for _, l := range st.Literals {
			if l.Clause == "where" {
				w.Cond = append(w.Cond, Cmp{Field: l.Column, Op: "=", Const: l.Value, Known: true})
			}
		}
		for _, g := range st.Clock {
			if g.Clause == "where" {
				w.Cond = append(w.Cond, Cmp{Field: g.Column, Op: g.Op, Time: ordering(g.Op)})
			}
		}
	}
	for _, sw := range e.StateWrites() {
		s := Set{Field: sw.Column, Const: sw.Value, Known: sw.Known}
		s.Clear = s.Known && s.Const == ""
		w.Sets = append(w.Sets, s)
	}
	return w
}

func readSQL(e *effect.Effect) *Write {
	st := e.Stmt
	if st.Upsert || st.Verb != "UPDATE" && st.Verb != "DELETE" {
		return nil
	}
	call, ok := sqlcall.Read(e.Call.Common(), e.Sink.Query, e.Sink.Args, nil)
	if !ok {
		return nil
	}
	w := &Write{Effect: e, Record: st.Table, Delete: st.Verb == "DELETE"}
	// The WHERE, and the rows a FROM restricts the write to (a derived
	// table, a CTE: WITH next AS (SELECT ... WHERE status = 'pending')
	// UPDATE jobs ... FROM next).
	cond := func(clause string) bool { return clause == "where" || clause == "from" }
	for _, g := range st.Guards {
		if !cond(g.Clause) {
			continue
		}
		v := call.Bound(g.Param).Value
		c, key := guardCmp(g, v)
		c.Required = g.Strong
		if key && g.Clause == "where" {
			w.ByKey, w.Keys = true, append(w.Keys, v)
		}
		w.Cond = append(w.Cond, c)
	}
	for _, l := range st.Literals {
		if cond(l.Clause) { // an OR's branches too, as for documents (readFilter)
			w.Cond = append(w.Cond, Cmp{Field: l.Column, Op: "=", Const: l.Value, Known: true, Required: l.Strong})
		}
	}
	for _, g := range st.Clock {
		if cond(g.Clause) {
			w.Cond = append(w.Cond, Cmp{Field: g.Column, Op: g.Op, Time: ordering(g.Op), Required: g.Strong})
		}
	}
	if w.ByKey {
		w.Cond = append(w.Cond, lockedRows(e, st.Table)...)
	}
	for _, col := range st.Assigned {
		s := Set{Field: col, Clear: slices.Contains(st.Cleared, col)}
		for _, l := range st.SetLiterals {
			if l.Column == col {
				s.Const, s.Known = l.Value, true
			}
		}
		for _, a := range st.Sets {
			if a.Column == col && a.Plain {
				s.Const, s.Known = effect.ConstValue(call.Bound(a.Param).Value)
			}
		}
		s.Clear = s.Clear || s.Known && s.Const == ""
		w.Sets = append(w.Sets, s)
	}
	return w
}

// lockedRows returns the condition of a SELECT ... FOR UPDATE of table
// that runs before e on the same transaction: the rows it returned stay
// locked until the transaction ends, so a write of them by key in that
// transaction applies only to rows that met its condition (a claim made
// in two statements, SELECT ... WHERE status = 'queued' FOR UPDATE SKIP
// LOCKED then UPDATE ... SET status = 'running' WHERE id = $1; a holder
// compared under the row lock before a release by id).
func lockedRows(e *effect.Effect, table string) []Cmp {
	write, ok := e.Call.(*ssa.Call)
	if !ok || e.Receiver == nil || table == "" {
		return nil
	}
	return lockedBefore(write.Parent(), write, e.Receiver, table, 0)
}

// LockedFirst reports whether a SQL write by key applies only to rows that
// a locking read of its table on the same transaction selected by more
// than their key (SELECT ... WHERE status = 'pending' FOR UPDATE SKIP
// LOCKED, then UPDATE ... WHERE id = $1): the row lock orders the write
// with every other writer of the row, and the read's condition was checked
// under it, so the pair is a compare-and-set on the record.
func LockedFirst(e *effect.Effect) bool {
	if e.Stmt == nil {
		return false
	}
	w := Read(e.Call)
	if w == nil || !w.ByKey {
		return false
	}
	return slices.ContainsFunc(lockedRows(e, w.Record), func(k Cmp) bool { return k.Known || k.Time })
}

// maxLockedDepth bounds the helpers followed to a locking read (a
// selectLockedEntries(ctx, tx, ...) that reads FOR UPDATE on the
// transaction it is given).
const maxLockedDepth = 2

// lockedBefore returns the condition of a locking read of table made on
// tx in fn before at (every instruction when at is nil): directly, or in a
// function of the package that fn hands tx to.
func lockedBefore(fn *ssa.Function, at ssa.Instruction, tx ssa.Value, table string, depth int) []Cmp {
	for ci := range calls.In(fn) {
		read, ok := ci.(*ssa.Call)
		if !ok || read == at || at != nil && !calls.Before(read, at) {
			continue
		}
		if calls.SameValue(calls.Receiver(&read.Call), tx) {
			if out, ok := lockingRead(read, table); ok {
				return out
			}
			continue
		}
		callee := read.Call.StaticCallee()
		if depth >= maxLockedDepth || callee == nil || callee.Pkg != fn.Pkg || len(callee.Blocks) == 0 {
			continue
		}
		for i, a := range read.Call.Args {
			if i < len(callee.Params) && calls.SameValue(a, tx) {
				if out := lockedBefore(callee, nil, callee.Params[i], table, depth+1); out != nil {
					return out
				}
			}
		}
	}
	return nil
}

// lockingRead returns the condition of read when it is a SELECT ... FOR
// UPDATE of table.
func lockingRead(read *ssa.Call, table string) ([]Cmp, bool) {
	for q, arg := range calls.Args(&read.Call) {
		text, ok := sqlcall.Text(arg)
		if !ok {
			continue
		}
		st := sqlfence.Parse(text)
		if st.Kind != sqlfence.LockingRead || st.Table != table {
			continue
		}
		call, ok := sqlcall.Read(&read.Call, q, q+1, nil)
		if !ok {
			return nil, false
		}
		var out []Cmp
		for _, g := range st.Guards {
			if g.Clause == "where" {
				c := Cmp{Field: g.Column, Op: g.Op}
				v := call.Bound(g.Param).Value
				c.Const, c.Known = effect.ConstValue(v)
				c.Time = ordering(g.Op) && (v != nil && clocktype.Timeish(v.Type()) && !integer(v.Type()) || timeField(g.Column))
				out = append(out, c)
			}
		}
		for _, l := range st.Literals {
			if l.Clause == "where" {
				out = append(out, Cmp{Field: l.Column, Op: "=", Const: l.Value, Known: true})
			}
		}
		for _, g := range st.Clock {
			if g.Clause == "where" {
				out = append(out, Cmp{Field: g.Column, Op: g.Op, Time: ordering(g.Op)})
			}
		}
		return out, true
	}
	return nil, false
}

// readDoc reads a MongoDB write: its filter (or the id of UpdateByID) and
// its update document.
func readDoc(e *effect.Effect) *Write {
	c := e.Call.Common()
	name := e.Callee.Name()
	w := &Write{Effect: e, Record: Collection(calls.Receiver(c)), Delete: strings.HasPrefix(name, "Delete") || name == "FindOneAndDelete"}
	if w.Record == "" {
		return nil
	}
	update := -1
	switch {
	case name == "UpdateByID":
		w.ByKey, w.Keys, update = true, []ssa.Value{calls.Arg(c, 1)}, 2
	default:
		dc := docCall(e.Callee)
		if dc == nil {
			return nil
		}
		update = dc.Update
		filter := calls.Arg(c, dc.Filter)
		keys, vals := storecond.MapEntries(filter)
		if keys == nil {
			return nil
		}
		w.readFilter(keys, vals, 0)
	}
	if update >= 0 {
		keys, vals := storecond.MapEntries(calls.Arg(c, update))
		for i, k := range keys {
			fk, fv := storecond.MapEntries(vals[i])
			for j, f := range fk {
				s := Set{Field: f}
				switch k {
				case "$set", "$setOnInsert":
					s.Const, s.Known = effect.ConstValue(fv[j])
					s.Clear = s.Known && s.Const == "" || isNil(fv[j])
				case "$unset":
					s.Clear = true
				case "$inc":
					// a counter the write moves on (attempts): assigned, value unknown
				default:
					continue
				}
				w.Sets = append(w.Sets, s)
			}
		}
	}
	return w
}

// readFilter reads the comparisons of a filter document, under $and and
// $or (an $or's branches are read as if each held: a claim's branch that
// takes over an expired record is what makes the claim revocable).
func (w *Write) readFilter(keys []string, vals []ssa.Value, depth int) {
	if depth > 4 {
		return
	}
	for i, k := range keys {
		v := vals[i]
		switch {
		case k == "$and" || k == "$or":
			for _, item := range sliceItems(v) {
				ik, iv := storecond.MapEntries(item)
				w.readFilter(ik, iv, depth+1)
			}
		case strings.HasPrefix(k, "$") || k == "?":
		default:
			ok, ov := storecond.MapEntries(v)
			if len(ok) > 0 && strings.HasPrefix(ok[0], "$") {
				for j, op := range ok {
					gop := model.KB.FilterOps[op]
					c := Cmp{Field: k, Op: gop}
					c.Const, c.Known = effect.ConstValue(ov[j])
					c.Time = ordering(gop) && (clocktype.Timeish(ov[j].Type()) && !integer(ov[j].Type()) || timeField(k))
					w.Cond = append(w.Cond, c)
				}
				continue
			}
			c := Cmp{Field: k, Op: "="}
			c.Const, c.Known = effect.ConstValue(v)
			if !c.Known && depth == 0 && storecond.RoleOf(k) == storecond.Plain {
				w.ByKey, w.Keys = true, append(w.Keys, v)
			}
			w.Cond = append(w.Cond, c)
		}
	}
}

func docCall(fn *types.Func) *model.DocCall {
	for i, dc := range model.KB.Documents {
		if dc.Func.Matches(fn) {
			return &model.KB.Documents[i]
		}
	}
	return nil
}

// Collection names the collection a MongoDB call on recv reads or writes
// ("collection jobs"): its constant name (db.Collection("jobs")), the
// method that returns it (q.db.Jobs()), or the field or variable that
// keeps it; "" when unknown.
func Collection(recv ssa.Value) string {
	v := calls.Unwrap(calls.Resolve(recv))
	if call, ok := v.(*ssa.Call); ok {
		if fn := calls.Callee(&call.Call); fn != nil {
			if fn.Name() == "Collection" {
				if s, ok := calls.ConstString(calls.Arg(&call.Call, 0)); ok {
					return "collection " + s
				}
			}
			if recv := model.RecvName(fn); recv != "" {
				return "collection " + recv + "." + fn.Name() + "()"
			}
			return "collection " + fn.Name() + "()"
		}
	}
	if _, hint := calls.KeyID(v); hint != "" {
		return "collection " + hint
	}
	return ""
}

// sliceItems returns the elements of a slice literal built here
// ([]bson.M{{...}, {...}}, bson.A{...}).
func sliceItems(v ssa.Value) []ssa.Value {
	s, ok := calls.Unwrap(v).(*ssa.Slice)
	if !ok {
		return nil
	}
	arr, ok := s.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	var out []ssa.Value
	for _, r := range *arr.Referrers() {
		ia, ok := r.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		for _, r2 := range *ia.Referrers() {
			if st, ok := r2.(*ssa.Store); ok && st.Addr == ia {
				out = append(out, st.Val)
			}
		}
	}
	return out
}

func isNil(v ssa.Value) bool {
	c, ok := calls.Unwrap(v).(*ssa.Const)
	return ok && c.IsNil()
}

func ordering(op string) bool { return op == "<" || op == "<=" || op == ">" || op == ">=" }

func integer(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// timeField reports whether a field's name says it holds an instant: an
// expiry or heartbeat (storecond.RoleOf), or a name ending in at, time,
// until or deadline (started_at, claimedAt, lock_time).
func timeField(name string) bool {
	if storecond.RoleOf(name) == storecond.Expiry {
		return true
	}
	words := vocab.Words(name)
	if len(words) == 0 {
		return false
	}
	switch words[len(words)-1] {
	case "at", "time", "until", "deadline", "ts":
		return true
	}
	return false
}
