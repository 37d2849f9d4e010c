package sqlfence

import (
	"slices"
	"strings"
)

// maxStmtDepth bounds recursion through nested WITH / EXPLAIN.
const maxStmtDepth = 32

func (p *parser) analyze(lo, hi int) *Statement {
	st := &Statement{Text: p.src[p.toks[lo].pos:p.toks[hi-1].end]}
	p.stLo, p.stHi = lo, hi
	// Roughly one node per two to five tokens: size the slab so that most
	// statements need one or two node allocations.
	p.slab = make([]node, 0, min((hi-lo)/4+6, 256))
	first, last := int32(-1), int32(-1)
	for i := lo; i < hi; i++ {
		if t := &p.toks[i]; t.kind == tParam && t.ph >= 0 {
			if first < 0 {
				first = t.ph
			}
			last = t.ph
		}
	}
	if first >= 0 {
		st.Placeholders = p.phs[first : last+1 : last+1]
	}
	p.scanAdvisory(st, lo, hi)
	p.core(st, lo, hi, 0)
	return st
}

// verbInfo maps a leading keyword to its verb and kind. Verbs whose kind
// depends on what follows (WITH, COPY, LOAD) start as Unknown.
func verbInfo(k kw) (string, Kind) {
	switch k {
	case kwSELECT:
		return "SELECT", Read
	case kwVALUES:
		return "VALUES", Read
	case kwTABLE:
		return "TABLE", Read
	case kwSHOW:
		return "SHOW", Read
	case kwDESCRIBE:
		return "DESCRIBE", Read
	case kwDESC:
		return "DESC", Read
	case kwEXPLAIN:
		return "EXPLAIN", Read
	case kwWITH:
		return "WITH", Unknown
	case kwINSERT:
		return "INSERT", Write
	case kwUPDATE:
		return "UPDATE", Write
	case kwDELETE:
		return "DELETE", Write
	case kwMERGE:
		return "MERGE", Write
	case kwREPLACE:
		return "REPLACE", Write
	case kwUPSERT:
		return "UPSERT", Write
	case kwTRUNCATE:
		return "TRUNCATE", Write
	case kwCOPY:
		return "COPY", Unknown
	case kwLOAD:
		return "LOAD", Unknown
	case kwCREATE:
		return "CREATE", DDL
	case kwALTER:
		return "ALTER", DDL
	case kwDROP:
		return "DROP", DDL
	case kwGRANT:
		return "GRANT", DDL
	case kwREVOKE:
		return "REVOKE", DDL
	case kwCOMMENT:
		return "COMMENT", DDL
	case kwRENAME:
		return "RENAME", DDL
	case kwANALYZE:
		return "ANALYZE", DDL
	case kwANALYSE:
		return "ANALYSE", DDL
	case kwVACUUM:
		return "VACUUM", DDL
	case kwREINDEX:
		return "REINDEX", DDL
	case kwCLUSTER:
		return "CLUSTER", DDL
	case kwREFRESH:
		return "REFRESH", DDL
	case kwSECURITY:
		return "SECURITY", DDL
	case kwIMPORT:
		return "IMPORT", DDL
	case kwOPTIMIZE:
		return "OPTIMIZE", DDL
	case kwBEGIN:
		return "BEGIN", Session
	case kwSTART:
		return "START", Session
	case kwCOMMIT:
		return "COMMIT", Session
	case kwROLLBACK:
		return "ROLLBACK", Session
	case kwEND:
		return "END", Session
	case kwABORT:
		return "ABORT", Session
	case kwSAVEPOINT:
		return "SAVEPOINT", Session
	case kwRELEASE:
		return "RELEASE", Session
	case kwSET:
		return "SET", Session
	case kwRESET:
		return "RESET", Session
	case kwUSE:
		return "USE", Session
	case kwLOCK:
		return "LOCK", Session
	case kwUNLOCK:
		return "UNLOCK", Session
	case kwPREPARE:
		return "PREPARE", Session
	case kwDEALLOCATE:
		return "DEALLOCATE", Session
	case kwDISCARD:
		return "DISCARD", Session
	case kwLISTEN:
		return "LISTEN", Session
	case kwUNLISTEN:
		return "UNLISTEN", Session
	case kwNOTIFY:
		return "NOTIFY", Session
	case kwDECLARE:
		return "DECLARE", Session
	case kwFETCH:
		return "FETCH", Session
	case kwCLOSE:
		return "CLOSE", Session
	case kwMOVE:
		return "MOVE", Session
	case kwPRAGMA:
		return "PRAGMA", Session
	case kwCHECKPOINT:
		return "CHECKPOINT", Session
	case kwXA:
		return "XA", Session
	case kwDO:
		return "DO", Unknown
	case kwCALL:
		return "CALL", Unknown
	case kwEXEC:
		return "EXEC", Unknown
	case kwEXECUTE:
		return "EXECUTE", Unknown
	}
	return "", Unknown
}

// core fills Kind, Verb, Table, Guards, Sets, ReadColumns, Upsert and
// Returning from the statement tokens [lo, hi).
func (p *parser) core(st *Statement, lo, hi, depth int) {
	if depth > maxStmtDepth {
		return
	}
	i := lo
	for i < hi && p.toks[i].kind == tLParen {
		i++
	}
	if i >= hi || p.toks[i].kind != tIdent {
		return
	}
	k := p.toks[i].kw
	verb, kind := verbInfo(k)
	if verb == "" {
		st.Verb = strings.ToUpper(p.text(i))
		return
	}
	st.Verb, st.Kind = verb, kind
	switch k {
	case kwSELECT:
		p.selectStmt(st, i, hi)
	case kwVALUES, kwTABLE:
		if k == kwTABLE {
			st.Table, _ = p.qname(i+1, hi)
		}
		if p.isLocking(p.stLo, p.stHi) {
			st.Kind = LockingRead
		}
	case kwWITH:
		p.withStmt(st, i, hi, depth)
	case kwINSERT, kwREPLACE, kwUPSERT:
		p.insertStmt(st, i, hi)
	case kwUPDATE:
		p.updateStmt(st, i, hi)
	case kwDELETE:
		p.deleteStmt(st, i, hi)
	case kwMERGE:
		p.mergeStmt(st, i, hi)
	case kwTRUNCATE:
		j := i + 1
		for p.is(j, hi, kwTABLE) || p.is(j, hi, kwONLY) {
			j++
		}
		st.Table, _ = p.qname(j, hi)
	case kwCOPY:
		p.copyStmt(st, i, hi)
	case kwLOAD:
		if p.is(i+1, hi, kwDATA) || p.kindAt(i+1, hi) == tIdent && equalFoldASCII(p.text(i+1), "xml") {
			st.Kind = Write
			if j := p.find(i, hi, kwINTO); j < hi {
				j++
				if p.is(j, hi, kwTABLE) {
					j++
				}
				st.Table, _ = p.qname(j, hi)
			}
		}
	case kwEXPLAIN, kwDESCRIBE, kwDESC:
		p.explainStmt(st, i, hi, depth)
	case kwDO:
		p.doStmt(st, i, hi)
	}
}

// isLocking reports a row-locking clause anywhere in [lo, hi).
func (p *parser) isLocking(lo, hi int) bool {
	for i := lo; i < hi; i++ {
		t := &p.toks[i]
		if t.kind != tIdent {
			continue
		}
		switch t.kw {
		case kwFOR:
			switch p.kwAt(i+1, hi) {
			case kwUPDATE, kwSHARE:
				return true
			case kwNO:
				if p.is(i+2, hi, kwKEY) && p.is(i+3, hi, kwUPDATE) {
					return true
				}
			case kwKEY:
				if p.is(i+2, hi, kwSHARE) {
					return true
				}
			}
		case kwLOCK:
			if p.is(i+1, hi, kwIN) && p.is(i+2, hi, kwSHARE) && p.is(i+3, hi, kwMODE) {
				return true
			}
		case kwUPDLOCK, kwXLOCK, kwHOLDLOCK:
			return true
		}
	}
	return false
}

// scanAdvisory records advisory-lock function calls in [lo, hi).
func (p *parser) scanAdvisory(st *Statement, lo, hi int) {
	for i := lo; i < hi; i++ {
		t := &p.toks[i]
		if t.kind != tIdent || !isAdvisory(t.kw) {
			continue
		}
		name := advisoryFuncs[t.kw-kwAdvFirst]
		call := AdvisoryCall{Func: name}
		if p.kindAt(i+1, hi) == tLParen {
			m := p.matchOf(i+1, hi)
			for j := i + 2; j < m; j++ {
				if p.toks[j].kind == tParam && p.toks[j].ph >= 0 {
					call.Args = append(call.Args, p.phs[p.toks[j].ph])
				}
			}
		} else if strings.HasPrefix(name, "sp_") {
			// EXEC sp_getapplock @Resource = @r, ...: the @Name before '='
			// names the procedure parameter; the bound value follows it.
			for j := i + 1; j < hi; j++ {
				if p.toks[j].kind == tParam && p.toks[j].ph >= 0 && !p.isOp(j+1, hi, "=") {
					call.Args = append(call.Args, p.phs[p.toks[j].ph])
				}
			}
		} else {
			continue
		}
		st.Advisory = append(st.Advisory, call)
	}
}

// doStmt handles DO [LANGUAGE x] 'body': Kind stays Unknown (the block may do
// anything), but advisory-lock calls in the body are reported.
func (p *parser) doStmt(st *Statement, i, hi int) {
	for k := i + 1; k < hi; k++ {
		var body string
		switch p.toks[k].kind {
		case tDollarStr:
			s := p.text(k)
			tl := dollarTag(s, 0)
			if len(s) >= 2*tl {
				body = s[tl : len(s)-tl]
			} else {
				body = s[tl:]
			}
		case tString:
			s := p.text(k)
			if j := strings.IndexByte(s, '\''); j >= 0 {
				s = s[j+1:]
			}
			s = strings.TrimSuffix(s, "'")
			body = strings.ReplaceAll(s, "''", "'")
		default:
			continue
		}
		toks, _ := lex(body)
		for j := range toks {
			if toks[j].kind == tIdent && isAdvisory(toks[j].kw) && j+1 < len(toks) && toks[j+1].kind == tLParen {
				st.Advisory = append(st.Advisory, AdvisoryCall{Func: advisoryFuncs[toks[j].kw-kwAdvFirst]})
			}
		}
		return
	}
}

func (p *parser) copyStmt(st *Statement, i, hi int) {
	j := i + 1
	if p.kindAt(j, hi) == tLParen {
		j = p.after(p.matchOf(j, hi), hi)
	} else {
		st.Table, j = p.qname(j, hi)
		if p.kindAt(j, hi) == tLParen {
			j = p.after(p.matchOf(j, hi), hi)
		}
	}
	switch p.kwAt(j, hi) {
	case kwFROM:
		st.Kind = Write
	case kwTO:
		st.Kind = Read
	}
}

func (p *parser) explainStmt(st *Statement, i, hi, depth int) {
	j := i + 1
	analyze := false
	if p.kindAt(j, hi) == tLParen {
		m := p.matchOf(j, hi)
		for k := j + 1; k < m; k++ {
			if kk := p.kwAt(k, m); kk == kwANALYZE || kk == kwANALYSE {
				switch p.kwAt(k+1, m) {
				case kwFALSE, kwOFF:
				default:
					if !(p.kindAt(k+1, m) == tNumber && p.text(k+1) == "0") {
						analyze = true
					}
				}
			}
		}
		j = p.after(m, hi)
	}
loop:
	for j < hi {
		switch p.kwAt(j, hi) {
		case kwANALYZE, kwANALYSE:
			analyze = true
			j++
		case kwVERBOSE, kwEXTENDED:
			j++
		case kwQUERY:
			j += 2 // QUERY PLAN (SQLite)
		case kwFORMAT:
			j++
			if p.isOp(j, hi, "=") {
				j++
			}
			j++
		default:
			break loop
		}
	}
	if !analyze {
		return
	}
	switch p.kwAt(j, hi) {
	case kwINSERT, kwUPDATE, kwDELETE, kwMERGE, kwREPLACE, kwWITH:
		// EXPLAIN ANALYZE executes the statement: report the write.
		tmp := &Statement{}
		p.core(tmp, j, hi, depth+1)
		if tmp.Kind == Write {
			st.Kind, st.Verb, st.Table, st.Guards, st.Sets = tmp.Kind, tmp.Verb, tmp.Table, tmp.Guards, tmp.Sets
			st.Upsert, st.Returning = tmp.Upsert, tmp.Returning
		}
	}
}

// skipCTEs parses WITH [RECURSIVE] name [(cols)] AS [NOT] [MATERIALIZED]
// (body) [, ...] starting at the WITH token; it returns the index of the
// main statement and the CTE bodies' token ranges.
func (p *parser) skipCTEs(i, hi int) (int, [][2]int) {
	var bodies [][2]int
	j := i + 1
	if p.is(j, hi, kwRECURSIVE) {
		j++
	}
	for j < hi {
		if k := p.kindAt(j, hi); k != tIdent && k != tQIdent {
			break
		}
		name := strings.ToLower(strings.Trim(p.text(j), "\"`[]"))
		j++
		if p.kindAt(j, hi) == tLParen {
			j = p.after(p.matchOf(j, hi), hi)
		}
		if !p.is(j, hi, kwAS) {
			break
		}
		j++
		if p.is(j, hi, kwNOT) {
			j++
		}
		if p.is(j, hi, kwMATERIALIZED) {
			j++
		}
		if p.kindAt(j, hi) != tLParen {
			break
		}
		m := p.matchOf(j, hi)
		bodies = append(bodies, [2]int{j + 1, m})
		if p.ctes == nil {
			p.ctes = map[string][2]int{}
		}
		p.ctes[name] = [2]int{j + 1, m}
		j = p.after(m, hi)
		// SEARCH / CYCLE clauses run until the next ',' or the main statement.
		for j < hi && p.toks[j].kind != tComma && !p.isMainStart(j, hi) {
			j = p.skip(j, hi)
		}
		if p.kindAt(j, hi) == tComma {
			j++
			continue
		}
		break
	}
	return j, bodies
}

func (p *parser) isMainStart(j, hi int) bool {
	switch p.kwAt(j, hi) {
	case kwSELECT, kwINSERT, kwUPDATE, kwDELETE, kwMERGE, kwVALUES, kwTABLE, kwUPSERT, kwREPLACE:
		return true
	}
	return p.kindAt(j, hi) == tLParen
}

// withStmt analyses the main statement; if it only reads, the first
// data-modifying CTE becomes the effective statement (its verb, table,
// guards and sets), since that write runs regardless of the SELECT.
//
// An INSERT whose rows come from a data-modifying CTE (WITH u AS (UPDATE
// tasks ... WHERE id = $2 RETURNING id, status) INSERT INTO task_events
// SELECT ... FROM u) records that write, row for row: the CTE's write is
// the statement's effect there too.
func (p *parser) withStmt(st *Statement, i, hi, depth int) {
	main, bodies := p.skipCTEs(i, hi)
	p.core(st, main, hi, depth+1)
	if st.Kind == Write && (st.Verb != "INSERT" || !p.insertsFromCTE(main, hi)) {
		return
	}
	for _, b := range bodies {
		switch p.kwAt(b[0], b[1]) {
		case kwINSERT, kwUPDATE, kwDELETE, kwMERGE, kwWITH:
		default:
			continue
		}
		tmp := &Statement{}
		p.core(tmp, b[0], b[1], depth+1)
		if tmp.Kind != Write {
			continue
		}
		// The write in the CTE is the statement's effect: what it compares
		// and assigns, all of it (WITH u AS (UPDATE jobs SET status =
		// 'running' ... RETURNING *) SELECT ... FROM u).
		st.Kind, st.Verb, st.Table, st.Guards, st.Sets = tmp.Kind, tmp.Verb, tmp.Table, tmp.Guards, tmp.Sets
		st.Upsert, st.Returning = tmp.Upsert, tmp.Returning
		st.Clock, st.Literals, st.SetLiterals, st.Assigned, st.Cleared = tmp.Clock, tmp.Literals, tmp.SetLiterals, tmp.Assigned, tmp.Cleared
		return
	}
}

// insertsFromCTE reports whether the main statement in [lo, hi) names a
// CTE of the statement as a table (INSERT ... SELECT ... FROM u).
func (p *parser) insertsFromCTE(lo, hi int) bool {
	for j := lo; j < hi; j++ {
		if k := p.kindAt(j, hi); k != tIdent && k != tQIdent {
			continue
		}
		if j+1 < hi && p.text(j+1) == "." || j > lo && p.text(j-1) == "." {
			continue
		}
		if _, ok := p.ctes[strings.ToLower(strings.Trim(p.text(j), "\"`[]"))]; ok {
			return true
		}
	}
	return false
}

// selInfo is what selectParts extracts from a SELECT.
type selInfo struct {
	items []*node
	names []string // output names: alias, else column name, else ""
	cols  []string // ReadColumns: column name, "*" or ""
	table string
	where *node
	bad   bool // WHERE not parsed completely
	// fromLo, fromHi delimit the FROM clause (for JOIN ... ON guards).
	fromLo, fromHi int
	union          bool // a set operation follows: WHERE does not bind every row
}

// selectParts parses a (possibly parenthesised, possibly WITH-prefixed)
// SELECT in [lo, hi). Items are parsed only when items is true.
func (p *parser) selectParts(lo, hi int, items bool) selInfo {
	var si selInfo
	i := lo
	for i < hi && p.toks[i].kind == tLParen {
		m := p.matchOf(i, hi)
		if p.after(m, hi) < hi {
			si.union = true
		}
		i, hi = i+1, m
	}
	if p.is(i, hi, kwWITH) {
		i, _ = p.skipCTEs(i, hi)
		for i < hi && p.toks[i].kind == tLParen {
			m := p.matchOf(i, hi)
			if p.after(m, hi) < hi {
				si.union = true
			}
			i, hi = i+1, m
		}
	}
	if !p.is(i, hi, kwSELECT) {
		return si
	}
	j := i + 1
mods:
	for j < hi {
		switch p.kwAt(j, hi) {
		case kwDISTINCT:
			j++
			if p.is(j, hi, kwON) && p.kindAt(j+1, hi) == tLParen {
				j = p.after(p.matchOf(j+1, hi), hi)
			}
		case kwALL, kwHIGHPRIORITY:
			j++
		case kwTOP:
			j++
			if p.kindAt(j, hi) == tLParen {
				j = p.after(p.matchOf(j, hi), hi)
			} else {
				j++
			}
			if p.is(j, hi, kwPERCENT) {
				j++
			}
		default:
			if p.kindAt(j, hi) == tIdent {
				if s := p.text(j); len(s) > 4 && equalFoldASCII(s[:4], "sql_") || equalFoldASCII(s, "straight_join") {
					j++
					continue
				}
			}
			break mods
		}
	}
	if items {
		for j < hi {
			e := exprParser{p: p, i: j, hi: hi}
			x := e.expr()
			if x == nil {
				break
			}
			j = e.i
			name := ""
			switch {
			case p.is(j, hi, kwAS):
				j++
				if k := p.kindAt(j, hi); k == tIdent || k == tQIdent || k == tString {
					name = p.aliasName(j)
					j++
				}
			case p.kindAt(j, hi) == tQIdent || p.kindAt(j, hi) == tIdent && !stopKeyword(p.toks[j].kw):
				name = p.aliasName(j)
				j++
			}
			rc := readCol(x)
			if name == "" && rc != "*" {
				name = rc
			}
			si.items = append(si.items, x)
			si.names = append(si.names, name)
			si.cols = append(si.cols, rc)
			if p.kindAt(j, hi) == tComma {
				j++
				continue
			}
			break
		}
	}
	f := p.find(j, hi, kwFROM, kwWHERE, kwUNION, kwINTERSECT, kwEXCEPT)
	if p.is(f, hi, kwFROM) {
		k := f + 1
		for p.is(k, hi, kwONLY) || p.is(k, hi, kwLATERAL) {
			k++
		}
		switch p.kindAt(k, hi) {
		case tIdent, tQIdent, tLBrack:
			si.table, _ = p.qname(k, hi)
		}
		f = p.find(f, hi, kwWHERE, kwUNION, kwINTERSECT, kwEXCEPT, kwGROUP, kwORDER, kwLIMIT, kwFOR, kwWINDOW, kwHAVING)
		si.fromLo, si.fromHi = k, f
		if !p.is(f, hi, kwWHERE) {
			f = p.find(f, hi, kwWHERE, kwUNION, kwINTERSECT, kwEXCEPT)
		}
	}
	next := f
	if p.is(f, hi, kwWHERE) {
		si.where, si.bad, next = p.predicate(f+1, hi)
		if next <= f {
			next = f + 1
		}
	}
	if p.find(next, hi, kwUNION, kwINTERSECT, kwEXCEPT) < hi {
		si.union = true
	}
	return si
}

// aliasName returns a lower-case alias from an identifier or string token.
func (p *parser) aliasName(j int) string {
	if p.toks[j].kind == tString {
		s := p.text(j)
		if k := strings.IndexByte(s, '\''); k >= 0 {
			s = s[k+1:]
		}
		return lowerASCII(strings.TrimSuffix(s, "'"))
	}
	return lowerASCII(p.identRaw(j))
}

// readCol names a select-list item for ReadColumns.
func readCol(n *node) string {
	for steps := 0; n != nil && steps < 64; steps++ {
		switch n.kind {
		case nParen, nCast:
			n = n.kids[0]
		case nFunc:
			if len(n.kids) == 2 && inList(n.name, nullFuncs[:]) && isConst(n.kids[1]) {
				n = n.kids[0]
				continue
			}
			return ""
		case nCol:
			return lowerASCII(n.name)
		case nOther:
			if n.op == "*" {
				return "*"
			}
			return ""
		default:
			return ""
		}
	}
	return ""
}

func (p *parser) selectStmt(st *Statement, i, hi int) {
	si := p.selectParts(i, hi, true)
	st.ReadColumns, st.Table = si.cols, si.table
	w := walker{p: p, out: &st.Guards, clk: &st.Clock, clause: "where"}
	locking := p.isLocking(p.stLo, p.stHi)
	if locking {
		w.lits = &st.Literals // the rows it locks are those in the state it compares
	}
	p.walkSelect(&w, &si, true)
	if locking {
		st.Kind = LockingRead
	}
}

// predicate parses a predicate that should run to a clause end. If it does
// not, the rest up to the clause end is parsed piecemeal so comparisons in
// it are still found; bad tells callers to treat them all as Weak.
func (p *parser) predicate(i, hi int) (x *node, bad bool, end int) {
	return p.predicateTo(i, hi, false)
}

// predicateTo is predicate; with comma, a ',' also ends the predicate
// cleanly (a JOIN ... ON condition followed by another FROM item).
func (p *parser) predicateTo(i, hi int, comma bool) (x *node, bad bool, end int) {
	e := exprParser{p: p, i: i, hi: hi}
	x = e.expr()
	isEnd := func(j int) bool { return p.isClauseEnd(j, hi) || comma && p.kindAt(j, hi) == tComma }
	if !e.bad && x != nil && isEnd(e.i) {
		return x, false, e.i
	}
	var all []*node
	if x != nil {
		all = append(all, x)
	}
	for e.i < hi && !isEnd(e.i) {
		e.i = p.skip(e.i, hi)
		if y := e.expr(); y != nil {
			all = append(all, y)
		}
	}
	return p.mk(node{kind: nOther, kids: all}), true, e.i
}

// joinGuards records guards from JOIN ... ON conditions in [lo, hi) with
// Clause "join", and from the WHERE of derived tables with Clause "from". An inner join's ON must hold for the target row to take
// part, like a WHERE conjunct; the ON of a LEFT/RIGHT/FULL join does not
// filter every side, so its guards are Weak.
func (p *parser) joinGuards(w *walker, lo, hi int, strong bool) {
	clause := w.clause
	w.clause = "join"
	outer := false
	for j := lo; j < hi; {
		switch p.kwAt(j, hi) {
		case kwLEFT, kwRIGHT, kwFULL:
			outer = true
		case kwON:
			x, bad, end := p.predicateTo(j+1, hi, true)
			w.walk(x, strong && !outer && !bad)
			outer = false
			j = max(end, j+1)
			continue
		}
		if p.kindAt(j, hi) == tLParen && p.isQueryStart(j+1, hi) {
			// A derived table restricts the join like its WHERE would:
			// FROM (SELECT ... WHERE token = $2) l.
			m := p.matchOf(j, hi)
			w.clause = "from"
			w.sub(&node{kind: nSub, lo: j + 1, hi: m}, strong && !outer)
			w.clause = "join"
		}
		if body, ok := p.cteRef(j, hi); ok {
			// So does a CTE the FROM names: WITH next AS (SELECT id FROM
			// jobs WHERE status = 'pending' ... FOR UPDATE SKIP LOCKED)
			// UPDATE jobs SET ... FROM next WHERE jobs.id = next.id.
			w.clause = "from"
			w.sub(&node{kind: nSub, lo: body[0], hi: body[1]}, strong && !outer)
			w.clause = "join"
		}
		j = p.skip(j, hi)
	}
	w.clause = clause
}

// cteRef reports whether the token at j names a CTE of the statement (a
// table reference, not a qualified column: no '.' follows), and the
// CTE's body.
func (p *parser) cteRef(j, hi int) ([2]int, bool) {
	if len(p.ctes) == 0 || !p.writing {
		return [2]int{}, false
	}
	if k := p.kindAt(j, hi); k != tIdent && k != tQIdent {
		return [2]int{}, false
	}
	if j+1 < hi && p.text(j+1) == "." || j > p.stLo && p.text(j-1) == "." {
		return [2]int{}, false
	}
	body, ok := p.ctes[strings.ToLower(strings.Trim(p.text(j), "\"`[]"))]
	return body, ok
}

// walkSelect records the guards of a SELECT's joins and WHERE.
func (p *parser) walkSelect(w *walker, si *selInfo, strong bool) {
	strong = strong && !si.union
	p.joinGuards(w, si.fromLo, si.fromHi, strong)
	if si.where != nil {
		w.walk(si.where, strong && !si.bad)
	}
}

// where parses a WHERE predicate starting at i and records its guards.
// It returns the index where the predicate ended.
func (p *parser) where(w *walker, i, hi int, strong bool) int {
	x, bad, end := p.predicate(i, hi)
	w.walk(x, strong && !bad)
	if end <= i {
		return i + 1
	}
	return end
}

// assignments parses "a = x, (b, c) = (y, z), ..." starting at i. bad is
// set when the list could not be parsed cleanly.
func (p *parser) assignments(i, hi int) (as []assign, next int, bad bool) {
	for i < hi {
		var one [1]string
		var cols []string
		switch p.toks[i].kind {
		case tLParen:
			cols = p.colList(i, hi)
			i = p.after(p.matchOf(i, hi), hi)
		case tIdent, tQIdent, tLBrack:
			one[0], i = p.qname(i, hi)
			cols = one[:]
			for p.kindAt(i, hi) == tLBrack {
				i = p.skipBrackets(i, hi)
			}
		default:
			return as, i, true
		}
		if !p.isOp(i, hi, "=") {
			return as, i, true
		}
		i++
		e := exprParser{p: p, i: i, hi: hi}
		rhs := e.need(e.expr())
		bad = bad || e.bad
		i = e.i
		if t := unwrapParen(rhs); len(cols) > 1 && t.kind == nTuple && len(t.kids) == len(cols) {
			for k, c := range cols {
				as = append(as, assign{col: c, rhs: t.kids[k]})
			}
		} else {
			for _, c := range cols {
				as = append(as, assign{col: c, rhs: rhs})
			}
		}
		if p.kindAt(i, hi) == tComma {
			i++
			continue
		}
		break
	}
	return as, i, bad
}

// applyAssignments records the Sets of an assignment list and its guards.
func (p *parser) applyAssignments(st *Statement, w *walker, as []assign, bad bool) {
	w.addSets(st, as)
	for _, a := range as {
		if v, ok := constValue(a.rhs); ok && a.col != "" {
			st.SetLiterals = append(st.SetLiterals, Literal{Column: a.col, Value: v, Clause: "set", Strong: true})
		}
		if a.col != "" && !slices.Contains(st.Assigned, a.col) {
			st.Assigned = append(st.Assigned, a.col)
			if r := unwrapParen(a.rhs); r != nil && r.kind == nLit && r.op == "null" {
				st.Cleared = append(st.Cleared, a.col)
			}
		}
	}
	if bad {
		for _, a := range as {
			w.walk(a.rhs, false)
		}
		return
	}
	w.setGuards(as)
}

func (p *parser) updateStmt(st *Statement, i, hi int) {
	j := i + 1
mods:
	for j < hi {
		switch p.kwAt(j, hi) {
		case kwONLY, kwLOWPRIORITY, kwIGNORE:
			j++
		case kwTOP:
			j = p.skip(j+1, hi)
			if p.is(j, hi, kwPERCENT) {
				j++
			}
		default:
			break mods
		}
	}
	st.Table, j = p.qname(j, hi)
	s := p.find(j, hi, kwSET)
	if s >= hi {
		return
	}
	w := &walker{p: p, out: &st.Guards, clk: &st.Clock, clause: "set"}
	p.writing = true
	defer func() { p.writing = false }()
	p.joinGuards(w, j, s, true)
	as, j, bad := p.assignments(s+1, hi)
	p.applyAssignments(st, w, as, bad)
	w.clause = "where"
	w.lits = &st.Literals
	for j < hi {
		switch p.kwAt(j, hi) {
		case kwFROM:
			e := p.find(j+1, hi, kwWHERE, kwRETURNING, kwOUTPUT, kwORDER, kwLIMIT, kwOPTION)
			p.joinGuards(w, j+1, e, true)
			j = e
			continue
		case kwWHERE:
			if p.is(j+1, hi, kwCURRENT) && p.is(j+2, hi, kwOF) {
				j += 3
				continue
			}
			j = p.where(w, j+1, hi, true)
			continue
		case kwRETURNING:
			st.Returning = true
		}
		j = p.skip(j, hi)
	}
}

func (p *parser) deleteStmt(st *Statement, i, hi int) {
	j := i + 1
mods:
	for j < hi {
		switch p.kwAt(j, hi) {
		case kwLOWPRIORITY, kwQUICK, kwIGNORE:
			j++
		case kwTOP:
			j = p.skip(j+1, hi)
			if p.is(j, hi, kwPERCENT) {
				j++
			}
		default:
			break mods
		}
	}
	if p.is(j, hi, kwFROM) {
		j++
	}
	if p.is(j, hi, kwONLY) {
		j++
	}
	st.Table, j = p.qname(j, hi)
	w := &walker{p: p, out: &st.Guards, clk: &st.Clock, clause: "where"}
	e := p.find(j, hi, kwWHERE, kwRETURNING, kwOUTPUT, kwORDER, kwLIMIT, kwOPTION)
	p.writing = true
	defer func() { p.writing = false }()
	p.joinGuards(w, j, e, true)
	j = e
	for j < hi {
		switch p.kwAt(j, hi) {
		case kwWHERE:
			if p.is(j+1, hi, kwCURRENT) && p.is(j+2, hi, kwOF) {
				j += 3
				continue
			}
			w.lits = &st.Literals // the state of the records it deletes
			j = p.where(w, j+1, hi, true)
			continue
		case kwRETURNING:
			st.Returning = true
		}
		j = p.skip(j, hi)
	}
}

// valuesRows parses VALUES (..), (..) starting after the VALUES keyword.
func (p *parser) valuesRows(j, hi int) ([][]*node, int) {
	var rows [][]*node
	for p.kindAt(j, hi) == tLParen || p.is(j, hi, kwROW) && p.kindAt(j+1, hi) == tLParen {
		if p.is(j, hi, kwROW) {
			j++
		}
		m := p.matchOf(j, hi)
		e := exprParser{p: p, i: j, hi: hi}
		rows = append(rows, e.list(j+1, m))
		j = p.after(m, hi)
		if p.kindAt(j, hi) != tComma {
			break
		}
		j++
	}
	return rows, j
}

func (p *parser) insertStmt(st *Statement, i, hi int) {
	if p.toks[i].kw == kwUPSERT {
		st.Upsert = true
	}
	j := i + 1
mods:
	for j < hi {
		switch p.kwAt(j, hi) {
		case kwLOWPRIORITY, kwHIGHPRIORITY, kwDELAYED, kwIGNORE:
			j++
		case kwOR:
			j += 2 // SQLite INSERT OR REPLACE / OR IGNORE ...
		default:
			break mods
		}
	}
	if p.is(j, hi, kwINTO) {
		j++
	}
	st.Table, j = p.qname(j, hi)
	if p.is(j, hi, kwAS) && p.kindAt(j+1, hi) != tLParen {
		j += 2 // INSERT INTO t AS alias (PostgreSQL)
	}
	m := &mapping{}
	if p.kindAt(j, hi) == tLParen && !p.isQueryStart(j+1, hi) {
		m.cols = p.colList(j, hi)
		j = p.after(p.matchOf(j, hi), hi)
	}
	for j < hi {
		switch p.kwAt(j, hi) {
		case kwVALUES, kwVALUE, kwSELECT, kwWITH, kwDEFAULT, kwSET, kwTABLE, kwON, kwRETURNING:
		default:
			if p.kindAt(j, hi) != tLParen {
				j = p.skip(j, hi) // OVERRIDING ..., OUTPUT ... (SQL Server)
				continue
			}
		}
		break
	}
	w := &walker{p: p, out: &st.Guards, clk: &st.Clock, clause: "where", m: m}
	switch p.kwAt(j, hi) {
	case kwVALUES, kwVALUE:
		m.rows, j = p.valuesRows(j+1, hi)
	case kwSET:
		// MySQL INSERT ... SET a = x, b = y
		as, next, _ := p.assignments(j+1, hi)
		j = next
		row := make([]*node, len(as))
		m.cols = make([]string, len(as))
		for k, a := range as {
			m.cols[k], row[k] = a.col, a.rhs
		}
		m.rows = [][]*node{row}
	case kwDEFAULT:
		j += 2
	default:
		if p.is(j, hi, kwSELECT) || p.is(j, hi, kwWITH) || p.kindAt(j, hi) == tLParen {
			end := j
			for end < hi {
				if p.is(end, hi, kwON) && (p.is(end+1, hi, kwCONFLICT) || p.is(end+1, hi, kwDUPLICATE)) || p.is(end, hi, kwRETURNING) {
					break
				}
				end = p.skip(end, hi)
			}
			si := p.selectParts(j, end, true)
			m.rows = [][]*node{si.items}
			p.walkSelect(w, &si, true)
			j = end
		}
	}
	for _, row := range m.rows {
		for k, x := range row {
			col := ""
			if k < len(m.cols) {
				col = m.cols[k]
			}
			plain, isPlain := plainParam(x)
			w.paramsIn(x, func(ph int32) { st.addSet(col, p.phs[ph], isPlain && ph == plain) })
		}
	}
	st.Inserted = m.cols
	// MySQL 8 row alias: VALUES (...) AS new [(a, b)]
	if p.is(j, hi, kwAS) && (p.kindAt(j+1, hi) == tIdent || p.kindAt(j+1, hi) == tQIdent) {
		q := qualMap{qual: p.identRaw(j + 1)}
		j += 2
		if p.kindAt(j, hi) == tLParen {
			q.cols = p.colList(j, hi)
			j = p.after(p.matchOf(j, hi), hi)
		}
		m.quals = append(m.quals, q)
	}
	switch {
	case p.is(j, hi, kwON) && p.is(j+1, hi, kwCONFLICT):
		j += 2
		if p.kindAt(j, hi) == tLParen {
			j = p.after(p.matchOf(j, hi), hi)
		}
		if p.is(j, hi, kwON) && p.is(j+1, hi, kwCONSTRAINT) {
			_, j = p.qname(j+2, hi)
		}
		if p.is(j, hi, kwWHERE) {
			// Conflict-target index predicate: not a guard.
			e := exprParser{p: p, i: j + 1, hi: hi}
			e.expr()
			j = e.i
		}
		if p.is(j, hi, kwDO) && p.is(j+1, hi, kwUPDATE) {
			st.Upsert = true
			j += 2
			if p.is(j, hi, kwSET) {
				j++
			}
			m.quals = append(m.quals, qualMap{qual: "excluded"})
			w.clause = "on conflict"
			as, next, bad := p.assignments(j, hi)
			p.applyAssignments(st, w, as, bad)
			j = next
			if p.is(j, hi, kwWHERE) {
				j = p.where(w, j+1, hi, true)
			}
		}
	case p.is(j, hi, kwON) && p.is(j+1, hi, kwDUPLICATE):
		j += 2
		if p.is(j, hi, kwKEY) {
			j++
		}
		if p.is(j, hi, kwUPDATE) {
			j++
		}
		st.Upsert = true
		m.valuesFn = true
		w.clause = "on duplicate key update"
		as, next, bad := p.assignments(j, hi)
		p.applyAssignments(st, w, as, bad)
		j = next
	}
	if p.find(j, hi, kwRETURNING) < hi {
		st.Returning = true
	}
}

// mergeBranch is one WHEN clause of a MERGE.
type mergeBranch struct {
	notMatched, bySource bool
	cond                 *node
	condBad              bool
	write, insert        bool
}

func (p *parser) mergeStmt(st *Statement, i, hi int) {
	st.Upsert = true
	j := i + 1
	if p.is(j, hi, kwINTO) {
		j++
	}
	st.Table, j = p.qname(j, hi)
	if p.is(j, hi, kwWITH) && p.kindAt(j+1, hi) == tLParen {
		j = p.after(p.matchOf(j+1, hi), hi) // SQL Server table hint
	}
	if p.is(j, hi, kwAS) {
		j++
	}
	if k := p.kindAt(j, hi); k == tQIdent || k == tIdent && p.toks[j].kw != kwUSING {
		j++
	}
	if !p.is(j, hi, kwUSING) {
		return
	}
	j++
	m := &mapping{}
	if p.kindAt(j, hi) == tLParen {
		me := p.matchOf(j, hi)
		k := j + 1
		if p.is(k, me, kwVALUES) {
			m.rows, _ = p.valuesRows(k+1, me)
		} else if p.isQueryStart(k, me) {
			si := p.selectParts(k, me, true)
			m.rows = [][]*node{si.items}
			m.cols = si.names
		}
		j = p.after(me, hi)
	} else {
		_, j = p.qname(j, hi)
	}
	if p.is(j, hi, kwAS) {
		j++
	}
	if k := p.kindAt(j, hi); k == tQIdent || k == tIdent && p.toks[j].kw != kwON {
		m.quals = []qualMap{{qual: p.identRaw(j)}}
		j++
	}
	if p.kindAt(j, hi) == tLParen {
		m.cols = p.colList(j, hi)
		j = p.after(p.matchOf(j, hi), hi)
	}
	if !p.is(j, hi, kwON) {
		return
	}
	on, onBad, j := p.predicate(j+1, hi)
	w := &walker{p: p, out: &st.Guards, clk: &st.Clock, clause: "merge", m: m}
	var branches []mergeBranch
	for p.is(j, hi, kwWHEN) {
		j++
		var b mergeBranch
		if p.is(j, hi, kwNOT) {
			b.notMatched = true
			j++
		}
		if p.is(j, hi, kwMATCHED) {
			j++
		}
		if p.is(j, hi, kwBY) {
			b.bySource = p.is(j+1, hi, kwSOURCE)
			j += 2
		}
		if p.is(j, hi, kwAND) {
			b.cond, b.condBad, j = p.predicate(j+1, hi)
		}
		if p.is(j, hi, kwTHEN) {
			j++
		}
		switch p.kwAt(j, hi) {
		case kwUPDATE:
			j++
			if p.is(j, hi, kwSET) {
				j++
			}
			as, next, _ := p.assignments(j, hi)
			w.addSets(st, as)
			for _, a := range as {
				w.walk(a.rhs, false)
			}
			j = next
			b.write = true
			if p.is(j, hi, kwWHERE) { // Oracle: WHEN MATCHED THEN UPDATE SET ... WHERE cond
				c, bad, end := p.predicate(j+1, hi)
				if b.cond == nil {
					b.cond = c
				} else {
					b.cond = p.mk(node{kind: nAnd}, b.cond, c)
				}
				b.condBad = b.condBad || bad
				j = end
			}
		case kwDELETE:
			j++
			b.write = true
		case kwINSERT:
			j++
			b.insert = true
			var cols []string
			if p.kindAt(j, hi) == tLParen {
				cols = p.colList(j, hi)
				j = p.after(p.matchOf(j, hi), hi)
			}
			if p.is(j, hi, kwVALUES) && p.kindAt(j+1, hi) == tLParen {
				me := p.matchOf(j+1, hi)
				e := exprParser{p: p, i: j + 1, hi: hi}
				for k, x := range e.list(j+2, me) {
					col := ""
					if k < len(cols) {
						col = cols[k]
					}
					plain, isPlain := plainParam(x)
					w.paramsIn(x, func(ph int32) { st.addSet(col, p.phs[ph], isPlain && ph == plain) })
				}
				j = p.after(me, hi)
			}
		}
		branches = append(branches, b)
		for j < hi && !p.is(j, hi, kwWHEN) {
			if p.is(j, hi, kwRETURNING) {
				st.Returning = true
			}
			j = p.skip(j, hi)
		}
	}
	// A failed ON sends the row to WHEN NOT MATCHED (an INSERT) or, for
	// BY SOURCE branches, acts on the unmatched target row: only without
	// those branches does the ON condition reject the write.
	onStrong := !onBad
	for _, b := range branches {
		if b.bySource || b.notMatched && b.insert {
			onStrong = false
		}
	}
	w.clause = "merge on"
	w.walk(on, onStrong)
	// A WHEN MATCHED condition fences only if every matched write branch
	// carries it.
	w.clause = "merge"
	start := len(st.Guards)
	var bounds []int
	uncond := false
	for _, b := range branches {
		if b.notMatched || !b.write {
			continue
		}
		if b.cond == nil {
			uncond = true
			continue
		}
		bounds = append(bounds, len(st.Guards))
		w.walk(b.cond, !b.condBad)
	}
	bounds = append(bounds, len(st.Guards))
	intersectStrong(st.Guards, start, bounds, uncond)
	for _, b := range branches {
		if b.notMatched && b.cond != nil {
			w.walk(b.cond, false)
		}
	}
}

// intersectStrong keeps Strong only for guards in out[start:] that appear
// (same column, op and placeholder, strong) in every segment
// out[bounds[k]:bounds[k+1]]; with none set, all become Weak.
func intersectStrong(out []Guard, start int, bounds []int, none bool) {
	for i := start; i < len(out); i++ {
		if !out[i].Strong {
			continue
		}
		if none {
			out[i].Strong = false
			continue
		}
		for k := 0; k+1 < len(bounds); k++ {
			found := false
			for j := bounds[k]; j < bounds[k+1]; j++ {
				if out[j].Strong && out[j].Column == out[i].Column && out[j].Op == out[i].Op && out[j].Param == out[i].Param {
					found = true
					break
				}
			}
			if !found {
				out[i].Strong = false
				break
			}
		}
	}
}
