// Package effect classifies calls as protected effects (writes to a
// database, KV store, RPC service or HTTP endpoint) and decides whether the
// fencing token reaches the part of the effect that the resource enforces.
package effect

import (
	"fmt"
	"go/types"
	"iter"
	"slices"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/flow"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlcall"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlfence"
	"github.com/fencecheck/fencecheck/analyzers/internal/storecond"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"golang.org/x/tools/go/ssa"
)

// Verdict says whether an effect carries the fence.
type Verdict int

const (
	Carried  Verdict = iota // the resource enforces the token
	Missing                 // the token does not reach the condition
	Reversed                // SQL compares the token the wrong way round
	Weak                    // SQL compares it only under OR / NOT
	SetOnly                 // SQL stores the token without comparing it
	Cannot                  // the effect has no condition at all (mail)
)

// Effect is one protected effect.
type Effect struct {
	Sink     *model.Sink
	Call     ssa.CallInstruction
	Callee   *types.Func
	What     string // "UPDATE accounts", "etcd Put", "POST request"
	Verdict  Verdict
	Stmt     *sqlfence.Statement
	Receiver ssa.Value
	Key      ssa.Value
	// KeyArg is, for an effect summarised in another package's function,
	// the argument of Call its key is built from (fact.RemoteEffect.
	// KeyFrom); nil otherwise.
	KeyArg ssa.Value
	// Where is set for an effect summarised in another package's function
	// ("repo.go:42"); Call is then the call of that function.
	Where string
	// Table is the table a SQL effect writes, also for summarised effects.
	Table string
	// Versioned is true for a write carried by a compare-and-swap on a
	// version column rather than by the token (WHERE version = $2).
	Versioned bool
	// Method is the HTTP method of a request effect ("POST", "PURGE").
	Method string
	// Sweep is true for a SQL reaper's transition on the database's clock
	// (ClockSweep): a protected write, but one that converges.
	Sweep bool
	via   string
}

// Remote returns the effect of calling fn, a function of another package
// whose summary says it performs the described effect.
func Remote(call ssa.CallInstruction, fn *types.Func, what, via, family string, cond model.Cond, where string) *Effect {
	e := &Effect{Sink: model.KB.SinkFor(family, cond), Call: call, Callee: fn, What: what,
		Verdict: Missing, Where: where, via: via, Receiver: calls.Receiver(call.Common())}
	if cond == model.CondUnfenceable {
		e.Verdict = Cannot // FC1003 wherever the publish is reached from
	}
	return e
}

// Via names the called API for messages: "database/sql DB.ExecContext".
func (e *Effect) Via() string {
	if e.via != "" {
		return e.via
	}
	recv := model.RecvName(e.Callee)
	switch {
	case recv == "" || recv == "?" || strings.ToLower(recv[:1]) == recv[:1]:
		return e.Sink.Family + " " + e.Callee.Name()
	case strings.HasSuffix(e.Sink.Family, " "+recv):
		return e.Sink.Family + "." + e.Callee.Name() // "Consul KV.Put"
	}
	return e.Sink.Family + " " + recv + "." + e.Callee.Name()
}

// Classify returns the effect performed by call, or nil when the call is not
// a protected effect (a read, an unknown SQL text, a local call).
func Classify(call ssa.CallInstruction, toks *flow.Tokens) *Effect {
	c := call.Common()
	callee := calls.Callee(c)
	if callee == nil {
		return nil
	}
	sink := lookup(callee, c)
	if sink == nil {
		if c.IsInvoke() && sqlShaped(callee) >= 0 {
			q := sqlShaped(callee)
			sink = &model.Sink{Family: "SQL interface", Cond: model.CondSQL, Query: q, Args: q + 1, Key: -1}
		}
		for _, s := range model.KB.ShapedSinks {
			if sink != nil {
				break
			}
			switch {
			case s.Shape == model.GeneratedClient && isGeneratedWrite(s, callee):
				sink = s
			case s.Shape == model.GeneratedBuilder && builderVerb(s, callee) != "":
				sink = s
			case s.Shape == model.TypedClient && isTypedWrite(s, callee):
				return typedWrite(s, call, callee, toks)
			}
		}
		if sink == nil {
			return nil
		}
	}
	return ClassifyAs(call, sink, toks)
}

// Coalesces reports whether call is a write of the knowledge base that the
// store applies at most once in effect, whoever repeats it: a set-add or
// a set-if-absent (model.Sink.Coalesces), or an effect given an option
// by which the store de-duplicates it (model.Sink.Coalescing: asynq's
// TaskID), or a create the store applies only when its target is absent
// (model.KB.AbsentOnly: MinIO's MakeBucket). It is no protected effect,
// and the engine does not look inside it for the store commands (HTTP
// requests) that implement it.
func Coalesces(call ssa.CallInstruction) bool {
	c := call.Common()
	callee := calls.Callee(c)
	if callee == nil || callee.Pkg() == nil {
		return false
	}
	if model.MatchesAny(model.KB.AbsentOnly, callee) {
		return true
	}
	if !model.KB.ImportsAPI(callee.Pkg().Path()) {
		return false // not a library's call: no sink of the knowledge base
	}
	sink := lookup(callee, c)
	return sink != nil && (sink.Coalesces || storecond.Coalesced(c, sink))
}

// ObjectRead reports whether call only reads an object of an object store
// of the knowledge base (MinIO's StatObject, GCS's Attrs: an ObjectCall
// whose Op is ObjectRead), or is another call of a library that only reads
// (model.KB.ReadOnly: MinIO's BucketExists). It is no protected effect, and the engine does
// not look inside it: the library sends it as an HTTP request whose
// method it picks at run time, which would read as a write.
func ObjectRead(call ssa.CallInstruction) bool {
	callee := calls.Callee(call.Common())
	if callee == nil {
		return false
	}
	if model.MatchesAny(model.KB.ReadOnly, callee) {
		return true
	}
	oc, _ := model.KB.ObjectCall(callee)
	return oc != nil && oc.Op == model.ObjectRead
}

// ClassifyAs returns the effect call performs as sink: a sink the caller
// recognised (an exec helper of another package, engine.StatementFact).
func ClassifyAs(call ssa.CallInstruction, sink *model.Sink, toks *flow.Tokens) *Effect {
	c := call.Common()
	callee := calls.Callee(c)
	if sink.Coalesces || storecond.Coalesced(c, sink) {
		return nil // the store applies it at most once: a stale holder's repeat changes nothing (Coalesces)
	}
	e := &Effect{Sink: sink, Call: call, Callee: callee, Receiver: calls.Receiver(c), Verdict: Missing}
	switch {
	case sink.Command != nil && sink.Command.Builder != nil:
		e.Key = calls.CommandKey(c, sink.Command) // the key of a built command: B().Set().Key(k)
	case sink.Key >= 0:
		e.Key = calls.FlatArg(c, sink.Key)
		if keys, ok := calls.Variadic(e.Key); ok && len(keys) > 0 {
			e.Key = keys[0] // KEYS[1] of a script
		}
	}
	if sink.LockKeys && lockKey(e.Key) {
		return nil // the lock's own key: acquire, release or extend (FC5001 judges releases)
	}
	switch sink.Cond {
	case model.CondSQL:
		return e.sql(c, toks)
	case model.CondChain:
		return e.chain(c, toks)
	case model.CondNone:
		e.What = e.what()
		if allocates(e) {
			return nil // n := INCR seq: a number allocated, not state a stale holder could overwrite
		}
		if storecond.LeaseBound(c, sink) || storecond.ArgConditional(c, sink) {
			e.Verdict = Carried
		}
	case model.CondScript:
		e.What = e.what()
		if toks.Any(calls.Args(c)...) {
			e.Verdict = Carried
		}
	case model.CondTxn:
		e.What = e.what()
		if storecond.TxnCompares(e.Receiver, toks.Any) {
			e.Verdict = Carried
		} else if txnVersioned(e.Receiver, e.Sink, toks) {
			e.Verdict, e.Versioned = Carried, true // a compare-and-swap on a key's version (txncas.go)
		}
	case model.CondCAS:
		// A compare-and-swap on a version, enforced by the store: carried,
		// and its outcome must be read (FC1002).
		e.What = e.what()
		e.Verdict = Carried
	case model.CondRequest:
		return e.request(c, toks)
	case model.CondFilter:
		e.What = e.what()
		if toks.Has(calls.Arg(c, sink.Query)) {
			e.Verdict = Carried
		}
		if len(sink.ConstSets) > 0 && storecond.EmptyDoc(calls.Arg(c, sink.Query)) && storecond.ConstDoc(calls.Arg(c, sink.Query+1), sink.ConstSets) {
			return nil // an absolute write: every holder writes the same state
		}
	case model.CondOps:
		e.What = e.what()
		if storecond.GuardedOps(calls.Args(c), toks.Arg) {
			e.Verdict = Carried
		}
	case model.CondInput:
		e.What = e.what()
		in := calls.Arg(c, sink.Query)
		switch k := storecond.Input(in, sink.Conditions); {
		case k == storecond.CAS:
			e.Verdict = Carried // a compare-and-swap the store enforces
		case k == storecond.Other && toks.Has(in):
			e.Verdict = Carried
		}
	case model.CondUnfenceable:
		e.What = e.what()
		e.Verdict = Cannot
		if slices.ContainsFunc(calls.Args(c), func(a ssa.Value) bool { return storecond.SetsField(a, model.KB.DedupFields...) }) {
			return nil // a deduplication id the broker enforces
		}
		if toks.Any(calls.Args(c)...) {
			return nil // carries an idempotency key or deduplication id
		}
	}
	return e
}

// what names the effect in messages: the sink's What, or its family and
// the called function's name ("etcd Put").
func (e *Effect) what() string {
	name := e.Callee.Name()
	if e.Sink.Command != nil && e.Call != nil {
		// A command sent as a string or built: name the command ("redigo
		// SET", "rueidis HSET").
		if cmd := calls.CommandName(e.Call.Common(), e.Sink.Command); cmd != "" {
			name = cmd
		}
	}
	if e.Sink.What != "" {
		return strings.ReplaceAll(e.Sink.What, "%s", name)
	}
	return e.Sink.Family + " " + name
}

// SQLSink returns the SQL sink a call goes to (a database/sql, pgx, sqlx,
// gorm or bun method, or an SQL-shaped method of an interface such as
// sqlc's DBTX), whatever its statement, or nil.
func SQLSink(c *ssa.CallCommon) *model.Sink {
	callee := calls.Callee(c)
	if callee == nil {
		return nil
	}
	if s := lookup(callee, c); s != nil {
		if s.Cond == model.CondSQL {
			return s
		}
		return nil
	}
	if c.IsInvoke() {
		if q := sqlShaped(callee); q >= 0 {
			return &model.Sink{Family: "SQL interface", Cond: model.CondSQL, Query: q, Args: q + 1, Key: -1}
		}
	}
	return nil
}

func lookup(fn *types.Func, c *ssa.CallCommon) *model.Sink {
	for _, s := range model.KB.Sinks {
		for _, f := range s.Funcs {
			if f.Matches(fn) && calls.IsCommand(c, s.Command) {
				return s
			}
		}
	}
	return nil
}

func (e *Effect) sql(c *ssa.CallCommon, toks *flow.Tokens) *Effect {
	call, ok := sqlcall.Read(c, e.Sink.Query, e.Sink.Args, toks.Arg)
	if !ok {
		return nil // unknown text: never guess
	}
	st := call.Parse()
	if (st.Kind != sqlfence.Write && st.Kind != sqlfence.DDL) || len(st.Advisory) > 0 || flow.IssuesToken(call.Text) {
		return nil // a read, a lock statement, or the statement that issues the token
	}
	if maintenance(st) || retention(st, call) {
		return nil // rebuilt from the data, or deleted by a rule every holder applies alike: nothing a successor wrote is overwritten
	}
	if createsIfAbsent(call.Text) {
		return nil // schema created only where absent: a stale holder's repeat finds it there and changes nothing
	}
	e.Stmt = st
	e.Table = st.Table
	e.What = st.Verb
	if st.Table != "" {
		e.What += " " + st.Table
	}
	e.Verdict = sqlVerdict(st, bindings(call, toks))
	e.Sweep = call.Constant && ClockSweep(st)
	if e.Verdict == Missing && versioned(st) {
		e.Verdict, e.Versioned = Carried, true // a compare-and-swap on a version: a stale writer's UPDATE matches nothing
	}
	return e
}

// maintenance reports whether st is a maintenance statement (REFRESH
// MATERIALIZED VIEW, VACUUM, ANALYZE, REINDEX, CLUSTER, OPTIMIZE): it
// recomputes what is derived from the tables (a view's rows, statistics,
// an index) and changes no row, so a stale holder repeating it writes
// what the current one would, and the server serialises it.
func maintenance(st *sqlfence.Statement) bool {
	if st.Kind != sqlfence.DDL {
		return false
	}
	switch st.Verb {
	case "REFRESH", "VACUUM", "ANALYZE", "REINDEX", "CLUSTER", "OPTIMIZE":
		return true
	}
	return false
}

// createsIfAbsent reports whether every statement of a DDL text only
// creates what is absent: CREATE TABLE/INDEX/SCHEMA/... IF NOT EXISTS, and
// ALTER TABLE whose every action is ADD [COLUMN] IF NOT EXISTS. Run again
// by a holder paused past its lease, it finds the objects its successor's
// run made and leaves them as they are: the lock around a migration spares
// the server duplicate work and errors, it keeps no state safe. A DROP, a
// CREATE OR REPLACE (a stale holder's older definition replaces the
// successor's) or an ALTER that changes a column is judged as any write.
func createsIfAbsent(text string) bool {
	stmts := sqlfence.ParseAll(text)
	if len(stmts) == 0 {
		return false
	}
	for _, st := range stmts {
		if st.Kind != sqlfence.DDL || !ddlIfAbsent(st.Text) {
			return false
		}
	}
	return true
}

// ddlIfAbsent is createsIfAbsent's test of one statement's text.
func ddlIfAbsent(text string) bool {
	t := strings.Join(strings.Fields(strings.ToUpper(text)), " ")
	switch {
	case strings.HasPrefix(t, "CREATE "):
		head, _, _ := strings.Cut(t, "(")
		return strings.Contains(head, " IF NOT EXISTS ") && !strings.Contains(head, " OR REPLACE ")
	case strings.HasPrefix(t, "ALTER TABLE "):
		for i, a := range topLevel(t) {
			if i == 0 {
				// ALTER TABLE [IF EXISTS] [ONLY] name ADD ...
				_, a, _ = strings.Cut(a, " ADD ")
				a = "ADD " + a
			}
			a = strings.TrimSpace(a)
			if !strings.HasPrefix(a, "ADD COLUMN IF NOT EXISTS ") && !strings.HasPrefix(a, "ADD IF NOT EXISTS ") {
				return false
			}
		}
		return true
	}
	return false
}

// topLevel splits t at the commas outside parentheses and quotes.
func topLevel(t string) []string {
	var out []string
	depth, quote, start := 0, byte(0), 0
	for i := 0; i < len(t); i++ {
		switch c := t[i]; {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '(':
			depth++
		case c == ')':
			depth--
		case c == ',' && depth == 0:
			out = append(out, t[start:i])
			start = i + 1
		}
	}
	return append(out, t[start:])
}

// retention reports whether st is a retention delete: constant text with
// no parameter, whose WHERE selects rows older than the database's own
// clock (DELETE FROM deployments WHERE created_at < NOW() - '1 week'),
// and that returns nothing to act on. Every holder, stale or current,
// deletes by the same rule on the same clock, so a stale holder's repeat
// deletes what the current one would: the lock or leader check around it
// spares the database duplicate work, it does not keep state safe. A
// delete that returns its rows (a reaper that then reassigns their work),
// or takes a value from the holder (a cutoff it computed, an id), is
// judged as any other write.
func retention(st *sqlfence.Statement, call *sqlcall.Call) bool {
	return st.Verb == "DELETE" && call.Constant && byPastClock(st)
}

// byPastClock reports whether a write takes nothing from the holder (no
// parameter), returns nothing to act on (no RETURNING), and selects its
// rows by the database's clock: every clock comparison is a top-level
// WHERE conjunct that admits only rows past a time (col < now() - ...).
func byPastClock(st *sqlfence.Statement) bool {
	if st.Kind != sqlfence.Write || len(st.Placeholders) > 0 || st.Returning || len(st.Clock) == 0 {
		return false
	}
	for _, g := range st.Clock {
		if g.Clause != "where" || !g.Strong || g.Op != "<" && g.Op != "<=" {
			return false
		}
	}
	return true
}

// ClockSweep reports whether st is a reaper's state transition on the
// database's clock: an UPDATE with no parameter and no RETURNING, whose
// every assignment is a constant or NULL, that moves rows from one
// constant state to another (WHERE state = 'pending' ... SET state =
// 'expired'), and whose only other conditions compare columns with the
// database's clock (created_at < now() - interval '2 hours'). Every
// holder, stale or current, moves the same rows by the same rule on the
// same clock, and a row another writer moved on no longer matches the
// state condition: repeated late it changes what the current holder's
// run would. Such a write still belongs to its section (a lease protocol
// or a one-way transition reads it); it needs no fencing token.
func ClockSweep(st *sqlfence.Statement) bool {
	if st.Verb != "UPDATE" || st.Upsert || len(st.Assigned) == 0 || !byPastClock(st) {
		return false
	}
	constant := map[string]string{}
	for _, l := range st.SetLiterals {
		constant[l.Column] = l.Value
	}
	for _, c := range st.Assigned {
		if _, ok := constant[c]; !ok && !slices.Contains(st.Cleared, c) {
			return false // a value computed in the statement (now(), n + 1): not a fixed target state
		}
	}
	return slices.ContainsFunc(st.Literals, func(l sqlfence.Literal) bool {
		to, ok := constant[l.Column]
		return ok && l.Clause == "where" && l.Strong && to != l.Value
	})
}

// versioned reports whether a write is conditional on a version column
// equal to a bound value (WHERE id = $1 AND version = $2), on every path.
func versioned(st *sqlfence.Statement) bool {
	return slices.ContainsFunc(st.Guards, func(g sqlfence.Guard) bool {
		return g.Strong && g.Op == "=" && g.Clause == "where" && vocab.Version.Match(g.Column)
	})
}

// bindings returns a predicate telling whether a placeholder is bound to
// a token: a value the call binds or the program spliced into the text.
func bindings(call *sqlcall.Call, toks *flow.Tokens) func(sqlfence.Placeholder) bool {
	return func(p sqlfence.Placeholder) bool {
		b := call.Bound(p)
		switch {
		case b.Value != nil:
			return toks.Has(b.Value)
		case b.Rest != nil:
			return toks.Has(b.Rest)
		}
		return toks.Any(b.Any...)
	}
}

func sqlVerdict(st *sqlfence.Statement, isToken func(sqlfence.Placeholder) bool) Verdict {
	switch st.Fence(isToken) {
	case sqlfence.Carried:
		return Carried
	case sqlfence.Reversed:
		return Reversed
	case sqlfence.Weak:
		return Weak
	case sqlfence.SetOnly:
		return SetOnly
	}
	return Missing
}

// chain handles query builders: db.Model(&a).Where("fence <= ?", tok).Update(...)
// and bun's NewUpdate()...Where(...).Exec(ctx). The fence must be compared
// in a Where of the receiver chain.
func (e *Effect) chain(c *ssa.CallCommon, toks *flow.Tokens) *Effect {
	e.What = e.Sink.Family + " " + e.Callee.Name()
	if r := model.RecvName(e.Callee); strings.HasSuffix(r, "Query") && r != "Query" {
		e.What = e.Sink.Family + " " + strings.ToUpper(strings.TrimSuffix(r, "Query"))
	} else if strings.HasSuffix(r, "Builder") && r != "Builder" {
		// squirrel's UpdateBuilder, named by the table its chain starts from.
		e.What = e.Sink.Family + " " + strings.ToUpper(strings.TrimSuffix(r, "Builder"))
		if t := chainTable(e.Receiver); t != "" {
			e.What += " " + t
		}
	}
	if e.Sink.Shape == model.GeneratedBuilder {
		verb := builderVerb(e.Sink, e.Callee)
		e.What = verb + " " + strings.TrimSuffix(model.RecvName(e.Callee), builderSuffix(model.RecvName(e.Callee)))
	}
	if e.Sink.Conds > 0 {
		// Inline conditions (gorm's Delete(value, "fence <= ?", tok)).
		a := calls.Arg(c, e.Sink.Conds)
		if conds, ok := calls.Variadic(a); (ok && toks.Any(conds...)) || (!ok && toks.Has(a)) {
			e.Verdict = Carried
			return e
		}
	}
	for st, where := range Wheres(e.Receiver) {
		if st == nil {
			if toks.Any(calls.Args(where)...) {
				e.Verdict = Carried // a non-constant condition with the token: trust it
				return e
			}
			continue
		}
		if v := sqlVerdict(st, bindings(sqlcall.Fragment(where, st.Text, 1), toks)); v != Missing {
			e.Verdict = v
			if v == Carried {
				return e
			}
		}
	}
	return e
}

// tableMethods name the table of a builder chain (squirrel's
// Update("jobs"), Insert/Into, Delete/From, Table).
var tableMethods = []string{"Update", "Insert", "Replace", "Into", "Delete", "From", "Table"}

// chainTable returns the table a builder chain names, constant, nearest
// the statement first; "" if none.
func chainTable(recv ssa.Value) string {
	return inChain(recv, func(call *ssa.Call, fn *types.Func) string {
		if slices.Contains(tableMethods, fn.Name()) {
			t, _ := calls.ConstString(calls.Arg(&call.Call, 0))
			return t
		}
		return ""
	})
}

// inChain walks a builder chain back from recv, nearest call first, and
// returns the first non-empty answer of f.
func inChain(recv ssa.Value, f func(call *ssa.Call, fn *types.Func) string) string {
	for v, i := recv, 0; v != nil && i < maxBuilderCalls; i++ {
		call, ok := calls.Unwrap(v).(*ssa.Call)
		if !ok {
			return ""
		}
		fn := calls.Callee(&call.Call)
		if fn == nil {
			return ""
		}
		if ans := f(call, fn); ans != "" {
			return ans
		}
		v = calls.Receiver(&call.Call)
	}
	return ""
}

// maxBuilderCalls bounds the calls of a query builder chain
// (db.Model(&a).Where(...).Where(...)) that Wheres walks back: a builder
// can chain many conditions, so it is generous.
const maxBuilderCalls = 32

// Wheres walks a query builder's receiver chain
// (db.Model(&a).Where(...).Where(...)) and yields each Where call with its
// fragment parsed as "UPDATE t SET x = 1 WHERE <fragment>", so that bind
// arguments start at index 1 of the Where call. A fragment that is not
// constant yields a nil statement. A Where whose result is dropped
// (q.Where(p) on a builder that keeps its conditions, then q.Exec(ctx))
// is yielded too: a builder of the chain that receives one counts.
func Wheres(recv ssa.Value) iter.Seq2[*sqlfence.Statement, *ssa.CallCommon] {
	return func(yield func(*sqlfence.Statement, *ssa.CallCommon) bool) {
		for call := range chainCalls(recv) {
			if calls.Callee(&call.Call).Name() != "Where" {
				continue
			}
			var st *sqlfence.Statement
			if frag, ok := calls.ConstString(calls.Arg(&call.Call, 0)); ok {
				st = sqlfence.Parse("UPDATE t SET x = 1 WHERE " + frag)
			}
			if !yield(st, &call.Call) {
				return
			}
		}
	}
}

// ChainBase returns the value a query builder's chain starts from (the
// *gorm.DB or transaction of tx.Model(&a).Where(...)): the receiver of its
// first call.
func ChainBase(recv ssa.Value) ssa.Value {
	v := calls.Unwrap(recv)
	for i := 0; i < maxBuilderCalls; i++ {
		call, ok := v.(*ssa.Call)
		if !ok || calls.Callee(&call.Call) == nil {
			return v
		}
		r := calls.Receiver(&call.Call)
		if r == nil {
			return v
		}
		v = calls.Unwrap(r)
	}
	return v
}

// chainCalls walks a query builder's receiver chain back from recv,
// nearest call first, and yields each call of it, with the calls made on
// a builder of the chain whose result is dropped (q.Where(p), then
// q.Exec(ctx), on a builder that keeps what it is given), each once.
func chainCalls(recv ssa.Value) iter.Seq[*ssa.Call] {
	return func(yield func(*ssa.Call) bool) {
		seen := map[*ssa.Call]bool{}
		visit := func(call *ssa.Call) bool {
			if seen[call] {
				return true
			}
			seen[call] = true
			return yield(call)
		}
		for v, i := recv, 0; v != nil && i < maxBuilderCalls; i++ {
			v = calls.Unwrap(v)
			if refs := v.Referrers(); refs != nil {
				for _, r := range *refs {
					if rc, ok := r.(*ssa.Call); ok && calls.Receiver(&rc.Call) == v {
						if fn := calls.Callee(&rc.Call); fn != nil && len(*rc.Referrers()) == 0 {
							if !visit(rc) {
								return
							}
						}
					}
				}
			}
			call, ok := v.(*ssa.Call)
			if !ok {
				return
			}
			if calls.Callee(&call.Call) == nil || !visit(call) {
				return
			}
			v = calls.Receiver(&call.Call)
		}
	}
}

// builderSuffixes are the suffixes of generated builders' names
// (model.GeneratedBuilder), longest first, with the statement each runs.
var builderSuffixes = []struct{ suffix, verb string }{
	{"UpdateOne", "UPDATE"}, {"Update", "UPDATE"}, {"CreateBulk", "INSERT"}, {"Create", "INSERT"},
	{"DeleteOne", "DELETE"}, {"Delete", "DELETE"},
}

func builderSuffix(name string) string {
	for _, b := range builderSuffixes {
		if strings.HasSuffix(name, b.suffix) && len(name) > len(b.suffix) {
			return b.suffix
		}
	}
	return ""
}

// builderVerb returns the statement a method of a generated builder runs
// ("UPDATE"), or "" when fn is not one (model.GeneratedBuilder): a method
// named in sink.Methods of a struct whose field sink.Mutation has a method
// Op returning sink.Option's type (ent's generated XUpdate.Exec).
func builderVerb(sink *model.Sink, fn *types.Func) string {
	if !slices.Contains(sink.Methods, fn.Name()) {
		return ""
	}
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil {
		return ""
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return ""
	}
	st, ok := named.Underlying().(*types.Struct)
	if !ok {
		return ""
	}
	suffix := builderSuffix(named.Obj().Name())
	if suffix == "" || !hasMutation(sink, st, 1) {
		return ""
	}
	for _, b := range builderSuffixes {
		if b.suffix == suffix {
			return b.verb
		}
	}
	return ""
}

// hasMutation reports whether st has the field sink.Mutation whose Op
// method returns sink.Option, directly or, depth levels down, in a
// builder it holds (ent's XDeleteOne holds an *XDelete, XCreateBulk its
// []*XCreate).
func hasMutation(sink *model.Sink, st *types.Struct, depth int) bool {
	for i := range st.NumFields() {
		f := st.Field(i)
		if f.Name() == sink.Mutation {
			obj, _, _ := types.LookupFieldOrMethod(f.Type(), true, f.Pkg(), "Op")
			m, ok := obj.(*types.Func)
			if !ok {
				return false
			}
			res := m.Type().(*types.Signature).Results()
			if res.Len() != 1 {
				return false
			}
			op, ok := types.Unalias(res.At(0).Type()).(*types.Named)
			return ok && op.Obj().Name() == sink.Option.Type && op.Obj().Pkg() != nil && op.Obj().Pkg().Path() == sink.Option.Pkg
		}
	}
	if depth == 0 {
		return false
	}
	for i := range st.NumFields() {
		t := st.Field(i).Type()
		if sl, ok := t.(*types.Slice); ok {
			t = sl.Elem()
		}
		if p, ok := t.(*types.Pointer); ok {
			if inner, ok := p.Elem().Underlying().(*types.Struct); ok && hasMutation(sink, inner, depth-1) {
				return true
			}
		}
	}
	return false
}

// isGeneratedWrite recognises a generated client method that writes
// (model.GeneratedClient): a method of a type named *Client taking
// (context.Context, *Request, ...Option) whose name does not say it only
// reads.
func isGeneratedWrite(sink *model.Sink, fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || !sig.Variadic() || sig.Params().Len() != 3 {
		return false
	}
	if !strings.HasSuffix(model.RecvName(fn), "Client") && !strings.HasSuffix(model.RecvName(fn), "client") {
		return false
	}
	last := sig.Params().At(2).Type().(*types.Slice).Elem()
	if n, ok := types.Unalias(last).(*types.Named); !ok || n.Obj().Name() != sink.Option.Type || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != sink.Option.Pkg {
		return false
	}
	return !readsOnly(fn.Name())
}

// readsOnly reports whether a generated RPC method's name says it only
// reads (model.Library.ReadPrefixes): it starts with a read prefix
// (GetUser), or one namespace word precedes the prefix (KvGet) and no word
// of the name is a write (KvScanLock).
func readsOnly(name string) bool {
	for _, p := range model.KB.ReadPrefixes {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	words := vocab.Words(name)
	if len(words) < 2 || slices.ContainsFunc(words, func(w string) bool { return slices.Contains(model.KB.WriteWords, w) }) {
		return false
	}
	rest := name[len(words[0]):]
	for _, p := range model.KB.ReadPrefixes {
		if strings.HasPrefix(rest, p) {
			return true
		}
	}
	return false
}

func (e *Effect) request(c *ssa.CallCommon, toks *flow.Tokens) *Effect {
	args := calls.Args(c)
	switch {
	case e.Sink.Shape == model.GeneratedClient:
		e.What = "write RPC " + e.Callee.Name()
		if toks.Any(args[0], args[1]) {
			e.Verdict = Carried
		}
		return e
	case e.Callee.Name() == "Do" || e.Callee.Name() == "RoundTrip":
		method, ok := requestMethod(args[0])
		if !ok {
			return nil // unknown request: stay silent
		}
		switch method {
		case "", "GET", "HEAD", "OPTIONS", "TRACE":
			return nil
		}
		e.What, e.Method = method+" request", method
		if toks.Has(args[0]) {
			e.Verdict = Carried
		}
		return e
	default: // Post, PostForm
		e.What, e.Method = "POST request", "POST"
		if toks.Any(args...) {
			e.Verdict = Carried
		}
		return e
	}
}

// requestMethod finds the method of a request built by http.NewRequest or
// http.NewRequestWithContext.
func requestMethod(req ssa.Value) (string, bool) {
	v := requestMethodArg(req)
	if v == nil {
		return "", false
	}
	m, ok := calls.ConstString(v)
	return strings.ToUpper(m), ok
}

// requestMethodArg returns the method argument of the http.NewRequest or
// http.NewRequestWithContext call that built req, or nil.
func requestMethodArg(req ssa.Value) ssa.Value {
	ext, ok := calls.Unwrap(req).(*ssa.Extract)
	if !ok {
		return nil
	}
	call, ok := ext.Tuple.(*ssa.Call)
	if !ok {
		return nil
	}
	fn := calls.Callee(&call.Call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "net/http" {
		return nil
	}
	idx := 0
	switch fn.Name() {
	case "NewRequest":
	case "NewRequestWithContext":
		idx = 1
	default:
		return nil
	}
	return calls.Arg(&call.Call, idx)
}

// Describe renders why the effect does not carry the fence.
func (e *Effect) Describe() string {
	switch e.Verdict {
	case Reversed:
		return "its fence comparison is reversed (the column must be <= the token, not >=; stale holders pass and new ones are rejected)"
	case Weak:
		return "the token is compared only under OR or NOT, not on every path"
	case SetOnly:
		return "the token is stored but never compared"
	}
	switch e.Sink.Cond {
	case model.CondSQL, model.CondChain:
		return "the statement does not compare the fencing token"
	case model.CondNone:
		return fmt.Sprintf("%s is unconditional", e.Sink.Family)
	case model.CondScript:
		return "the script does not receive the fencing token"
	case model.CondTxn:
		return "its If() does not compare the lock's revision"
	case model.CondRequest:
		return "the request carries no fencing token"
	case model.CondFilter:
		return "its filter does not compare the fencing token"
	case model.CondInput:
		return "it has no ConditionExpression comparing the fencing token"
	case model.CondOps:
		return "none of its operations is a check (check-session, check-index, cas)"
	}
	return "nothing in it compares the fencing token"
}

// Advice says where the token should go for this kind of effect.
func (e *Effect) Advice() string {
	switch e.Sink.Cond {
	case model.CondSQL, model.CondChain:
		return "compare it in the WHERE clause (AND fence_token <= $n) and check the rows affected"
	case model.CondTxn:
		return "guard the transaction with If(m.IsOwner()) or Compare(CreateRevision(key), \"=\", rev) and check Succeeded"
	case model.CondScript:
		return "pass it to the script and compare it there"
	case model.CondRequest:
		return "send it in the request (field, header or metadata) for the server to enforce"
	case model.CondFilter:
		return `add it to the filter ({"fence": {"$lte": tok}}), set it in the update and check MatchedCount`
	case model.CondInput:
		return `set ConditionExpression "attribute_not_exists(fence) OR fence <= :tok" with the token and handle ConditionalCheckFailedException`
	}
	if e.Sink.Advice != "" {
		return e.Sink.Advice // the store's conditional API
	}
	return "make the resource compare it"
}

// lockKey reports whether a Redis key's constant part names a lock.
func lockKey(k ssa.Value) bool {
	if k == nil {
		return false
	}
	p, ok := calls.ConstPrefix(k)
	return ok && vocab.LockKey.Match(p)
}

// incrementCommands are the Redis commands that add to a number and reply
// with the result.
var incrementCommands = []string{"INCR", "INCRBY", "INCRBYFLOAT", "DECR", "DECRBY", "HINCRBY", "HINCRBYFLOAT"}

// allocates reports whether e increments a Redis number and uses the reply:
// an ID, a sequence or a transaction number handed out (n :=
// rdb.Incr(ctx, "seq").Val()). Every holder, stale or not, gets a number
// of its own; what it does with it is judged where that happens. An
// increment whose reply is dropped is a counter write, an effect.
func allocates(e *Effect) bool {
	if !increment(e) {
		return false
	}
	call, ok := e.Call.(*ssa.Call)
	if !ok {
		return false
	}
	return replyUsed(call, 0)
}

// increment reports whether e is one of the incrementCommands.
func increment(e *Effect) bool {
	name := strings.ToUpper(e.Callee.Name())
	if e.Sink.Command != nil {
		name = strings.ToUpper(calls.CommandName(e.Call.Common(), e.Sink.Command))
	}
	return slices.Contains(incrementCommands, name)
}

// Increments reports whether call is a Redis increment of the knowledge
// base (INCR, INCRBY, DECR, HINCRBY...), whatever is done with its reply:
// its key holds a counter.
func Increments(call ssa.CallInstruction) bool {
	c := call.Common()
	callee := calls.Callee(c)
	if callee == nil {
		return false
	}
	sink := lookup(callee, c)
	return sink != nil && increment(&Effect{Sink: sink, Call: call, Callee: callee})
}

// Allocates reports whether call is a write of the knowledge base that
// hands out a new number (allocates: an INCR whose reply is read), which
// Classify does not count as a protected effect.
func Allocates(call ssa.CallInstruction) bool {
	c := call.Common()
	callee := calls.Callee(c)
	if callee == nil {
		return false
	}
	sink := lookup(callee, c)
	return sink != nil && allocates(&Effect{Sink: sink, Call: call, Callee: callee})
}

// replyUsed reports whether the reply of a Redis call is read: a method of
// a go-redis *IntCmd (Val, Result, Int64...), rueidis' AsInt64, or the
// first result of redigo's Do (converted by redis.Int64).
func replyUsed(v ssa.Value, depth int) bool {
	if depth > 2 || v.Referrers() == nil {
		return false
	}
	for _, r := range *v.Referrers() {
		switch x := r.(type) {
		case *ssa.Extract:
			if x.Index == 0 && replyUsed(x, depth+1) {
				return true
			}
		case *ssa.Call:
			if x.Call.IsInvoke() || calls.Receiver(&x.Call) == v || slices.Contains(calls.Args(&x.Call), ssa.Value(v)) {
				if fn := calls.Callee(&x.Call); fn != nil && fn.Name() != "Err" {
					return true
				}
			}
		case *ssa.Store, *ssa.Return, *ssa.MakeInterface:
			return true
		}
	}
	return false
}

// isTypedWrite recognises a write of a typed API client
// (model.TypedClient): a method named in sink.Methods of a package under
// sink.Under (client-go's k8s.io/client-go/kubernetes/typed/...: Update,
// UpdateStatus, Patch, Apply, Delete, DeleteCollection).
func isTypedWrite(sink *model.Sink, fn *types.Func) bool {
	return fn.Pkg() != nil && strings.HasPrefix(fn.Pkg().Path(), sink.Under) && slices.Contains(sink.Methods, fn.Name())
}

// typedWrite judges a Kubernetes API write. An Update of an object read
// from the API server (or with its resourceVersion set) is a
// compare-and-swap on resourceVersion, which the spec counts as carrying
// the fence; a Patch, Apply or Delete without preconditions is not.
func typedWrite(sink *model.Sink, call ssa.CallInstruction, fn *types.Func, toks *flow.Tokens) *Effect {
	c := call.Common()
	e := &Effect{Sink: sink, Call: call, Callee: fn, Receiver: calls.Receiver(c), Verdict: Missing,
		What: "Kubernetes " + fn.Name()}
	if strings.HasPrefix(fn.Name(), "Update") && storecond.ResourceVersioned(calls.Arg(c, 1)) {
		return nil
	}
	if strings.HasPrefix(fn.Name(), "Delete") && slices.ContainsFunc(calls.Args(c), storecond.Preconditioned) {
		return nil
	}
	if toks.Any(calls.Args(c)...) {
		return nil
	}
	return e
}

// sqlMethods are the names of the methods of an SQL-shaped user interface
// (sqlc's DBTX, a repository's own Exec): Exec/Query/QueryRow, with or
// without Context.
var sqlMethods = map[string]bool{"Exec": true, "ExecContext": true, "Query": true, "QueryContext": true,
	"QueryRow": true, "QueryRowContext": true}

// SQLShaped returns the index (receiver excluded) of the SQL text argument
// of an interface method with an SQL-shaped signature (sqlc's DBTX), or -1.
func SQLShaped(fn *types.Func) int { return sqlShaped(fn) }

// sqlShaped returns the index (receiver excluded) of the SQL text argument
// of an interface method with an SQL-shaped signature, (ctx
// context.Context, query string, args ...any) or (query string, args
// ...any), or -1.
func sqlShaped(fn *types.Func) int {
	if !sqlMethods[fn.Name()] {
		return -1
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || !sig.Variadic() {
		return -1
	}
	ps := sig.Params()
	q := ps.Len() - 2
	if q < 0 || q > 1 {
		return -1
	}
	if b, ok := ps.At(q).Type().(*types.Basic); !ok || b.Kind() != types.String {
		return -1
	}
	if sl, ok := ps.At(ps.Len() - 1).Type().(*types.Slice); !ok || !isEmptyInterface(sl.Elem()) {
		return -1
	}
	if q == 1 {
		n, ok := types.Unalias(ps.At(0).Type()).(*types.Named)
		if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "context" || n.Obj().Name() != "Context" {
			return -1
		}
	}
	return q
}

func isEmptyInterface(t types.Type) bool {
	i, ok := t.Underlying().(*types.Interface)
	return ok && i.Empty()
}
