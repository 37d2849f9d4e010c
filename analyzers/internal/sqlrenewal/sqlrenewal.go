// Package sqlrenewal reads which SQL statement renews a hand-rolled lease:
// an UPDATE that moves a lease's expiry or heartbeat column forward WHERE
// the row still names this holder, so that it matches nothing once
// another holder has taken the row (FC5002); and how the call that runs it
// hands back that outcome (rows affected, or ErrNoRows from a row's Scan).
// The words are vocab's; the statement is sqlfence's.
package sqlrenewal

import (
	"fmt"
	"go/types"
	"slices"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlcall"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlfence"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"golang.org/x/tools/go/ssa"
)

// Kind says how a SQL call hands back its outcome.
type Kind int

const (
	None     Kind = iota // not an SQL call whose outcome is read here
	Exec                 // result 0 is an sql.Result / pgconn.CommandTag
	QueryRow             // result 0 is a row whose Scan error is ErrNoRows when nothing matched
)

// Call returns the SQL text of a call to a known SQL API (sk, the
// knowledge base's SQL sink of the callee, or nil) or to an SQL-shaped
// method (sqlc's DBTX, or an application's own connection wrapper with the
// driver's Exec(ctx, query string, args ...any) signature), with the index
// of the text argument and the kind of the call. A fmt.Sprintf of a
// constant format (a table name filled in) gives the format with its verbs
// replaced by an identifier; other built text is read by sqlcall.
func Call(ci ssa.CallInstruction, callee *types.Func, sk *model.Sink) (string, int, Kind) {
	q := -1
	if sk != nil {
		q = sk.Query
	} else {
		q = effect.SQLShaped(callee)
	}
	if q < 0 {
		return "", -1, None
	}
	kind := None
	switch {
	case strings.HasPrefix(callee.Name(), "QueryRow"):
		kind = QueryRow
	case strings.Contains(callee.Name(), "Exec"):
		kind = Exec
	default:
		return "", -1, None
	}
	text, ok := template(calls.Arg(ci.Common(), q))
	if !ok {
		return "", -1, None
	}
	return text, q, kind
}

// template returns the constant SQL text of v, or the format of a
// fmt.Sprintf with a constant format whose verbs stand for identifiers.
func template(v ssa.Value) (string, bool) {
	if s, ok := calls.ConstString(v); ok {
		return s, true
	}
	c, ok := calls.Unwrap(v).(*ssa.Call)
	if !ok {
		return sqlcall.Text(v) // concatenation, a builder: the one reader of statement text
	}
	if fn := calls.Callee(&c.Call); fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "fmt" || fn.Name() != "Sprintf" {
		return sqlcall.Text(v)
	}
	format, ok := calls.ConstString(calls.Arg(&c.Call, 0))
	if !ok {
		return "", false
	}
	var b strings.Builder
	for i := 0; i < len(format); i++ {
		if format[i] != '%' || i+1 >= len(format) {
			b.WriteByte(format[i])
			continue
		}
		i++
		switch format[i] {
		case '%':
			b.WriteByte('%')
		case 's', 'v', 'q':
			b.WriteString("tbl")
		case 'd':
			b.WriteString("0")
		default:
			return "", false
		}
	}
	return b.String(), true
}

// Statement reports whether SQL text, run in fn, renews a hand-rolled
// lease: an UPDATE that assigns a lease expiry or heartbeat column and
// whose WHERE compares a holder column for equality, or, with no holder in
// the WHERE, one that assigns a lease expiry column ("leased_until": a
// lease word and a time word) WHERE that column has not passed, in a
// function named as a renewal (Extend, ExtendTx, renewLease): a job
// queue's visibility lease extended by message id. A column the package's
// takeover judges the lease by (judged, which may be nil: locked_at in
// WHERE locked_at < now() - $1) is renewed whatever it is called. It
// returns the statement and a short rendering for messages.
func Statement(text string, fn *ssa.Function, judged func(table, col string) bool) (*sqlfence.Statement, string) {
	st := sqlfence.Parse(text)
	if st.Kind != sqlfence.Write || st.Verb != "UPDATE" || st.Upsert || len(st.Cleared) > 0 {
		return nil, "" // a release clears the holder or the expiry (SET locked_by = NULL)
	}
	if fn != nil && vocab.ReleaseMethod(calls.Outermost(fn).Name()) {
		return nil, "" // a release that expires the lease (SET lease_expires_at = now), in a function named as one
	}
	var owner string
	for _, g := range st.Guards {
		if g.Clause == "where" && g.Strong && g.Op == "=" && renewalOwner(g.Column, st.Table) {
			owner = g.Column + " = " + g.Param.String()
			if g.Param.Style == sqlfence.Question {
				owner = g.Column + " = ?"
			}
			break
		}
	}
	if owner == "" {
		if st, what := leaseExtension(st, fn); st != nil {
			return st, what
		}
		return stateHeartbeat(st, fn)
	}
	lockish := vocab.LockTable.Match(st.Table) || slices.ContainsFunc(vocab.Words(owner[:strings.Index(owner, " ")]), func(w string) bool {
		return vocab.Prefixed(w, vocab.RenewalOwnerLockWords) || w == "by"
	})
	for _, col := range st.Assigned {
		if vocab.RenewalColumn(col, lockish) || judged != nil && judged(st.Table, col) {
			return st, fmt.Sprintf("UPDATE %s SET %s ... WHERE ... %s", shownTable(st.Table), col, owner)
		}
	}
	return nil, ""
}

// shownTable is a statement's table for messages: "<table>" when the
// program splices the name in (Sprintf's "tbl", textval's identifier for a
// Go value).
func shownTable(t string) string {
	if t == "" || t == "tbl" || strings.HasPrefix(t, "fc_") {
		return "<table>"
	}
	return t
}

// leaseExtension is Statement for an UPDATE with no holder in its WHERE:
// a lease expiry column assigned in a function named as a renewal.
func leaseExtension(st *sqlfence.Statement, fn *ssa.Function) (*sqlfence.Statement, string) {
	if fn == nil || !vocab.NamesExtension(fn.Name()) {
		return nil, ""
	}
	for _, col := range st.Assigned {
		if vocab.LeaseExpiryColumn(col) && stillLeased(st, col) {
			return st, fmt.Sprintf("UPDATE %s SET %s ... WHERE %s has not passed, with no holder in its WHERE", shownTable(st.Table), col, col)
		}
	}
	return nil, ""
}

// stateHeartbeat is Statement for an UPDATE with no holder in its WHERE
// that stamps a heartbeat column (heartbeat_at, last_renewed_at) WHERE the
// record is still in a working state (state = 'running', status = $3), in
// a function named as a renewal (UpdateJobHeartbeat): once a reaper has
// moved the record out of that state (failed it, put it back in the
// queue) the heartbeat matches no row, and that is the only word of the
// loss the holder gets.
func stateHeartbeat(st *sqlfence.Statement, fn *ssa.Function) (*sqlfence.Statement, string) {
	if fn == nil || !vocab.NamesRenewal(calls.Outermost(fn).Name()) {
		return nil, ""
	}
	beat := ""
	for _, col := range st.Assigned {
		if vocab.NamesRenewal(col) {
			beat = col
			break
		}
	}
	if beat == "" {
		return nil, ""
	}
	for _, g := range st.Guards {
		if g.Clause == "where" && g.Strong && g.Op == "=" && vocab.StateColumn.Match(g.Column) {
			return st, fmt.Sprintf("UPDATE %s SET %s ... WHERE ... %s = %s", shownTable(st.Table), beat, g.Column, g.Param.String())
		}
	}
	for _, l := range st.Literals {
		if l.Clause == "where" && l.Strong && vocab.StateColumn.Match(l.Column) && vocab.WorkingState.Match(l.Value) {
			return st, fmt.Sprintf("UPDATE %s SET %s ... WHERE ... %s = '%s'", shownTable(st.Table), beat, l.Column, l.Value)
		}
	}
	return nil, ""
}

// stillLeased reports whether st's WHERE demands that the lease column col
// has not run out (leased_until >= now(), leased_until > $1): only then
// does a renewal that matches no row mean that the lease was lost.
func stillLeased(st *sqlfence.Statement, col string) bool {
	later := func(op string) bool { return op == ">" || op == ">=" }
	return slices.ContainsFunc(st.Clock, func(g sqlfence.ClockGuard) bool {
		return g.Column == col && g.Clause == "where" && g.Strong && later(g.Op)
	}) || slices.ContainsFunc(st.Guards, func(g sqlfence.Guard) bool {
		return g.Column == col && g.Clause == "where" && g.Strong && later(g.Op)
	})
}

// renewalOwner reports whether col names the holder of a row of table.
func renewalOwner(col, table string) bool {
	words := vocab.Words(col)
	for i, w := range words {
		if vocab.Prefixed(w, vocab.RenewalOwnerWords) {
			// worker_id in a workers table is the row, not its holder.
			for _, t := range vocab.Words(table) {
				if strings.HasPrefix(t, w) {
					return false
				}
			}
			return true
		}
		if vocab.Prefixed(w, vocab.RenewalProcessWords) && vocab.LockTable.Match(table) {
			return true // instance_id in leader_leases: the process that holds the lease
		}
		if w == "by" && i > 0 && slices.Contains(vocab.RenewalClaimVerbs, words[i-1]) {
			return true
		}
		if (w == "token" || w == "owner") && i > 0 && vocab.Prefixed(words[i-1], vocab.RenewalLeaseWords) {
			return true // lock_token, lease_token
		}
	}
	return false
}
