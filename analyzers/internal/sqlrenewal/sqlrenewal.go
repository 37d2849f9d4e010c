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
// interface method (sqlc's DBTX), with the index of the text argument and
// the kind of the call. A fmt.Sprintf of a constant format
// (a table name filled in) gives the format with its verbs replaced by an
// identifier.
func Call(ci ssa.CallInstruction, callee *types.Func, sk *model.Sink) (string, int, Kind) {
	q := -1
	if sk != nil {
		q = sk.Query
	} else if ci.Common().IsInvoke() {
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
		return "", false
	}
	if fn := calls.Callee(&c.Call); fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "fmt" || fn.Name() != "Sprintf" {
		return "", false
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

// Statement reports whether SQL text renews a hand-rolled lease: an
// UPDATE that assigns a lease expiry or heartbeat column and whose WHERE
// compares a holder column for equality. It returns the statement and a
// short rendering for messages.
func Statement(text string) (*sqlfence.Statement, string) {
	st := sqlfence.Parse(text)
	if st.Kind != sqlfence.Write || st.Verb != "UPDATE" || st.Upsert || len(st.Cleared) > 0 {
		return nil, "" // a release clears the holder or the expiry (SET locked_by = NULL)
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
		return nil, ""
	}
	lockish := vocab.LockTable.Match(st.Table) || slices.ContainsFunc(vocab.Words(owner[:strings.Index(owner, " ")]), func(w string) bool {
		return vocab.Prefixed(w, vocab.RenewalOwnerLockWords) || w == "by"
	})
	for _, col := range st.Assigned {
		if vocab.RenewalColumn(col, lockish) {
			table := st.Table
			if table == "tbl" || table == "" {
				table = "<table>"
			}
			return st, fmt.Sprintf("UPDATE %s SET %s ... WHERE ... %s", table, col, owner)
		}
	}
	return nil, ""
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
		if w == "by" && i > 0 && slices.Contains(vocab.RenewalClaimVerbs, words[i-1]) {
			return true
		}
		if (w == "token" || w == "owner") && i > 0 && vocab.Prefixed(words[i-1], vocab.RenewalLeaseWords) {
			return true // lock_token, lease_token
		}
	}
	return false
}
