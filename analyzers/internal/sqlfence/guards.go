package sqlfence

import "strings"

// qualMap says that qualifier.col stands for the proposed row of an upsert
// or MERGE: EXCLUDED (PostgreSQL, SQLite), a MySQL 8 row alias, or a MERGE
// source alias. cols names the row's columns positionally.
type qualMap struct {
	qual string
	cols []string
}

// mapping resolves references to the proposed row to the placeholders that
// feed it, through the INSERT column list (or MERGE source columns).
type mapping struct {
	quals    []qualMap
	valuesFn bool      // MySQL VALUES(col) in ON DUPLICATE KEY UPDATE
	cols     []string  // INSERT column list / source column names
	rows     [][]*node // VALUES rows (or the SELECT list) feeding the row
}

func (m *mapping) qualCols(qual string) ([]string, bool) {
	if m == nil || qual == "" {
		return nil, false
	}
	for _, q := range m.quals {
		if equalFoldASCII(q.qual, qual) {
			if q.cols != nil {
				return q.cols, true
			}
			return m.cols, true
		}
	}
	return nil, false
}

// resolve appends the placeholders that feed column col of every row.
func (m *mapping) resolve(cols []string, col string, buf []int32) []int32 {
	for k, c := range cols {
		if c != col {
			continue
		}
		for _, row := range m.rows {
			if k < len(row) {
				if ph, ok := plainParam(row[k]); ok {
					buf = append(buf, ph)
				}
			}
		}
		break
	}
	return buf
}

// plainParam unwraps parentheses and casts around a placeholder.
func plainParam(n *node) (int32, bool) {
	for steps := 0; n != nil && steps < 64; steps++ {
		switch n.kind {
		case nParen, nCast:
			n = n.kids[0]
		case nParam:
			return n.ph, true
		default:
			return 0, false
		}
	}
	return 0, false
}

func unwrapParen(n *node) *node {
	for n != nil && n.kind == nParen {
		n = n.kids[0]
	}
	return n
}

func isConst(n *node) bool {
	for n != nil && (n.kind == nParen || n.kind == nCast) {
		n = n.kids[0]
	}
	return n != nil && (n.kind == nNum || n.kind == nLit)
}

// FlipOp mirrors an ordering, for the operands swapped: a < b is b > a.
func FlipOp(op string) string {
	switch op {
	case "<":
		return ">"
	case "<=":
		return ">="
	case ">":
		return "<"
	case ">=":
		return "<="
	}
	return op
}

// walker extracts guards from predicate trees.
type walker struct {
	p      *parser
	out    *[]Guard
	clk    *[]ClockGuard
	lits   *[]Literal // column = constant comparisons, when the statement records them
	clause string
	m      *mapping
	depth  int
	buf    []int32
}

func (w *walker) walk(n *node, strong bool) {
	if n == nil {
		return
	}
	switch n.kind {
	case nParen:
		w.walk(n.kids[0], strong)
	case nAnd:
		for _, k := range n.kids {
			w.walk(k, strong)
		}
	case nOr:
		w.or(n, strong)
	case nNot:
		w.walk(n.kids[0], false)
	case nCmp:
		w.cmp(n.kids[0], n.op, n.kids[1], strong)
		w.operands(n.kids, strong)
	case nBetween:
		// x BETWEEN lo AND hi == lo <= x AND x <= hi; NOT BETWEEN and
		// SYMMETRIC are disjunctions.
		s := strong && !n.neg && n.op != "symmetric"
		w.cmp(n.kids[1], "<=", n.kids[0], s)
		w.cmp(n.kids[0], "<=", n.kids[2], s)
		w.operands(n.kids, strong)
	case nIn:
		if len(n.kids) == 2 && n.kids[1].kind == nSub {
			w.walk(n.kids[0], false)
			w.sub(n.kids[1], strong && !n.neg)
			return
		}
		// x IN (a) is x = a; x IN (a, b) is a disjunction; x NOT IN (a, b)
		// is the conjunction x <> a AND x <> b.
		op := "="
		if n.neg {
			op = "<>"
		}
		s := strong && (len(n.kids) == 2 || n.neg)
		for _, k := range n.kids[1:] {
			w.cmp(n.kids[0], op, k, s)
		}
		w.operands(n.kids, strong)
	case nExists:
		w.sub(n, strong)
	case nSub:
		w.sub(n, strong)
	default:
		for _, k := range n.kids {
			w.walk(k, false)
		}
	}
}

// operands looks inside comparison operands: a scalar subquery operand keeps
// the comparison's strength; anything else (CASE, function arguments) is Weak.
func (w *walker) operands(kids []*node, strong bool) {
	for _, k := range kids {
		if u := unwrapParen(k); u != nil && u.kind == nSub {
			w.sub(u, strong)
		} else {
			w.walk(k, false)
		}
	}
}

// or handles disjunctions. Everything under OR is Weak, except the pattern
// "col IS NULL OR <pred>": guards in <pred> on a column tested for NULL stay
// Strong, since the only extra rows are those that never held a token.
func (w *walker) or(n *node, strong bool) {
	var nullCols [4]string
	nn := 0
	var rest *node
	nrest := 0
	for _, k := range n.kids {
		if u := unwrapParen(k); u.kind == nIs && u.op == "null" && !u.neg && nn < len(nullCols) {
			if c, _, ok := w.col(u.kids[0]); ok {
				nullCols[nn] = c
				nn++
				continue
			}
		}
		rest = k
		nrest++
	}
	if strong && nn > 0 && nrest == 1 {
		start := len(*w.out)
		w.walk(rest, true)
		out := *w.out
		for i := start; i < len(out); i++ {
			keep := false
			for _, c := range nullCols[:nn] {
				if out[i].Column == c {
					keep = true
				}
			}
			if !keep {
				out[i].Strong = false
			}
		}
		return
	}
	if strong && w.pastClockArms(n) {
		return
	}
	for _, k := range n.kids {
		w.walk(k, false)
	}
}

// pastClockArms handles a disjunction every arm of which admits only rows
// past a time on the database's clock (expires_at < now() OR (used AND
// created_at < now() - interval '1 day')): it selects only such rows, as a
// single clock conjunct does, so the clock comparisons that are conjuncts
// of their arm stay Strong; the other guards under it are Weak. It
// reports false, recording nothing, when an arm has no such comparison.
func (w *walker) pastClockArms(n *node) bool {
	var out []Guard
	var clk []ClockGuard
	var lits []Literal
	for _, k := range n.kids {
		var aout []Guard
		var aclk []ClockGuard
		var alits []Literal
		arm := *w
		arm.out, arm.clk = &aout, &aclk
		if w.lits != nil {
			arm.lits = &alits
		}
		arm.walk(k, true)
		past := false
		for _, g := range aclk {
			past = past || g.Strong && (g.Op == "<" || g.Op == "<=")
		}
		if !past {
			return false
		}
		out, clk, lits = append(out, aout...), append(clk, aclk...), append(lits, alits...)
	}
	for i := range out {
		out[i].Strong = false
	}
	for i := range lits {
		lits[i].Strong = false
	}
	*w.out = append(*w.out, out...)
	*w.clk = append(*w.clk, clk...)
	if w.lits != nil {
		*w.lits = append(*w.lits, lits...)
	}
	return true
}

func (w *walker) cmp(l *node, op string, r *node, strong bool) {
	lt, rt := unwrapParen(l), unwrapParen(r)
	if lt == nil || rt == nil {
		return
	}
	if lt.kind == nTuple && rt.kind == nTuple {
		// (a, b) = ($1, $2) is a = $1 AND b = $2. Ordered row comparisons
		// are lexicographic and yield no guard.
		if op == "=" && len(lt.kids) == len(rt.kids) {
			for i := range lt.kids {
				w.cmp(lt.kids[i], "=", rt.kids[i], strong)
			}
		}
		return
	}
	if op == "=" && rt.kind == nFunc && rt.name == "any" && len(rt.kids) == 1 {
		// col = ANY($1): one of the array's elements.
		if ph, ok := plainParam(rt.kids[0]); ok {
			if col, arith, isCol := w.col(l); isCol && !arith {
				*w.out = append(*w.out, Guard{Column: col, Op: "=", Param: w.p.phs[ph], Clause: w.clause, AnyOf: true})
			}
		}
		return
	}
	w.clock(l, op, r, strong)
	if op == "=" {
		w.literal(lt, rt, strong)
	}
	if col, arith, ok := w.col(l); ok && w.emit(col, op, r, strong, arith) {
		return
	}
	if col, arith, ok := w.col(r); ok {
		w.emit(col, FlipOp(op), l, strong, arith)
	}
}

// literal records col = constant, either way round.
func (w *walker) literal(l, r *node, strong bool) {
	if w.lits == nil {
		return
	}
	if v, ok := constValue(r); ok {
		if col, arith, isCol := w.col(l); isCol && !arith {
			*w.lits = append(*w.lits, Literal{Column: col, Value: v, Clause: w.clause, Strong: strong})
		}
	} else if v, ok := constValue(l); ok {
		if col, arith, isCol := w.col(r); isCol && !arith {
			*w.lits = append(*w.lits, Literal{Column: col, Value: v, Clause: w.clause, Strong: strong})
		}
	}
}

// constValue returns the value of a constant, possibly parenthesised or
// cast, as Go would spell it: a plain '...' string's contents, a number's
// text, true or false.
func constValue(n *node) (string, bool) {
	for n != nil && (n.kind == nParen || n.kind == nCast) {
		n = n.kids[0]
	}
	if n == nil || n.val == "" || n.kind != nLit && n.kind != nNum {
		return "", false
	}
	v := n.val
	if n.kind == nNum || v == "true" || v == "false" {
		return v, true
	}
	if len(v) < 2 || v[0] != '\'' || v[len(v)-1] != '\'' {
		return "", false // E'...', N'...', $$...$$: not compared with Go constants
	}
	return strings.ReplaceAll(v[1:len(v)-1], "''", "'"), true
}

func (w *walker) emit(col, op string, other *node, strong, arith bool) bool {
	phs, parith := w.params(other, w.buf[:0])
	w.buf = phs
	for _, ph := range phs {
		*w.out = append(*w.out, Guard{
			Column: col, Op: op, Param: w.p.phs[ph], Clause: w.clause,
			Strong: strong, Arith: arith || parith,
		})
	}
	return len(phs) > 0
}

var nullFuncs = [...]string{"coalesce", "ifnull", "nvl", "isnull"}

// clock records a comparison between a column and the database's clock
// (col < now(), CURRENT_TIMESTAMP >= col - INTERVAL '1 minute').
func (w *walker) clock(l *node, op string, r *node, strong bool) {
	if w.clk == nil {
		return
	}
	if col, _, ok := w.col(l); ok && isClock(r, 0) {
		*w.clk = append(*w.clk, ClockGuard{Column: col, Op: op, Clause: w.clause, Strong: strong})
	} else if col, _, ok := w.col(r); ok && isClock(l, 0) {
		*w.clk = append(*w.clk, ClockGuard{Column: col, Op: FlipOp(op), Clause: w.clause, Strong: strong})
	}
}

// clockFuncs are the functions that read the database server's clock.
var clockFuncs = [...]string{"now", "current_timestamp", "localtimestamp", "localtime", "current_date", "current_time",
	"clock_timestamp", "statement_timestamp", "transaction_timestamp", "sysdate", "utc_timestamp", "utc_date",
	"getdate", "getutcdate", "sysdatetime", "sysutcdatetime", "sysdatetimeoffset", "systimestamp", "unixepoch"}

// isClock reports whether n reads the database's clock: now(),
// CURRENT_TIMESTAMP, UNIX_TIMESTAMP(), possibly cast, shifted by an
// interval (now() - interval '5 minutes') or passed through a date
// function (date_add(now(), ...), extract(epoch from now())).
func isClock(n *node, depth int) bool {
	if n == nil || depth > 8 {
		return false
	}
	switch n.kind {
	case nParen, nCast:
		return isClock(n.kids[0], depth+1)
	case nLit:
		return n.name != "" && inList(n.name, clockFuncs[:])
	case nFunc:
		if inList(n.name, clockFuncs[:]) || n.name == "unix_timestamp" && len(n.kids) == 0 {
			return true
		}
		switch n.name {
		case "date_add", "date_sub", "adddate", "subdate", "timestampadd", "dateadd", "extract", "date_part",
			"date_trunc", "to_timestamp", "timezone", "unix_timestamp", "datetime", "strftime":
			for _, k := range n.kids {
				if isClock(k, depth+1) {
					return true
				}
			}
		}
	case nArith:
		if n.op == "+" || n.op == "-" {
			return isClock(n.kids[0], depth+1) || isClock(n.kids[1], depth+1)
		}
	}
	return false
}

// col resolves n to a column name: a column reference possibly wrapped in
// parentheses, casts, COALESCE(col, const) and col +/- number, or a scalar
// subquery of the column's largest value ((SELECT max(col) FROM t ...), the
// guard of an INSERT ... SELECT ... WHERE $tok >= (SELECT max(fence) ...)).
// References to the proposed row of an upsert/MERGE are not columns (they
// are parameters).
func (w *walker) col(n *node) (string, bool, bool) {
	arith := false
	for steps := 0; n != nil && steps < 64; steps++ {
		switch n.kind {
		case nParen, nCast:
			n = n.kids[0]
		case nSub:
			if c, ok := w.maxOf(n); ok {
				return c, arith, true
			}
			return "", false, false
		case nCol:
			if _, mapped := w.m.qualCols(n.qual); mapped {
				return "", false, false
			}
			return lowerASCII(n.name), arith, true
		case nFunc:
			if len(n.kids) == 2 && inList(n.name, nullFuncs[:]) && isConst(n.kids[1]) {
				n = n.kids[0]
				continue
			}
			return "", false, false
		case nArith:
			if (n.op == "+" || n.op == "-") && n.kids[1].kind == nNum {
				n = n.kids[0]
				arith = true
				continue
			}
			return "", false, false
		default:
			return "", false, false
		}
	}
	return "", false, false
}

// maxOf resolves a scalar subquery that selects one column's largest value,
// (SELECT max(col) FROM t [WHERE ...]), possibly as COALESCE(max(col), const),
// to that column. A set operation, several items or anything else is not.
func (w *walker) maxOf(n *node) (string, bool) {
	if w.depth > maxDepth || n.lo >= n.hi {
		return "", false
	}
	si := w.p.selectParts(n.lo, n.hi, true)
	if si.union || len(si.items) != 1 {
		return "", false
	}
	x := unwrapParen(si.items[0])
	if x != nil && x.kind == nFunc && len(x.kids) == 2 && inList(x.name, nullFuncs[:]) && isConst(x.kids[1]) {
		x = unwrapParen(x.kids[0])
	}
	if x == nil || x.kind != nFunc || x.name != "max" || len(x.kids) != 1 {
		return "", false
	}
	c := unwrapParen(x.kids[0])
	if c == nil || c.kind != nCol {
		return "", false
	}
	return lowerASCII(c.name), true
}

// params resolves n to the placeholders it stands for: a placeholder wrapped
// in parentheses, casts, CONVERT, or +/- a number; or a reference to the
// proposed row of an upsert/MERGE (EXCLUDED.col, VALUES(col), new.col,
// src.col), which maps to one placeholder per VALUES row.
func (w *walker) params(n *node, buf []int32) ([]int32, bool) {
	arith := false
	for steps := 0; n != nil && steps < 64; steps++ {
		switch n.kind {
		case nParen, nCast:
			n = n.kids[0]
		case nParam:
			return append(buf, n.ph), arith
		case nArith:
			if (n.op == "+" || n.op == "-") && n.kids[1].kind == nNum {
				n = n.kids[0]
				arith = true
				continue
			}
			if n.op == "+" && n.kids[0].kind == nNum {
				n = n.kids[1]
				arith = true
				continue
			}
			return buf, false
		case nCol:
			if cols, ok := w.m.qualCols(n.qual); ok {
				return w.m.resolve(cols, lowerASCII(n.name), buf), arith
			}
			return buf, false
		case nFunc:
			switch {
			case n.name == "values" && w.m != nil && w.m.valuesFn && len(n.kids) == 1 && n.kids[0].kind == nCol:
				return w.m.resolve(w.m.cols, lowerASCII(n.kids[0].name), buf), arith
			case (n.name == "convert" || n.name == "try_convert") && len(n.kids) == 2:
				// CONVERT(expr, type) in MySQL, CONVERT(type, expr) in SQL Server.
				if b, a := w.params(n.kids[0], buf); len(b) > len(buf) {
					return b, arith || a
				}
				n = n.kids[1]
				continue
			}
			return buf, false
		default:
			return buf, false
		}
	}
	return buf, false
}

// sub extracts guards from the WHERE of a subquery. Its conjuncts inherit the
// strength of the subquery's position (EXISTS, IN, scalar comparison); a
// UNION makes them Weak since another branch may produce the rows.
func (w *walker) sub(n *node, strong bool) {
	if w.depth > maxDepth || n.lo >= n.hi {
		return
	}
	si := w.p.selectParts(n.lo, n.hi, false)
	w.depth++
	w.p.walkSelect(w, &si, strong)
	w.depth--
}

// assign is one SET target and its value.
type assign struct {
	col string
	rhs *node
}

// condOf returns the condition of a conditional assignment that keeps the
// old value otherwise: col = IF(cond, x, col), IIF(...), or
// col = CASE WHEN cond THEN x ELSE col END.
func (w *walker) condOf(a assign) *node {
	r := unwrapParen(a.rhs)
	if r == nil {
		return nil
	}
	switch {
	case r.kind == nFunc && r.name == "if" || r.kind == nFunc && r.name == "iif":
		if len(r.kids) == 3 && keepsOld(a.col, r.kids[2]) {
			return r.kids[0]
		}
	case r.kind == nCase && !r.simple && r.els && len(r.kids) == 3:
		if keepsOld(a.col, r.kids[2]) {
			return r.kids[0]
		}
	}
	return nil
}

func keepsOld(col string, n *node) bool {
	for n != nil && (n.kind == nParen || n.kind == nCast) {
		n = n.kids[0]
	}
	return n != nil && n.kind == nCol && lowerASCII(n.name) == col
}

// setGuards extracts guards from assignment values. If every assignment is
// conditional and keeps the old value otherwise (the MySQL ON DUPLICATE KEY
// UPDATE idiom col = IF(fence <= VALUES(fence), VALUES(col), col)), a guard
// that is a strong conjunct of every condition is Strong: a stale write then
// changes nothing. All other comparisons in values are Weak.
func (w *walker) setGuards(as []assign) {
	if len(as) == 0 {
		return
	}
	for _, a := range as {
		if w.condOf(a) == nil {
			for _, a := range as {
				w.walk(a.rhs, false)
			}
			return
		}
	}
	start := len(*w.out)
	var bounds []int
	for _, a := range as {
		bounds = append(bounds, len(*w.out))
		w.walk(w.condOf(a), true)
	}
	bounds = append(bounds, len(*w.out))
	out := *w.out
	intersectStrong(out, start, bounds, false)
	// Drop exact duplicates (one copy per assignment otherwise).
	kept := out[:start]
	for i := start; i < len(out); i++ {
		dup := false
		for _, g := range kept[start:] {
			if g == out[i] {
				dup = true
				break
			}
		}
		if !dup {
			kept = append(kept, out[i])
		}
	}
	*w.out = kept
}

// paramsIn calls f for every placeholder whose value n writes: placeholders
// anywhere in the expression (not inside subqueries) and references to the
// proposed row of an upsert/MERGE.
func (w *walker) paramsIn(n *node, f func(int32)) {
	if n == nil || w.depth > 4*maxDepth {
		return
	}
	switch n.kind {
	case nParam:
		f(n.ph)
		return
	case nCol:
		if cols, ok := w.m.qualCols(n.qual); ok {
			w.buf = w.m.resolve(cols, lowerASCII(n.name), w.buf[:0])
			for _, ph := range w.buf {
				f(ph)
			}
		}
		return
	case nFunc:
		if n.name == "values" && w.m != nil && w.m.valuesFn && len(n.kids) == 1 && n.kids[0].kind == nCol {
			w.buf = w.m.resolve(w.m.cols, lowerASCII(n.kids[0].name), w.buf[:0])
			for _, ph := range w.buf {
				f(ph)
			}
			return
		}
	case nCmp, nBetween, nIn, nIs, nExists, nSub, nAnd, nOr, nNot:
		// Compared, not written: IF(fence <= VALUES(fence), ...) does not
		// store the token in the assigned column.
		return
	case nOther:
		if n.op == "like" {
			return
		}
	}
	w.depth++
	for _, k := range n.kids {
		w.paramsIn(k, f)
	}
	w.depth--
}

// addSets records the placeholders written by assignments.
func (w *walker) addSets(st *Statement, as []assign) {
	for _, a := range as {
		col := a.col
		plain, isPlain := plainParam(a.rhs)
		w.paramsIn(a.rhs, func(ph int32) { st.addSet(col, w.p.phs[ph], isPlain && ph == plain) })
	}
}

func (st *Statement) addSet(col string, p Placeholder, plain bool) {
	for i, x := range st.Sets {
		if x.Column == col && x.Param == p {
			st.Sets[i].Plain = x.Plain || plain
			return
		}
	}
	st.Sets = append(st.Sets, Assignment{Column: col, Param: p, Plain: plain})
}
