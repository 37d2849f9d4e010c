package sqlfence

import (
	"strconv"
	"strings"
)

// Kind classifies what a statement does to data.
type Kind int

const (
	// Unknown means the statement could not be classified (unparseable text,
	// CALL/EXECUTE of a procedure, a DO block, an unknown verb). Callers treat
	// it as "don't know" and never guess.
	Unknown Kind = iota
	// Read is SELECT, WITH ... SELECT, SHOW, DESCRIBE, EXPLAIN (without
	// ANALYZE of a write), VALUES, TABLE, COPY ... TO, without a row-locking
	// clause.
	Read
	// LockingRead is a read that takes row locks: SELECT ... FOR UPDATE,
	// FOR NO KEY UPDATE, FOR SHARE, FOR KEY SHARE, LOCK IN SHARE MODE, or a
	// SQL Server UPDLOCK/XLOCK/HOLDLOCK table hint.
	LockingRead
	// Write is INSERT, UPDATE, DELETE, MERGE, REPLACE, UPSERT, COPY ... FROM,
	// TRUNCATE, LOAD DATA, a WITH whose main statement or any CTE modifies
	// data, and EXPLAIN ANALYZE of a write (which executes it).
	Write
	// DDL is CREATE, ALTER, DROP, GRANT, REVOKE, COMMENT ON, RENAME and the
	// maintenance verbs ANALYZE, VACUUM, REINDEX, CLUSTER, REFRESH, OPTIMIZE,
	// SECURITY LABEL, IMPORT FOREIGN SCHEMA.
	DDL
	// Session is transaction and session control: BEGIN, START TRANSACTION,
	// COMMIT, ROLLBACK, END, ABORT, SAVEPOINT, RELEASE, SET, RESET, USE, LOCK,
	// UNLOCK, PREPARE, DEALLOCATE, DISCARD, LISTEN, UNLISTEN, NOTIFY, DECLARE,
	// FETCH, CLOSE, MOVE, PRAGMA, CHECKPOINT, XA.
	Session
)

var kindNames = [...]string{"Unknown", "Read", "LockingRead", "Write", "DDL", "Session"}

// String returns the constant's name, e.g. "LockingRead".
func (k Kind) String() string {
	if k >= 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// Style is the syntax of a bind placeholder.
type Style int

const (
	// Dollar is $n (PostgreSQL, pgx, lib/pq).
	Dollar Style = iota
	// Question is ? (MySQL, SQLite, most database/sql drivers).
	Question
	// Colon is :name (sqlx named queries, Oracle). Not "::" casts, and not
	// inside [...] where ':' is an array slice bound.
	Colon
	// At is @name (SQL Server, pgx named arguments). MySQL user variables
	// (@v) share the syntax and are reported too; @@sysvar is not.
	At
)

var styleNames = [...]string{"Dollar", "Question", "Colon", "At"}

// String returns the constant's name, e.g. "Dollar".
func (s Style) String() string {
	if s >= 0 && int(s) < len(styleNames) {
		return styleNames[s]
	}
	return "Style(" + strconv.Itoa(int(s)) + ")"
}

// Placeholder is one bind parameter occurrence in the SQL text.
type Placeholder struct {
	// Style is the placeholder syntax.
	Style Style
	// Index is n for $n (1-based); for ? it is the ordinal of this '?' among
	// all '?' placeholders of the whole text given to Parse/ParseAll
	// (1-based); 0 for named placeholders.
	Index int
	// Name is the name without the sigil for Colon and At styles.
	Name string
}

// ArgIndex maps a positional placeholder to the 0-based index of the Go
// argument that binds it ($n -> n-1, k-th ? -> k-1). Named placeholders, and
// the invalid $0, return -1.
func (p Placeholder) ArgIndex() int {
	switch p.Style {
	case Dollar, Question:
		if p.Index > 0 {
			return p.Index - 1
		}
	}
	return -1
}

// String renders the placeholder as "$2", "?#3", ":tok" or "@tok".
func (p Placeholder) String() string {
	switch p.Style {
	case Dollar:
		return "$" + strconv.Itoa(p.Index)
	case Question:
		return "?#" + strconv.Itoa(p.Index)
	case Colon:
		return ":" + p.Name
	case At:
		return "@" + p.Name
	}
	return "?"
}

// Guard is one comparison between a column and a placeholder found in a
// predicate that decides whether the write happens.
type Guard struct {
	// Column is the compared column, lower-cased, qualifier and quotes
	// stripped ("t.fence_token" -> "fence_token"). COALESCE(col, const),
	// IFNULL/NVL/ISNULL(col, const), casts and col +/- const count as col.
	Column string
	// Op is the comparison normalised so the column is on the left: "<=",
	// "<", "=", ">=", ">", "<>". BETWEEN and IN are decomposed into these;
	// "!=" becomes "<>", "==" and MySQL "<=>" become "=".
	Op string
	// Param is the placeholder on the other side. For upserts and MERGE it
	// is the placeholder that EXCLUDED.col, VALUES(col), the MySQL row
	// alias new.col or the MERGE source column src.col stands for.
	Param Placeholder
	// Clause names where the comparison was found: "where" (also for the
	// WHERE of a SELECT feeding an INSERT, and for subqueries inside a
	// WHERE), "on conflict" (the DO UPDATE ... WHERE of an upsert or its
	// conditional SET), "on duplicate key update" (MySQL IF(...) in the
	// assignments), "set" (CASE/IF in UPDATE ... SET), "merge on" (the ON of
	// a MERGE), "merge" (a WHEN MATCHED AND ... condition), "join" (the ON
	// of a JOIN in UPDATE/DELETE/SELECT; Weak for outer joins), "from" (the
	// WHERE of a derived table, FROM (SELECT ... WHERE token = $2) l).
	Clause string
	// Strong is true when the comparison must hold on every path for the
	// write to happen: a top-level AND conjunct (possibly inside an EXISTS,
	// IN or scalar subquery that is itself such a conjunct). It is false
	// under OR, NOT, CASE, function arguments, and when the enclosing
	// predicate could not be parsed completely. One exception: in
	// "col IS NULL OR col <= $1" the comparison stays Strong, because the
	// only extra rows admitted are those never fenced (the same meaning as
	// COALESCE(col, 0) <= $1).
	Strong bool
	// AnyOf is true for col = ANY($1): the column equals one element of
	// the array bound to the placeholder, a selection of records by their
	// keys; never Strong (a disjunction, as IN with several values).
	AnyOf bool
	// Arith is true when either side is adjusted by a constant ($2 + 1,
	// fence - 1) rather than being the bare column or placeholder. Op keeps
	// the written direction: col < $1 + 1 stays "<".
	Arith bool
}

// ClockGuard is a comparison between a column and the database's own clock
// (expires_at < now(), locked_until <= CURRENT_TIMESTAMP).
type ClockGuard struct {
	// Column is the compared column, as in Guard.
	Column string
	// Op is the comparison normalised so the column is on the left.
	Op string
	// Clause and Strong are as in Guard.
	Clause string
	Strong bool
}

// Assignment records that a placeholder is written to a column: SET col =
// expr (one Assignment per placeholder in expr), or the pairing of an
// INSERT column list with a VALUES row or SELECT list. Column is "" when an
// INSERT has no column list.
type Assignment struct {
	// Column is the written column, lower-cased and unqualified.
	Column string
	// Param is a placeholder appearing in the written value.
	Param Placeholder
	// Plain is true when the value is the placeholder itself (possibly
	// parenthesised or cast): SET status = $1, not SET n = n + $1.
	Plain bool
}

// Literal is an equality between a column and a constant in a predicate
// that decides whether the write happens (WHERE status = 'unused'), or the
// assignment of a constant to a column (SET status = 'used').
type Literal struct {
	// Column is the column, lower-cased and unqualified.
	Column string
	// Value is the constant as Go would spell its value: a string's
	// contents ('it''s' is it's), a number's text (-1, 2.5), true or
	// false.
	Value string
	// Clause and Strong are as in Guard; for an assignment Clause is
	// "set" and Strong is true.
	Clause string
	Strong bool
}

// AdvisoryCall is a call of an advisory/application lock function.
type AdvisoryCall struct {
	// Func is the lower-case function name: pg_advisory_lock,
	// pg_advisory_lock_shared, pg_advisory_xact_lock(_shared),
	// pg_try_advisory_lock(_shared), pg_try_advisory_xact_lock(_shared),
	// pg_advisory_unlock(_shared), pg_advisory_unlock_all, get_lock,
	// release_lock, release_all_locks, is_free_lock, is_used_lock,
	// sp_getapplock, sp_releaseapplock.
	Func string
	// Args are the placeholders among its arguments, at any depth
	// (pg_try_advisory_lock(hashtext($1)) has Args [$1]). Calls found inside
	// a DO body have no Args: a DO block cannot take bind parameters.
	Args []Placeholder
}

// Statement is the analysis of one SQL statement.
type Statement struct {
	// Text is the statement's source, from its first to its last token
	// (leading comments and the terminating ';' excluded).
	Text string
	// Kind classifies the (effective) statement.
	Kind Kind
	// Verb is the upper-case leading verb of the effective statement:
	// "UPDATE" for WITH ... UPDATE, and for WITH x AS (UPDATE ...) SELECT.
	Verb string
	// Table is the target table of a write, or the first FROM table of a
	// read: lower-case, schema and quotes stripped. "" if unknown.
	Table string
	// Placeholders lists every placeholder of the statement in textual
	// order, including those inside subqueries and CTEs.
	Placeholders []Placeholder
	// Guards are the column/placeholder comparisons that decide whether
	// the write happens, in textual order (see Guard).
	Guards []Guard
	// Clock are the comparisons of a column with the database's clock, in
	// the predicates that decide whether the statement writes (or, for a
	// read, which rows it returns).
	Clock []ClockGuard
	// Sets are the placeholders written to columns (see Assignment).
	Sets []Assignment
	// Literals are the equalities between a column and a constant in the
	// WHERE of an UPDATE, a DELETE or a locking read (SELECT ... FOR UPDATE), in
	// textual order; Strong as for Guards. A state machine's transition
	// reads its guard here.
	Literals []Literal
	// SetLiterals are the constants an UPDATE SET (or an upsert's DO
	// UPDATE SET, ON DUPLICATE KEY UPDATE) assigns (status = 'used'), in
	// textual order.
	SetLiterals []Literal
	// Assigned lists every column an UPDATE SET (or an upsert's DO UPDATE
	// SET / ON DUPLICATE KEY UPDATE) assigns, whatever the value (now(),
	// a placeholder, an expression), lower-cased and unqualified, in
	// textual order without repetition.
	Assigned []string
	// Inserted lists the columns an INSERT names (its column list, or the
	// columns of MySQL's INSERT ... SET), lower-cased and unqualified, in
	// textual order; none when it names none.
	Inserted []string
	// Cleared lists the columns of Assigned whose value is the literal
	// NULL (a release: SET locked_by = NULL, lease_expires_at = NULL).
	Cleared []string
	// ReadColumns holds, for a SELECT, one entry per select-list item: the
	// column name (lower-case) when the item is a plain column (possibly
	// cast, COALESCEd or aliased), "*" for * and t.*, "" for anything else.
	// Positions match Scan destinations.
	ReadColumns []string
	// Advisory lists advisory/application lock calls in textual order.
	Advisory []AdvisoryCall
	// Upsert is true for INSERT ... ON CONFLICT DO UPDATE, INSERT ... ON
	// DUPLICATE KEY UPDATE, MERGE and UPSERT.
	Upsert bool
	// Returning is true when the write has a RETURNING clause.
	Returning bool
}

// Parse analyses the first non-empty statement of sql. It never panics and
// never returns nil: unparseable text yields Kind Unknown plus whatever
// placeholders and advisory calls could still be found; empty text yields
// an empty Unknown statement.
func Parse(sql string) *Statement {
	p := newParser(sql)
	if lo, hi, ok := p.nextStatement(0); ok {
		return p.analyze(lo, hi)
	}
	return &Statement{}
}

// ParseAll analyses every non-empty statement of a ';'-separated text, in
// order. It returns an empty (nil) slice for text without statements.
func ParseAll(sql string) []*Statement {
	p := newParser(sql)
	var out []*Statement
	for from := 0; ; {
		lo, hi, ok := p.nextStatement(from)
		if !ok {
			return out
		}
		out = append(out, p.analyze(lo, hi))
		from = hi + 1
	}
}

// Verdict says whether a statement enforces a fencing token.
type Verdict int

const (
	// Absent: the token is neither compared nor written by the statement.
	Absent Verdict = iota
	// Carried: a Strong guard compares a column with a token placeholder in
	// the direction that rejects stale tokens: col <= tok, col < tok or
	// col = tok (after normalisation, so tok >= col counts too).
	Carried
	// Reversed: the token appears in Strong guards, but none points the
	// right way: col >= tok, col > tok or col <> tok accept stale holders
	// (and the first two reject newer ones).
	Reversed
	// Weak: the token is compared only under OR, NOT, CASE or a function, or
	// in a predicate that could not be fully parsed.
	Weak
	// SetOnly: the token is written (SET col = tok, an INSERT value, an
	// upsert SET col = EXCLUDED.col) but never compared.
	SetOnly
)

var verdictNames = [...]string{"Absent", "Carried", "Reversed", "Weak", "SetOnly"}

// String returns the constant's name, e.g. "SetOnly".
func (v Verdict) String() string {
	if v >= 0 && int(v) < len(verdictNames) {
		return verdictNames[v]
	}
	return "Verdict(" + strconv.Itoa(int(v)) + ")"
}

// Fence decides whether the statement enforces the token. isToken reports
// whether a placeholder is bound to the fencing token; a nil isToken (or a
// nil Statement) yields Absent. The precedence is Carried > Reversed > Weak >
// SetOnly > Absent: one correct strong guard is enough.
func (s *Statement) Fence(isToken func(Placeholder) bool) Verdict {
	if s == nil || isToken == nil {
		return Absent
	}
	var right, wrong, weak bool
	for _, g := range s.Guards {
		if !isToken(g.Param) {
			continue
		}
		switch {
		case !g.Strong:
			weak = true
		case g.Op == "<=" || g.Op == "<" || g.Op == "=":
			right = true
		default:
			wrong = true
		}
	}
	switch {
	case right:
		return Carried
	case wrong:
		return Reversed
	case weak:
		return Weak
	}
	for _, a := range s.Sets {
		if isToken(a.Param) {
			return SetOnly
		}
	}
	return Absent
}

// IsArg returns an isToken predicate for Fence that matches positional
// placeholders bound to any of the given 0-based Go argument indexes.
func IsArg(argIndexes ...int) func(Placeholder) bool {
	return func(p Placeholder) bool {
		ai := p.ArgIndex()
		if ai < 0 {
			return false
		}
		for _, a := range argIndexes {
			if a == ai {
				return true
			}
		}
		return false
	}
}

// IsNamed returns an isToken predicate for Fence that matches named
// placeholders (:name or @name) by name, case-insensitively.
func IsNamed(names ...string) func(Placeholder) bool {
	return func(p Placeholder) bool {
		if p.Style != Colon && p.Style != At {
			return false
		}
		for _, n := range names {
			if strings.EqualFold(n, p.Name) {
				return true
			}
		}
		return false
	}
}
