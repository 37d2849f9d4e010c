package effect

import (
	"go/constant"
	"go/types"
	"slices"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlcall"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlfence"
	"golang.org/x/tools/go/ssa"
)

// Transition is a conditional write that moves a record's state column
// from one constant to another: UPDATE redeem_codes SET status = 'used'
// WHERE id = $1 AND status = 'unused', or gorm's
// Where("id = ? AND status = ?", id, StatusUnused).Updates(map[string]any{
// "status": StatusUsed}). Whether only one writer can ever win it depends
// on the rest of the package (no write sets the column back to From):
// package oneway decides that.
type Transition struct {
	Record   string // the table, or "model T" for a gorm chain's Model(&T{}); "" if unknown
	Column   string // the state column, lower-cased
	From, To string // the constants, as Go spells their values
}

// StateWrite is one column a write assigns, with the constant it assigns
// when that is known (Known).
type StateWrite struct {
	Record, Column, Value string
	Known                 bool
	// Guard is the constant the write's own WHERE compares the column
	// with, when it does (Guarded): the write applies only to a record in
	// that state (a transition Guard -> Value).
	Guard   string
	Guarded bool
}

// GuardedWrites returns StateWrites with each column's guard filled in
// (StateWrite.Guard): what the write assigns, and in which state of the
// column it applies.
func (e *Effect) GuardedWrites() []StateWrite {
	ws := e.StateWrites()
	if len(ws) == 0 {
		return ws
	}
	_, guards := e.stateGuards()
	for i := range ws {
		ws[i].Guard, ws[i].Guarded = guards[ws[i].Column]
	}
	return ws
}

// Transition returns the transition the write e makes, or nil: an UPDATE
// (or a gorm Update/Updates chain) whose strong WHERE conjunct compares a
// column with a constant and whose SET assigns it a different constant.
// Constants are SQL literals or Go constants bound to placeholders.
func (e *Effect) Transition() *Transition {
	record, guards := e.stateGuards()
	if guards == nil {
		return nil
	}
	for _, w := range e.StateWrites() {
		if !w.Known {
			continue
		}
		from, ok := guards[w.Column]
		if !ok || from == w.Value || e.assignsTwice(w.Column) {
			continue
		}
		return &Transition{Record: record, Column: w.Column, From: from, To: w.Value}
	}
	return nil
}

// assignsTwice reports whether a column is assigned more than once (an
// UPDATE that lists it twice, a gorm map that cannot, a SQL upsert): such
// a write is not read as one transition.
func (e *Effect) assignsTwice(col string) bool {
	n := 0
	for _, w := range e.StateWrites() {
		if w.Column == col {
			n++
		}
	}
	return n > 1
}

// stateGuards returns the record a write targets and the constants its
// strong WHERE conjuncts compare columns with (column -> value); nil when
// the write is no UPDATE.
func (e *Effect) stateGuards() (string, map[string]string) {
	out := map[string]string{}
	add := func(st *sqlfence.Statement, bound func(sqlfence.Placeholder) ssa.Value) {
		for _, l := range st.Literals {
			if l.Strong && l.Clause == "where" {
				out[l.Column] = l.Value
			}
		}
		for _, g := range st.Guards {
			if !g.Strong || g.Op != "=" || g.Clause != "where" || g.Arith {
				continue
			}
			if v, ok := constValue(bound(g.Param)); ok {
				out[g.Column] = v
			}
		}
	}
	switch {
	case e.Stmt != nil:
		if e.Stmt.Verb != "UPDATE" || e.Stmt.Upsert {
			return "", nil
		}
		call, ok := sqlcall.Read(e.Call.Common(), e.Sink.Query, e.Sink.Args, nil)
		if !ok {
			return "", nil
		}
		add(e.Stmt, func(p sqlfence.Placeholder) ssa.Value { return call.Bound(p).Value })
		return e.Stmt.Table, out
	case e.builderColumns() != nil:
		if builderVerb(e.Sink, e.Callee) != "UPDATE" {
			return "", nil
		}
		for call := range chainCalls(e.Receiver) {
			if call.Call.Method != nil || calls.Callee(&call.Call) == nil || calls.Callee(&call.Call).Name() != "Where" {
				continue
			}
			preds, ok := calls.Variadic(calls.Arg(&call.Call, 0))
			if !ok {
				continue
			}
			for _, p := range preds {
				if col, v, ok := e.columnEqual(p); ok {
					out[col] = v
				}
			}
		}
		return e.builderRecord(), out
	case e.columnSet() != nil:
		for st, where := range Wheres(e.Receiver) {
			if st == nil {
				continue
			}
			frag := sqlcall.Fragment(where, st.Text, 1)
			add(st, func(p sqlfence.Placeholder) ssa.Value { return frag.Bound(p).Value })
		}
		return e.chainRecord(), out
	}
	return "", nil
}

// StateWrites returns the columns a write assigns with the value it
// assigns each: an UPDATE's SET (or an upsert's DO UPDATE SET), gorm's
// Update(col, v), UpdateColumn and Updates/UpdateColumns of a map
// literal. A value is known when it is a SQL literal or a Go constant
// bound to a placeholder. Writes of whole records (gorm's Save, Updates
// of a struct) and plain INSERTs assign nothing here.
func (e *Effect) StateWrites() []StateWrite {
	var out []StateWrite
	switch {
	case e.Stmt != nil:
		st := e.Stmt
		var call *sqlcall.Call
		if c, ok := sqlcall.Read(e.Call.Common(), e.Sink.Query, e.Sink.Args, nil); ok {
			call = c
		}
		for _, col := range st.Assigned {
			w := StateWrite{Record: st.Table, Column: col}
			for _, l := range st.SetLiterals {
				if l.Column == col {
					w.Value, w.Known = l.Value, true
				}
			}
			for _, s := range st.Sets {
				if s.Column != col {
					continue
				}
				w.Known = false // a placeholder written: known only when plain and bound to a constant
				if s.Plain && call != nil {
					w.Value, w.Known = constValue(call.Bound(s.Param).Value)
				}
			}
			out = append(out, w)
		}
	case e.builderColumns() != nil:
		if builderVerb(e.Sink, e.Callee) != "UPDATE" {
			return nil // an INSERT makes a record, it does not move one back
		}
		cols := e.builderColumns()
		for call := range chainCalls(e.Receiver) {
			fn := calls.Callee(&call.Call)
			if fn == nil || !sameBuilder(fn, e.Callee) || !strings.HasPrefix(fn.Name(), cols.Setter) || len(fn.Name()) == len(cols.Setter) {
				continue
			}
			w := StateWrite{Record: e.builderRecord(), Column: snake(strings.TrimPrefix(fn.Name(), cols.Setter))}
			w.Value, w.Known = constValue(calls.Arg(&call.Call, 0))
			out = append(out, w)
		}
	case e.columnSet() != nil:
		c := e.Call.Common()
		record := e.chainRecord()
		if cs := e.columnSet(); cs.Column >= 0 {
			col, ok := calls.ConstString(calls.Arg(c, cs.Column))
			if !ok {
				return nil
			}
			w := StateWrite{Record: record, Column: strings.ToLower(col)}
			w.Value, w.Known = constValue(calls.Arg(c, cs.Column+1))
			return append(out, w)
		}
		mk, ok := calls.Unwrap(calls.Arg(c, 0)).(*ssa.MakeMap)
		if !ok {
			return nil
		}
		for _, r := range *mk.Referrers() {
			up, ok := r.(*ssa.MapUpdate)
			if !ok || up.Map != mk {
				continue
			}
			col, ok := calls.ConstString(up.Key)
			if !ok {
				continue
			}
			w := StateWrite{Record: record, Column: strings.ToLower(col)}
			w.Value, w.Known = constValue(up.Value)
			out = append(out, w)
		}
	}
	return out
}

// Creates reports whether the write only inserts new records: an SQL
// INSERT that is no upsert, a generated builder's Create, a sink call the
// knowledge base names as one (model.Sink.Creates), also when summarised
// from another package's function ("gorm CreateInBatches").
func (e *Effect) Creates() bool {
	switch {
	case e.Stmt != nil:
		return e.Stmt.Verb == "INSERT" && !e.Stmt.Upsert
	case e.Sink == nil:
		return false
	case e.Where != "":
		name, ok := strings.CutPrefix(e.What, e.Sink.Family+" ")
		return strings.HasPrefix(e.What, "INSERT ") || ok && slices.Contains(e.Sink.Creates, name)
	case e.Sink.Shape == model.GeneratedBuilder:
		return builderVerb(e.Sink, e.Callee) == "INSERT"
	}
	return e.Callee != nil && slices.Contains(e.Sink.Creates, e.Callee.Name())
}

// builderColumns returns how a generated builder's chain names columns
// (model.Sink.Columns), or nil for another write.
func (e *Effect) builderColumns() *model.BuilderColumns {
	if e.Sink == nil || e.Sink.Shape != model.GeneratedBuilder || e.Callee == nil || e.Receiver == nil {
		return nil
	}
	return e.Sink.Columns
}

// RowsResult reports whether the write's first result, an integer, counts
// the rows it changed (a generated builder's Update.Save: Columns.Rows).
func (e *Effect) RowsResult() bool {
	cols := e.builderColumns()
	if cols == nil || !cols.Rows {
		return false
	}
	res := e.Call.Common().Signature().Results()
	if res.Len() == 0 {
		return false
	}
	b, ok := res.At(0).Type().Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// columnEqual reads a predicate handed to a generated builder's Where:
// a call of a function named <Column><Equal> (StatusEQ) with one constant
// argument, returning the predicate type Where takes. It returns the
// column and the constant.
func (e *Effect) columnEqual(p ssa.Value) (string, string, bool) {
	call, ok := calls.Unwrap(p).(*ssa.Call)
	if !ok || call.Call.IsInvoke() {
		return "", "", false
	}
	fn := calls.Callee(&call.Call)
	cols := e.builderColumns()
	if fn == nil || fn.Type().(*types.Signature).Recv() != nil || len(call.Call.Args) != 1 ||
		!strings.HasSuffix(fn.Name(), cols.Equal) || len(fn.Name()) == len(cols.Equal) {
		return "", "", false
	}
	v, ok := constValue(call.Call.Args[0])
	if !ok {
		return "", "", false
	}
	return snake(strings.TrimSuffix(fn.Name(), cols.Equal)), v, true
}

// builderRecord names the record a generated builder writes: its entity,
// the builder's name without its suffix ("withdraw" for WithdrawUpdate).
func (e *Effect) builderRecord() string {
	name := model.RecvName(e.Callee)
	return "entity " + snake(strings.TrimSuffix(name, builderSuffix(name)))
}

// sameBuilder reports whether fn is a method of the builder type of the
// write (the setters of the chain, not of another builder's).
func sameBuilder(fn, write *types.Func) bool {
	r, w := fn.Type().(*types.Signature).Recv(), write.Type().(*types.Signature).Recv()
	return r != nil && w != nil && types.Identical(r.Type(), w.Type())
}

// snake spells a Go name as its column: OrderNo -> order_no, ID -> id.
func snake(name string) string {
	var b strings.Builder
	rs := []rune(name)
	for i, r := range rs {
		upper := r >= 'A' && r <= 'Z'
		if upper && i > 0 {
			prevLower := rs[i-1] >= 'a' && rs[i-1] <= 'z' || rs[i-1] >= '0' && rs[i-1] <= '9'
			nextLower := i+1 < len(rs) && rs[i+1] >= 'a' && rs[i+1] <= 'z'
			if prevLower || nextLower && rs[i-1] >= 'A' && rs[i-1] <= 'Z' {
				b.WriteByte('_')
			}
		}
		if upper {
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// columnSet returns the knowledge base's description of a builder call
// that assigns named columns (model.Sink.ColumnSets), or nil.
func (e *Effect) columnSet() *model.ColumnSet {
	if e.Sink == nil || e.Callee == nil || e.Receiver == nil {
		return nil
	}
	for i := range e.Sink.ColumnSets {
		if e.Sink.ColumnSets[i].Func.Matches(e.Callee) {
			return &e.Sink.ColumnSets[i]
		}
	}
	return nil
}

// chainRecord names the record a builder chain writes
// (model.Sink.Records): "model T" for a value of type T (gorm's
// Model(&T{})), the table for a constant name (Table("t")); "" when the
// chain names neither.
func (e *Effect) chainRecord() string {
	return inChain(e.Receiver, func(call *ssa.Call, fn *types.Func) string {
		if !model.MatchesAny(e.Sink.Records, fn) {
			return ""
		}
		arg := calls.Arg(&call.Call, 0)
		if t, ok := calls.ConstString(arg); ok {
			return strings.ToLower(t)
		}
		t := calls.Unwrap(arg).Type()
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			return "model " + n.Obj().Name()
		}
		return ""
	})
}

// constValue returns the value of a Go constant as sqlfence.Literal
// spells a SQL one: a string's contents, an integer's digits, true or
// false.
func constValue(v ssa.Value) (string, bool) {
	if v == nil {
		return "", false
	}
	if s, ok := calls.ConstString(v); ok {
		return s, true
	}
	c, ok := calls.Unwrap(v).(*ssa.Const)
	if !ok || c.Value == nil {
		return "", false
	}
	switch c.Value.Kind() {
	case constant.Int, constant.Bool:
		return c.Value.ExactString(), true
	}
	return "", false
}

// ConstValue returns the constant a value is, as Go spells it (a string's
// contents, an integer's or a bool's text): what a write binds or compares.
func ConstValue(v ssa.Value) (string, bool) { return constValue(v) }
