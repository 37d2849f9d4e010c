package lifecycle

import (
	"fmt"
	"go/types"
	"slices"

	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlfence"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlrenewal"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"golang.org/x/tools/go/ssa"
)

// A lease renewal written with a query builder (gorm): db.Model(&Lock{}).
// Where("name = ? AND owner = ?", name, me).Updates(map[string]any{
// "expired_at": t}). It is the same UPDATE as the SQL one (sqlrenewal
// reads it from the chain's text, effect.ChainUpdate), and it says the
// same thing when another holder has taken the row: it matches nothing,
// with no error. The builder reports the count in a field of what it
// returns (model.Sink.RowsField: gorm's *DB.RowsAffected), so the signal
// is dropped when that value is thrown away, or when only its Error is
// read.

// chainRenewal judges a query builder's write in fn, if it renews a lease.
func (r *renewals) chainRenewal(fn *ssa.Function, ci ssa.CallInstruction, e *effect.Effect) {
	text := e.ChainUpdate()
	if text == "" {
		return
	}
	st, what := sqlrenewal.Statement(text, fn, r.l.judged)
	if st == nil || slices.ContainsFunc(st.SetLiterals, func(l sqlfence.Literal) bool {
		return l.Value == "" && vocab.ReleaseOwner.Match(l.Column)
	}) {
		return // a release: the holder emptied (owner = ""), as SQL's SET owner = NULL is (sqlrenewal)
	}
	where := r.l.where(ci.Pos())
	call, ok := ci.(*ssa.Call)
	if !ok {
		r.dropped(fn, ci, what, where, fmt.Sprintf("this lease renewal (%s, %s) runs in a %s statement, which throws its outcome away", what, e.Via(), goOrDefer(ci)))
		return
	}
	switch rowsFieldRead(call) {
	case rowsDiscarded:
		r.dropped(fn, ci, what, where, fmt.Sprintf("what this lease renewal (%s, %s) returns is discarded, with the rows it affected", what, e.Via()))
	case rowsUnread:
		r.dropped(fn, ci, what, where, fmt.Sprintf("the rows affected by this lease renewal (%s, %s) are never read: only its Error is checked, and a renewal that matched no row has none", what, e.Via()))
	}
}

const (
	rowsRead      = iota // RowsAffected read, or the result handed on
	rowsDiscarded        // the result unused
	rowsUnread           // only other fields (Error) read
)

// rowsFieldRead says what the code does with the builder a write returns
// (model.Sink.RowsField): reads its RowsAffected, hands it on (returned,
// stored, passed to a call: assumed read there), reads only other fields
// of it, or throws it away.
func rowsFieldRead(call *ssa.Call) int {
	refs := call.Referrers()
	if refs == nil || len(*refs) == 0 {
		return rowsDiscarded
	}
	for _, u := range *refs {
		switch x := u.(type) {
		case *ssa.FieldAddr:
			if fieldName(x.X.Type(), x.Field) == "RowsAffected" {
				return rowsRead
			}
		case *ssa.Field:
			if fieldName(x.X.Type(), x.Field) == "RowsAffected" {
				return rowsRead
			}
		case *ssa.DebugRef:
		default:
			return rowsRead // returned, stored, passed on, a method called on it
		}
	}
	return rowsUnread
}

// fieldName returns the name of field i of the struct t (or *t) is.
func fieldName(t types.Type, i int) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return ""
	}
	return st.Field(i).Name()
}
