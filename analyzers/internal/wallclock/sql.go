package wallclock

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/clocklabel"
	"github.com/fencecheck/fencecheck/analyzers/internal/clocktype"
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/leaseclaim"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlfence"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"github.com/fencecheck/fencecheck/internal/checks"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// SQL lease rows decided with two clocks. A lease row's expiry is written
// by one party and compared by another; FC4001 reports where this host's
// clock enters that comparison:
//
//   - a write or a claim (SELECT ... FOR UPDATE) whose WHERE compares a
//     lease column with a time computed in Go from time.Now() (the stored
//     expiry was written with the previous holder's clock): reported at
//     the statement, with a fix letting the database use now();
//   - a write that stores an expiry computed from this host's clock into a
//     lease column that a statement of this package compares, with the
//     database's clock (expires_at <= NOW(), in the same statement or
//     another) or with another host's Go time: reported at the write, the
//     comparing statement as related information;
//   - through packages: a function whose parameter becomes such an expiry
//     (sqlc's generated InsertLock, a store's AcquireLock) exports an
//     ExpiryParamFact, and a caller passing time.Now().Add(ttl) to it is
//     reported at the call (facts.go).
//
// A lease column is one of a table with lease vocabulary (locks, leases,
// job_leases) or a column with it (locked_until, lease_expires_at,
// claim_until). The text of a statement is a constant or the constant
// format of fmt.Sprintf; bind arguments may be spread from a slice built
// by a composite literal ([]any{a, b, now}, appended to afterwards).

// sqlCall is one SQL call of the package with its statement and binds.
type sqlCall struct {
	fn    *ssa.Function
	ci    ssa.CallInstruction
	call  *ast.CallExpr
	sink  *model.Sink
	st    *sqlfence.Statement
	binds []ast.Expr // nil when unknown
	first int        // index of the first bind argument in call.Args
	done  bool       // reported
	// built: the statement is rebuilt from a query builder's chain
	// (chainUses): its binds are not call.Args, so no fix edits them.
	built bool
}

func (q *sqlCall) bind(p sqlfence.Placeholder) ast.Expr {
	i := p.ArgIndex()
	if i < 0 || i >= len(q.binds) {
		return nil
	}
	return q.binds[i]
}

// sqlCmp is a comparison of a lease column: with a time computed in Go
// (local != nil) or with the database's clock.
type sqlCmp struct {
	q     *sqlCall
	col   string
	text  string // for messages: "expires_at < now()", "locked_until < $3 (now)"
	local ast.Expr
	used  bool // a store into the column was reported with it
}

// sqlUses lists the package's SQL calls whose text is known.
func (w *checker) sqlUses() []*sqlCall {
	var out []*sqlCall
	for _, s := range w.u.Index.Sites() {
		fn, ci := s.Fn, s.Call
		sink := effect.SQLSink(ci.Common())
		if sink == nil {
			continue
		}
		call := w.u.Index.Call(ci.Common().Pos())
		if call == nil || sink.Query >= len(call.Args) || w.testFile(call.Pos()) {
			continue
		}
		text, ok := w.queryText(call.Args[sink.Query])
		if !ok {
			// A statement kept in a local first (query := `UPDATE ...`):
			// constant in SSA, whatever the syntax says.
			text, ok = calls.ConstString(calls.Arg(ci.Common(), sink.Query))
		}
		if !ok {
			continue
		}
		q := &sqlCall{fn: fn, ci: ci, call: call, sink: sink, st: w.Parse(text), first: sink.Args}
		q.binds = w.BindExprs(call, sink.Args)
		out = append(out, q)
	}
	return append(out, w.chainUses()...)
}

// chainUses rebuilds the statements of a query builder's writes that
// assign columns from a map literal (gorm's
// db.Model(&Lock{}).Where("id = ? AND expired_at < NOW()", id).Updates(map[string]any{"owner": me, "expired_at": time.Now().Add(ttl)})):
// "UPDATE <table> SET <keys> WHERE <fragments>", the map's values and then
// each Where's arguments as its binds, in the order of their
// placeholders. The table is the model's type in snake case (what the
// builder's naming makes of it, without the plural) or the Table name.
// A chain with a fragment or a key that is not constant is left out.
func (w *checker) chainUses() []*sqlCall {
	var out []*sqlCall
	for _, s := range w.u.Index.Sites() {
		fn, ci := s.Fn, s.Call
		call, ok := ci.(*ssa.Call)
		if !ok || w.testFile(call.Pos()) {
			continue
		}
		sink := mapColumnSink(calls.Callee(&call.Call))
		if sink == nil {
			continue
		}
		ce := w.u.Index.Call(call.Call.Pos())
		if ce == nil || len(ce.Args) != 1 {
			continue
		}
		lit, ok := ast.Unparen(ce.Args[0]).(*ast.CompositeLit)
		if !ok {
			continue
		}
		var sets []string
		var binds []ast.Expr
		for _, e := range lit.Elts {
			kv, ok := e.(*ast.KeyValueExpr)
			if !ok {
				sets = nil
				break
			}
			k, ok := w.ConstString(kv.Key)
			if !ok {
				sets = nil
				break
			}
			sets = append(sets, k+" = ?")
			binds = append(binds, kv.Value)
		}
		if len(sets) == 0 {
			continue
		}
		recv := calls.Receiver(&call.Call)
		table := effect.ChainTableName(recv)
		if table == "" {
			continue
		}
		var frags []string
		known := true
		var whereBinds []ast.Expr
		for st, wc := range effect.Wheres(recv) {
			wce := w.u.Index.Call(wc.Pos())
			if st == nil || wce == nil || len(wce.Args) == 0 || wce.Ellipsis.IsValid() {
				known = false
				break
			}
			frag, _ := w.ConstString(wce.Args[0])
			// Wheres yields the nearest first: the chain's order is the reverse.
			frags = append([]string{"(" + frag + ")"}, frags...)
			whereBinds = append(append([]ast.Expr{}, wce.Args[1:]...), whereBinds...)
		}
		if !known {
			continue
		}
		text := "UPDATE " + table + " SET " + strings.Join(sets, ", ")
		if len(frags) > 0 {
			text += " WHERE " + strings.Join(frags, " AND ")
		}
		q := &sqlCall{fn: fn, ci: ci, call: ce, sink: sink, st: w.Parse(text), built: true,
			binds: append(binds, whereBinds...), first: len(ce.Args)}
		out = append(out, q)
	}
	return out
}

// mapColumnSink returns the query builder sink whose call fn assigns the
// columns of a map literal (model.Sink.ColumnSets with Column -1), or nil.
func mapColumnSink(fn *types.Func) *model.Sink {
	if fn == nil {
		return nil
	}
	for _, s := range model.KB.Sinks {
		for _, cs := range s.ColumnSets {
			if cs.Column == -1 && cs.Func.Matches(fn) {
				return s
			}
		}
	}
	return nil
}

var sprintfVerb = regexp.MustCompile(`%[-+# 0-9.*\[\]]*[a-zA-Z%]`)

// queryText returns the SQL text of a query argument: a constant, or the
// constant format of fmt.Sprintf with its verbs replaced by a name (the
// verbs fill in lists, table names and generated placeholders; the text is
// refused when a verb comes before a '?' placeholder, whose ordinal it
// could shift).
func (w *checker) queryText(e ast.Expr) (string, bool) {
	if s, ok := w.ConstString(e); ok {
		return s, true
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) == 0 {
		return "", false
	}
	fn := w.Callee(call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "fmt" || fn.Name() != "Sprintf" {
		return "", false
	}
	format, ok := w.ConstString(call.Args[0])
	if !ok {
		return "", false
	}
	if loc := sprintfVerb.FindStringIndex(format); loc != nil && strings.Contains(format[loc[0]:], "?") {
		return "", false
	}
	return sprintfVerb.ReplaceAllStringFunc(format, func(v string) string {
		if v == "%%" {
			return "%"
		}
		return "x"
	}), true
}

// leaseColumn reports whether a column of the statement belongs to a lease:
// the table or the column has lease vocabulary, or the statement writes a
// column that has (owner, holder, locked_by).
func leaseColumn(st *sqlfence.Statement, col string) bool {
	if vocab.Lease.Match(st.Table) || vocab.Lease.Match(col) {
		return true
	}
	for _, a := range st.Sets {
		if vocab.Lease.Match(a.Column) {
			return true
		}
	}
	return false
}

// localInstant reports whether a bind argument is an instant computed from
// this host's clock: time.Now(), now.Add(ttl), its Unix() or text, and not
// a value read back from storage nor an elapsed duration.
func (w *checker) localInstant(e ast.Expr) (clocklabel.Label, bool) {
	l := w.deepEval(e)
	if !l.Has(clocklabel.LocalClock) || l.Has(clocklabel.ForeignTime) {
		return l, false
	}
	t := w.info.TypeOf(e)
	if t != nil {
		if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" && n.Obj().Name() == "Duration" {
			return l, false
		}
		if clocktype.Timeish(t) {
			if _, isInt := t.Underlying().(*types.Basic); !isInt {
				return l, true
			}
		}
	}
	return l, !l.Has(clocklabel.ElapsedTime)
}

// deepEval is eval that also looks into composite literals (a driver's
// Timestamptz{Time: t, Valid: true}), address-of, and calls of this
// package's one-argument helpers (Timestampz(t)).
func (w *checker) deepEval(e ast.Expr) clocklabel.Label {
	l := w.Eval(e)
	switch x := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		for _, el := range x.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				el = kv.Value
			}
			l = l.Union(w.deepEval(el))
		}
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			l = l.Union(w.deepEval(x.X))
		}
	case *ast.CallExpr:
		if fn := w.Callee(x); fn != nil && len(x.Args) == 1 && fn.Pkg() == w.u.Pass.Pkg {
			l = l.Union(w.deepEval(x.Args[0]))
		}
	}
	return l
}

// checkSQL reports SQL lease rows decided with this host's clock.
func (w *checker) checkSQL() {
	if model.KB.LocalDatabaseOnly(w.u.Pass.Pkg.Imports()) {
		// A SQLite file: every process that shares it runs on this
		// machine, so what it stores and compares is one clock's (as a
		// local lock file's, clocklabel.LocalFile).
		return
	}
	uses := w.sqlUses()
	// Takeovers: a write whose WHERE compares a lease column with Go time.
	for _, q := range uses {
		if q.st.Kind == sqlfence.Write {
			w.sqlTakeover(q)
		}
	}
	var cmps []*sqlCmp
	for _, q := range uses {
		for _, c := range w.sqlComparisons(q) {
			if w.claimLike(c, uses) {
				cmps = append(cmps, c)
			}
		}
	}
	// Expiries written with this host's clock that a statement compares.
	for _, q := range uses {
		// A write a Go-side comparison guards (w.keys) is still reported
		// here when it stores an expiry the database compares with its own
		// clock: the guard and the cross-clock expiry are two defects,
		// keyed apart (the stored value) (sqlStore).
		if q.done || q.st.Kind != sqlfence.Write || !acquisition(q.st) {
			continue
		}
		w.sqlStore(q, cmps)
	}
	// A renewal (a heartbeat) that stamps this host's clock into a column
	// the database judges with its own: where no acquisition's store of
	// the same column was reported, it is where the host's clock enters.
	for _, q := range uses {
		if q.done || q.st.Kind != sqlfence.Write || acquisition(q.st) {
			continue
		}
		w.sqlStore(q, cmps)
	}
	// Claims: a locking read (or a read followed by a write of its table)
	// comparing a lease column with Go time.
	for _, c := range cmps {
		q := c.q
		if c.local == nil || q.done || q.st.Kind == sqlfence.Write || c.used {
			continue
		}
		q.done = true
		msg := fmt.Sprintf("%s claims a lease by comparing %s with %s, a time computed from this host's clock: "+
			"the stored expiry was written with the previous holder's clock, the two clocks differ by their skew and either can jump, "+
			"so a live lease can be claimed (or a dead one kept); let the database decide with its own clock: "+
			"compare with now() and compute the new expiry in SQL too (now() + interval), and fence the holder's writes with a token",
			stmtText(q), c.col, types.ExprString(c.local))
		related := []analysis.RelatedInformation{{Pos: q.ci.Pos(), Message: "the claim is made here"}}
		w.u.Report(unit.Finding{Code: checks.WallClockTTL, Pos: c.local.Pos(), End: c.local.End(), Message: msg, Related: related, Key: q.ci.Pos()})
	}
	w.exportExpiryFacts(uses, cmps)
	w.checkExpiryCalls()
}

func (c *sqlCmp) markUsed() { c.used = true }

// stmtText names a statement for messages: "SELECT instances
// (database/sql Tx.QueryRowContext)".
func stmtText(q *sqlCall) string {
	what := q.st.Verb
	if q.st.Table != "" {
		what += " " + q.st.Table
	}
	if callee := calls.Callee(q.ci.Common()); callee != nil {
		what += " (" + q.sink.Family + " " + recvDot(callee) + ")"
	}
	return what
}

func recvDot(fn *types.Func) string {
	if rn := model.RecvName(fn); rn != "" && rn != "?" {
		return rn + "." + fn.Name()
	}
	return fn.Name()
}

// sqlComparisons returns the comparisons of lease columns in a statement:
// with a bind argument computed from this host's clock, and with the
// database's clock.
func (w *checker) sqlComparisons(q *sqlCall) []*sqlCmp {
	var out []*sqlCmp
	for _, g := range q.st.Guards {
		if g.Op == "=" || g.Op == "<>" || vocab.FenceColumn.Match(g.Column) || !leaseColumn(q.st, g.Column) {
			continue
		}
		b := q.bind(g.Param)
		if b == nil {
			continue
		}
		if _, ok := w.localInstant(b); !ok {
			continue
		}
		out = append(out, &sqlCmp{q: q, col: g.Column, local: b,
			text: fmt.Sprintf("%s %s %s (%s)", g.Column, g.Op, g.Param, types.ExprString(b))})
	}
	for _, g := range q.st.Clock {
		if !leaseColumn(q.st, g.Column) && !w.livenessColumn(q.st, g.Column) {
			continue
		}
		out = append(out, &sqlCmp{q: q, col: g.Column, text: g.Column + " " + g.Op + " the database's clock"})
	}
	return out
}

// writesTable reports whether fn writes table with one of the statements.
func (w *checker) writesTable(fn *ssa.Function, uses []*sqlCall, table string) bool {
	if table == "" {
		return false
	}
	for _, q := range uses {
		if q.fn == fn && q.st.Kind == sqlfence.Write && q.st.Table == table {
			return true
		}
	}
	return false
}

// sqlStore reports a write that stores an expiry computed from this host's
// clock into a lease column that a statement compares.
func (w *checker) sqlStore(q *sqlCall, cmps []*sqlCmp) {
	renewal := !acquisition(q.st)
	for _, a := range q.st.Sets {
		if !leaseExpiry(q.st, a.Column) && !(storedInstantName(a.Column) && w.livenessColumn(q.st, a.Column)) {
			continue
		}
		if renewal && w.storedAt[storeKey{q.st.Table, a.Column}] {
			continue // an acquisition's store of the column is reported: the renewal repeats it
		}
		b := q.bind(a.Param)
		if b == nil {
			continue
		}
		lab, ok := w.localInstant(b)
		if !ok {
			continue
		}
		if fset := w.u.Pass.Fset; lab.Local.Pos.IsValid() && calls.InTestFile(fset, lab.Local.Pos) && !calls.InTestFile(fset, q.ci.Pos()) {
			continue // only a test's instant reaches the column (a fixture backdating a lease): not the program's clock
		}
		c := w.comparator(q, a.Column, cmps)
		if c == nil || c.local != nil && w.keys[q.ci.Pos()] {
			continue // a Go-side guard of this write is reported already
		}
		if renewal && c.local != nil {
			continue // another host's Go time: the claim that compares it is what races
		}
		if w.storedAt == nil {
			w.storedAt = map[storeKey]bool{}
		}
		w.storedAt[storeKey{q.st.Table, a.Column}] = true
		c.markUsed()
		q.done = true
		who := "the database compares with its own clock (" + c.text + ")"
		if c.local != nil {
			who = "a claim compares with the clock of the host that runs it (" + c.text + ")"
		}
		where := ""
		if c.q != q {
			where = " at " + w.posText(c.q.ci.Pos())
		}
		what := "an expiry"
		if renewal {
			what = "an instant" // a heartbeat, a renewed expiry
		}
		msg := fmt.Sprintf("%s stores %s, %s computed from this host's clock (%s), into the lease column %s, which %s%s: "+
			"the two clocks differ by their skew and either can jump, and the holder can pause, so the lease ends early or late by that much "+
			"and another party can take it over while this holder still acts; compute it with the clock that compares it "+
			"(now(), or now() + interval, in the statement), and fence the holder's writes with a token",
			stmtText(q), types.ExprString(b), what, lab.Local.What, a.Column, who, where)
		related := []analysis.RelatedInformation{}
		if lab.Local.Pos.IsValid() {
			related = append(related, analysis.RelatedInformation{Pos: lab.Local.Pos, Message: "this host's clock is read here"})
		}
		if c.q != q {
			related = append(related, analysis.RelatedInformation{Pos: c.q.ci.Pos(), Message: "the expiry is compared here: " + c.text})
		}
		key := q.ci.Pos()
		if w.keys[key] {
			key = b.Pos()
		}
		w.u.Report(unit.Finding{Code: checks.WallClockTTL, Pos: b.Pos(), End: b.End(), Message: msg, Related: related, Key: key})
		return
	}
}

// livenessColumn reports whether a column of the statement's table says
// that its holder is alive, whatever the table is called: a heartbeat
// (heartbeat_at, last_renewed_at), or the time by which the package's
// takeover of a claim judges the claim expired (leaseclaim.Judged).
func (w *checker) livenessColumn(st *sqlfence.Statement, col string) bool {
	return vocab.NamesRenewal(col) || leaseclaim.Of(w.u).Judged(st.Table, col)
}

// storeKey is a column of a table, for sqlStore.
type storeKey struct{ table, col string }

// leaseExpiry reports whether a written column is a lease's expiry: an
// instant in a lease table, or an instant column named for a lease
// (locked_until). Writing the owner next to it (sessions.owner_id) is not
// enough.
func leaseExpiry(st *sqlfence.Statement, col string) bool {
	return storedInstantName(col) && (vocab.Lease.Match(st.Table) || vocab.Lease.Match(col))
}

// acquisition reports whether a write takes (or takes over) a lease
// rather than renewing one: an INSERT or upsert, or an UPDATE that also
// writes a column other than instants (the new owner, worker or token).
// UPDATE leases SET expires_at = $1 WHERE holder = $2 only extends the
// holder's own lease.
func acquisition(st *sqlfence.Statement) bool {
	if st.Verb == "INSERT" || st.Verb == "REPLACE" || st.Verb == "UPSERT" || st.Verb == "MERGE" || st.Upsert {
		return true
	}
	if st.Verb != "UPDATE" {
		return false
	}
	for _, a := range st.Sets {
		if !storedInstantName(a.Column) {
			return true
		}
	}
	return false
}

// claimLike reports whether a comparison decides who holds the lease: in a
// write, a locking read, or a read of a function that writes the table. A
// count for statistics decides nothing.
func (w *checker) claimLike(c *sqlCmp, uses []*sqlCall) bool {
	switch c.q.st.Kind {
	case sqlfence.Write, sqlfence.LockingRead:
		return true
	}
	return w.writesTable(c.q.fn, uses, c.q.st.Table)
}

// comparator returns the comparison of column col that a store into it
// feeds: the statement's own comparison with the database's clock, or a
// comparison of the same column (and table) elsewhere in the package,
// those of the same function first.
func (w *checker) comparator(q *sqlCall, col string, cmps []*sqlCmp) *sqlCmp {
	var best *sqlCmp
	for _, c := range cmps {
		if c.col != col {
			continue
		}
		if c.q == q {
			if c.local == nil {
				return c
			}
			continue // compared with Go time in the statement itself: a takeover, reported as such
		}
		if c.q.st.Table != "" && q.st.Table != "" && c.q.st.Table != q.st.Table {
			continue
		}
		if best == nil || c.q.fn == q.fn && best.q.fn != q.fn {
			best = c
		}
	}
	return best
}

// storedInstantName reports whether a column holds an instant rather than
// a count or a name: expires_at, locked_until, lease_expiry, heartbeat.
func storedInstantName(col string) bool {
	ws := vocab.Words(col)
	for _, w := range ws {
		switch w {
		case "at", "until", "time", "ts", "timestamp", "deadline", "expiry", "expires", "expiration", "expire", "exp", "heartbeat":
			return true
		}
	}
	return false
}

func (w *checker) posText(pos token.Pos) string {
	p := w.u.Pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}

// sqlTakeover reports a write to a lock or lease row whose WHERE compares
// a column (the stored expiry, written with the previous holder's clock)
// with a time computed in Go (time.Now()). The database has a clock of
// its own for that: now().
func (w *checker) sqlTakeover(q *sqlCall) {
	e := effect.Classify(q.ci, w.u.Tokens(q.fn))
	if e == nil || e.Stmt == nil && !q.built || e.Verdict == effect.Carried {
		return // a statement, or a builder chain's write rebuilt as one (chainUses)
	}
	st := q.st
	for _, g := range st.Guards {
		if g.Op == "=" || g.Op == "<>" || vocab.FenceColumn.Match(g.Column) || !leaseColumn(st, g.Column) && !leaseclaim.Of(w.u).Judged(st.Table, g.Column) {
			continue // a lease column by its name, or the time a takeover of claimed records judges (started_at)
		}
		b := q.bind(g.Param)
		if b == nil {
			continue
		}
		lab := w.Eval(b)
		if !lab.Has(clocklabel.LocalClock) || lab.Has(clocklabel.ForeignTime) {
			continue
		}
		what := effectText(e)
		msg := fmt.Sprintf("%s takes a lease over by comparing %s with %s, a time computed from this host's clock: "+
			"the stored expiry was written with the previous holder's clock, the two clocks differ by their skew and either can jump, "+
			"so a live lease can be taken over (or a dead one kept); let the database decide with its own clock: "+
			"compare with now() and compute the new expiry in SQL too (now() + interval), and fence the holder's writes with a token",
			what, g.Column, types.ExprString(b))
		read := b.Pos()
		if lab.Local.Pos.IsValid() {
			read = lab.Local.Pos // the time.Now() call, not the variable bound here
		}
		related := []analysis.RelatedInformation{{Pos: read, Message: "this host's clock is read here"}}
		for _, s := range w.u.Sections {
			if s.Fn == q.fn && s.Contains(q.ci) {
				related = append(related, analysis.RelatedInformation{Pos: s.Pos, Message: s.Lock.Lib + " acquired here"})
				break
			}
		}
		q.done = true
		var fixes []analysis.SuggestedFix
		if !q.call.Ellipsis.IsValid() && !q.built {
			fixes = w.sqlNowFix(q.call, q.sink.Query, q.first, g.Param.ArgIndex(), g, st)
		}
		w.u.Report(unit.Finding{Code: checks.WallClockTTL, Pos: q.ci.Pos(), End: q.call.End(), Message: msg, Related: related, Key: q.ci.Pos(), Fixes: fixes})
		return
	}
}

// sqlNowFix replaces the placeholder compared with the expiry by now() and
// drops its argument, where that is unambiguous: a Postgres ($n)
// placeholder that appears once in a string literal, is the highest one,
// and is bound by the last argument, which is time.Now() itself.
func (w *checker) sqlNowFix(call *ast.CallExpr, query, first, i int, g sqlfence.Guard, st *sqlfence.Statement) []analysis.SuggestedFix {
	p := g.Param
	if p.Style != sqlfence.Dollar || first+i != len(call.Args)-1 || query >= len(call.Args) {
		return nil
	}
	for _, q := range st.Placeholders {
		if q.Style != sqlfence.Dollar || q.Index > p.Index || (q.Index == p.Index && q != p) {
			return nil
		}
	}
	count := 0
	for _, q := range st.Placeholders {
		if q == p {
			count++
		}
	}
	if count != 1 {
		return nil
	}
	lit, ok := ast.Unparen(call.Args[query]).(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return nil
	}
	arg := call.Args[first+i]
	if !w.isTimeNow(arg) {
		return nil
	}
	ph := "$" + strconv.Itoa(p.Index)
	off, n := -1, 0
	for j := 0; j+len(ph) <= len(lit.Value); {
		k := strings.Index(lit.Value[j:], ph)
		if k < 0 {
			break
		}
		k += j
		end := k + len(ph)
		if end >= len(lit.Value) || lit.Value[end] < '0' || lit.Value[end] > '9' {
			off = k
			n++
		}
		j = end
	}
	if n != 1 {
		return nil
	}
	start := lit.Pos() + token.Pos(off)
	return []analysis.SuggestedFix{{
		Message: fmt.Sprintf("Compare %s with the database's clock (now()) instead of this host's time.Now()", g.Column),
		TextEdits: []analysis.TextEdit{
			{Pos: start, End: start + token.Pos(len(ph)), NewText: []byte("now()")},
			{Pos: call.Args[first+i-1].End(), End: arg.End(), NewText: nil},
		},
	}}
}

// isTimeNow reports whether e is time.Now() (or time.Now().UTC()).
func (w *checker) isTimeNow(e ast.Expr) bool {
	c, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(c.Args) != 0 {
		return false
	}
	fn := w.Callee(c)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "time" {
		return false
	}
	switch {
	case fn.Name() == "Now" && model.RecvName(fn) == "":
		return true
	case fn.Name() == "UTC" && model.RecvName(fn) == "Time":
		return w.isTimeNow(w.RecvExpr(c))
	}
	return false
}
