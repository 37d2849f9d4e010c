package sqlfence

// The expression parser builds a small tree for predicates and assignment
// right-hand sides. It is tolerant: it stops at the first token it cannot
// use, and reports through bad whether anything was skipped or missing, so
// callers can downgrade guards they are no longer sure about.

type nkind uint8

const (
	nOther   nkind = iota // opaque expression
	nCol                  // column reference
	nParam                // placeholder
	nLit                  // string, NULL, TRUE, CURRENT_TIMESTAMP, typed literal, ...
	nNum                  // numeric literal (possibly negated)
	nAnd                  // kids: conjuncts
	nOr                   // kids: disjuncts
	nNot                  // kids[0]
	nCmp                  // kids[0] op kids[1]
	nBetween              // kids: x, low, high; neg for NOT BETWEEN; op "symmetric"
	nIn                   // kids[0] IN kids[1:]; neg for NOT IN; a subquery is a single nSub kid
	nIs                   // kids[0] IS [NOT] op; neg for IS NOT
	nFunc                 // name(kids...)
	nCast                 // CAST(kids[0] AS t), kids[0]::t
	nArith                // kids[0] op kids[1] (arithmetic, concatenation, other operators)
	nCase                 // CASE: see caseExpr for the kid layout
	nSub                  // (subquery): token range lo..hi
	nExists               // EXISTS (subquery): token range lo..hi
	nTuple                // (a, b, ...) or ROW(a, b)
	nParen                // (kids[0])
)

type node struct {
	kind   nkind
	neg    bool
	els    bool // nCase: has an ELSE branch (last kid)
	simple bool // nCase: CASE operand WHEN ... (kids[0] is the operand)
	op     string
	name   string // nCol: column (unquoted, not lower-cased); nFunc: lower-case function name
	qual   string // nCol: qualifier (unquoted, not lower-cased)
	ph     int32  // nParam: placeholder index
	val    string // nLit, nNum: the constant's source text ('used', -1, true); "" for other literals
	lo, hi int    // nSub, nExists: the subquery's tokens
	kids   []*node
	pair   [2]*node // inline storage for kids (see parser.mk)
}

// maxDepth bounds recursion on hostile input (deeply nested parentheses,
// NOT NOT NOT ...): deeper groups are skipped as opaque and marked bad.
const maxDepth = 200

type exprParser struct {
	p     *parser
	i, hi int
	depth int
	bad   bool
}

func (e *exprParser) tok() *token {
	if e.i < e.hi {
		return &e.p.toks[e.i]
	}
	return nil
}

func (e *exprParser) atKw(k kw) bool { return e.p.is(e.i, e.hi, k) }

func (e *exprParser) atKind(k tokKind) bool { return e.i < e.hi && e.p.toks[e.i].kind == k }

func (e *exprParser) need(n *node) *node {
	if n == nil {
		e.bad = true
		return e.p.mk(node{kind: nOther})
	}
	return n
}

func (e *exprParser) expr() *node {
	if e.depth > maxDepth {
		e.bad = true
		return nil
	}
	e.depth++
	n := e.or()
	e.depth--
	return n
}

func (e *exprParser) or() *node {
	l := e.and()
	if l == nil || !(e.atKw(kwOR) || e.atKw(kwXOR)) {
		return l
	}
	n := e.p.mk(node{kind: nOr}, l)
	for e.atKw(kwOR) || e.atKw(kwXOR) {
		e.i++
		n.kids = append(n.kids, e.need(e.and()))
	}
	return n
}

func (e *exprParser) and() *node {
	l := e.not()
	if l == nil || !e.atKw(kwAND) {
		return l
	}
	n := e.p.mk(node{kind: nAnd}, l)
	for e.atKw(kwAND) {
		e.i++
		n.kids = append(n.kids, e.need(e.not()))
	}
	return n
}

func (e *exprParser) not() *node {
	if e.atKw(kwNOT) {
		if e.depth > maxDepth {
			e.bad = true
			return nil
		}
		e.i++
		e.depth++
		k := e.need(e.not())
		e.depth--
		return e.p.mk(node{kind: nNot}, k)
	}
	return e.pred()
}

// cmpOp normalises a comparison operator; "" if s is not one.
func cmpOp(s string) string {
	switch s {
	case "=", "==", "<=>":
		return "="
	case "<>", "!=":
		return "<>"
	case "<", "<=", ">", ">=":
		return s
	}
	return ""
}

func (e *exprParser) pred() *node {
	l := e.add()
	if l == nil {
		return nil
	}
	for e.i < e.hi {
		t := &e.p.toks[e.i]
		switch t.kind {
		case tOp:
			op := cmpOp(e.p.text(e.i))
			if op == "" {
				return l
			}
			e.i++
			r := e.need(e.add())
			l = e.p.mk(node{kind: nCmp, op: op}, l, r)
			continue
		case tIdent:
		default:
			return l
		}
		neg := false
		k := t.kw
		if k == kwNOT {
			switch e.p.kwAt(e.i+1, e.hi) {
			case kwIN, kwBETWEEN, kwLIKE, kwILIKE, kwSIMILAR, kwREGEXP, kwRLIKE, kwGLOB:
				neg = true
				e.i++
				k = e.p.toks[e.i].kw
			default:
				return l
			}
		}
		switch k {
		case kwIS:
			e.i++
			n := e.p.mk(node{kind: nIs}, l)
			if e.atKw(kwNOT) {
				n.neg = true
				e.i++
			}
			switch {
			case e.atKw(kwDISTINCT) && e.p.is(e.i+1, e.hi, kwFROM):
				e.i += 2
				n.op = "distinct"
				n.kids = append(n.kids, e.need(e.add()))
			case e.atKind(tIdent):
				switch e.p.toks[e.i].kw {
				case kwNULL:
					n.op = "null"
				case kwTRUE:
					n.op = "true"
				case kwFALSE:
					n.op = "false"
				default:
					n.op = "other"
				}
				e.i++
			default:
				e.bad = true
			}
			l = n
		case kwISNULL, kwNOTNULL:
			e.i++
			l = e.p.mk(node{kind: nIs, op: "null", neg: k == kwNOTNULL}, l)
		case kwIN:
			e.i++
			n := e.p.mk(node{kind: nIn, neg: neg}, l)
			if e.atKind(tLParen) {
				m := e.p.matchOf(e.i, e.hi)
				if e.p.isQueryStart(e.i+1, m) {
					n.kids = append(n.kids, e.p.mk(node{kind: nSub, lo: e.i + 1, hi: m}))
				} else {
					n.kids = append(n.kids, e.list(e.i+1, m)...)
				}
				e.i = e.p.after(m, e.hi)
			} else {
				n.kids = append(n.kids, e.need(e.add()))
			}
			l = n
		case kwBETWEEN:
			e.i++
			n := e.p.mk(node{kind: nBetween, neg: neg})
			if e.atKw(kwSYMMETRIC) {
				n.op = "symmetric"
				e.i++
			} else if e.atKw(kwASYMMETRIC) {
				e.i++
			}
			low := e.need(e.add())
			if e.atKw(kwAND) {
				e.i++
			} else {
				e.bad = true
			}
			high := e.need(e.add())
			n.kids = []*node{l, low, high}
			l = n
		case kwLIKE, kwILIKE, kwREGEXP, kwRLIKE, kwGLOB, kwSIMILAR:
			e.i++
			if k == kwSIMILAR {
				if e.atKw(kwTO) {
					e.i++
				} else {
					e.bad = true
				}
			}
			r := e.need(e.add())
			n := e.p.mk(node{kind: nOther, op: "like", neg: neg}, l, r)
			if e.atKw(kwESCAPE) {
				e.i++
				n.kids = append(n.kids, e.need(e.add()))
			}
			l = n
		default:
			return l
		}
	}
	return l
}

// list parses a comma-separated expression list filling lo..hi exactly;
// leftovers mark the parse bad.
func (e *exprParser) list(lo, hi int) []*node {
	sub := exprParser{p: e.p, i: lo, hi: hi, depth: e.depth + 1}
	var out []*node
	for sub.i < hi {
		x := sub.expr()
		if x == nil {
			break
		}
		out = append(out, x)
		if sub.atKind(tComma) {
			sub.i++
			continue
		}
		break
	}
	if sub.i < hi || sub.bad {
		e.bad = true
	}
	return out
}

// isAddOp reports whether an operator token binds like + (everything that
// is neither a comparison nor * / %): arithmetic, ||, JSON and array operators.
func isAddOp(s string) bool {
	if cmpOp(s) != "" {
		return false
	}
	switch s {
	case "*", "/", "%", ":":
		return false
	}
	return true
}

func (e *exprParser) add() *node {
	l := e.mul()
	if l == nil {
		return nil
	}
	for e.atKind(tOp) && isAddOp(e.p.text(e.i)) {
		op := e.p.text(e.i)
		e.i++
		r := e.need(e.mul())
		l = e.p.mk(node{kind: nArith, op: op}, l, r)
	}
	return l
}

func (e *exprParser) mul() *node {
	l := e.unary()
	if l == nil {
		return nil
	}
	for {
		var op string
		switch {
		case e.atKind(tOp):
			switch s := e.p.text(e.i); s {
			case "*", "/", "%":
				op = s
			}
		case e.atKw(kwDIV), e.atKw(kwMOD):
			op = "div"
		}
		if op == "" {
			return l
		}
		e.i++
		r := e.need(e.unary())
		l = e.p.mk(node{kind: nArith, op: op}, l, r)
	}
}

func (e *exprParser) unary() *node {
	if e.atKind(tOp) {
		switch s := e.p.text(e.i); s {
		case "-", "+", "~", "!":
			if e.depth > maxDepth {
				e.bad = true
				return nil
			}
			e.i++
			e.depth++
			x := e.need(e.unary())
			e.depth--
			if x.kind == nNum && (s == "-" || s == "+") {
				if s == "-" && x.val != "" {
					x.val = "-" + x.val
				}
				return x
			}
			if s == "+" {
				return x
			}
			return e.p.mk(node{kind: nOther, op: s}, x)
		}
	}
	x := e.primary()
	if x == nil {
		return nil
	}
	return e.postfix(x)
}

func (e *exprParser) postfix(x *node) *node {
	for e.i < e.hi {
		t := &e.p.toks[e.i]
		switch {
		case t.kind == tCast:
			e.i++
			e.typeName()
			x = e.p.mk(node{kind: nCast}, x)
		case t.kind == tLBrack:
			e.i = e.p.skipBrackets(e.i, e.hi)
			x = e.p.mk(node{kind: nOther, op: "[]"}, x)
		case t.kind == tDot && x.kind == nParen:
			// (composite).field
			e.i++
			if e.atKind(tIdent) || e.atKind(tQIdent) || e.p.isOp(e.i, e.hi, "*") {
				e.i++
			}
			x = e.p.mk(node{kind: nOther}, x)
		case t.kw == kwCOLLATE && t.kind == tIdent:
			e.i++
			_, e.i = e.p.qname(e.i, e.hi)
		case t.kw == kwAT && t.kind == tIdent && e.p.is(e.i+1, e.hi, kwTIME) && e.p.is(e.i+2, e.hi, kwZONE):
			e.i += 3
			z := e.need(e.unary())
			x = e.p.mk(node{kind: nOther}, x, z)
		default:
			return x
		}
	}
	return x
}

// typeName skips a type after '::': a qualified name, multi-word SQL types
// (double precision, timestamp with time zone), (n[,m]) and [] suffixes.
func (e *exprParser) typeName() {
	if !(e.atKind(tIdent) || e.atKind(tQIdent)) {
		e.bad = true
		return
	}
	_, e.i = e.p.qname(e.i, e.hi)
	for e.atKind(tIdent) {
		switch lowerASCII(e.p.text(e.i)) {
		case "precision", "varying", "without", "time", "zone", "unsigned", "signed":
			e.i++
			continue
		case "with":
			if e.p.is(e.i+1, e.hi, kwTIME) {
				e.i++
				continue
			}
		}
		break
	}
	if e.atKind(tLParen) {
		e.i = e.p.after(e.p.matchOf(e.i, e.hi), e.hi)
	}
	for e.atKind(tLBrack) {
		e.i = e.p.skipBrackets(e.i, e.hi)
	}
}

var typedLiteralTypes = [...]string{"date", "time", "timestamp", "timestamptz", "jsonb", "json",
	"uuid", "inet", "cidr", "numeric", "decimal", "int", "integer", "bigint", "smallint", "text",
	"bytea", "boolean", "bool", "real", "varchar", "char", "float", "double", "money"}

var intervalUnits = [...]string{"microsecond", "second", "minute", "hour", "day", "week", "month",
	"quarter", "year", "second_microsecond", "minute_microsecond", "minute_second",
	"hour_microsecond", "hour_second", "hour_minute", "day_microsecond", "day_second",
	"day_minute", "day_hour", "year_month", "seconds", "minutes", "hours", "days"}

func inList(s string, list []string) bool {
	for _, x := range list {
		if equalFoldASCII(s, x) {
			return true
		}
	}
	return false
}

// funcKeywords are keywords that still name a function when followed by '('.
func funcKeyword(k kw) bool {
	switch k {
	case kwVALUES, kwLEFT, kwRIGHT, kwIF, kwREPLACE, kwINSERT, kwANY, kwALL, kwSOME,
		kwFORMAT, kwMOD, kwTIME, kwDEFAULT, kwKEY, kwDATA, kwCURRENT, kwUNKNOWN:
		return true
	}
	return false
}

// stopKeyword reports keywords that cannot start an operand: meeting one
// where an operand is expected ends the expression.
func stopKeyword(k kw) bool {
	switch k {
	case kwSELECT, kwINSERT, kwUPDATE, kwDELETE, kwMERGE, kwWITH, kwVALUES, kwTABLE,
		kwFROM, kwWHERE, kwRETURNING, kwORDER, kwLIMIT, kwOFFSET, kwGROUP, kwHAVING,
		kwWINDOW, kwFOR, kwUNION, kwINTERSECT, kwEXCEPT, kwINTO, kwOUTPUT, kwOPTION,
		kwTHEN, kwON, kwUSING, kwQUALIFY, kwWHEN, kwELSE, kwEND, kwAND, kwOR, kwXOR,
		kwIS, kwIN, kwBETWEEN, kwLIKE, kwILIKE, kwSIMILAR, kwREGEXP, kwRLIKE, kwGLOB,
		kwESCAPE, kwCOLLATE, kwAS, kwSET, kwDO, kwJOIN, kwINNER, kwLEFT, kwRIGHT,
		kwFULL, kwCROSS, kwNATURAL, kwOUTER, kwLATERAL, kwCONFLICT, kwDUPLICATE,
		kwNOTHING, kwMATCHED, kwNOWAIT, kwASC, kwDESC, kwNULLS, kwOVER, kwFILTER,
		kwWITHIN, kwISNULL, kwNOTNULL, kwDIV, kwDISTINCT, kwBY, kwLOCK, kwFETCH:
		return true
	}
	return false
}

func (e *exprParser) primary() *node {
	t := e.tok()
	if t == nil {
		return nil
	}
	switch t.kind {
	case tParam:
		e.i++
		return e.p.mk(node{kind: nParam, ph: t.ph})
	case tNumber:
		e.i++
		return e.p.mk(node{kind: nNum, val: e.p.text(e.i - 1)})
	case tString, tDollarStr:
		e.i++
		return e.p.mk(node{kind: nLit, val: e.p.text(e.i - 1)})
	case tQIdent, tLBrack:
		return e.colOrFunc()
	case tLParen:
		return e.group()
	case tOp:
		if e.p.text(e.i) == "*" {
			e.i++
			return e.p.mk(node{kind: nOther, op: "*"})
		}
		return nil
	case tIdent:
	default:
		return nil
	}
	nextParen := e.p.kindAt(e.i+1, e.hi) == tLParen
	switch t.kw {
	case kwNULL, kwTRUE, kwFALSE, kwUNKNOWN, kwDEFAULT, kwCURRENTLIT:
		if !nextParen {
			n := node{kind: nLit}
			if t.kw == kwCURRENTLIT {
				n.name = lowerASCII(e.p.text(e.i)) // CURRENT_TIMESTAMP: the database's clock
			}
			e.i++
			switch t.kw {
			case kwNULL:
				n.op = "null"
			case kwTRUE, kwFALSE:
				n.val = lowerASCII(e.p.text(e.i - 1))
			}
			return e.p.mk(n)
		}
	case kwCASE:
		return e.caseExpr()
	case kwCAST, kwTRYCAST:
		if nextParen {
			m := e.p.matchOf(e.i+1, e.hi)
			sub := exprParser{p: e.p, i: e.i + 2, hi: m, depth: e.depth + 1}
			x := e.need(sub.expr())
			if !sub.atKw(kwAS) || sub.bad {
				e.bad = true
			}
			e.i = e.p.after(m, e.hi)
			return e.p.mk(node{kind: nCast}, x)
		}
	case kwEXISTS:
		if nextParen {
			m := e.p.matchOf(e.i+1, e.hi)
			n := e.p.mk(node{kind: nExists, lo: e.i + 2, hi: m})
			e.i = e.p.after(m, e.hi)
			return n
		}
	case kwNOT:
		return e.not()
	case kwARRAY:
		e.i++
		switch {
		case e.atKind(tLBrack):
			e.i = e.p.skipBrackets(e.i, e.hi)
		case e.atKind(tLParen):
			e.i = e.p.after(e.p.matchOf(e.i, e.hi), e.hi)
		}
		return e.p.mk(node{kind: nOther, op: "array"})
	case kwINTERVAL:
		if !nextParen {
			e.i++
			if e.atKind(tString) || e.atKind(tNumber) || e.atKind(tParam) {
				e.i++
			}
			if e.atKind(tIdent) && inList(e.p.text(e.i), intervalUnits[:]) {
				e.i++
			}
			return e.p.mk(node{kind: nLit})
		}
	case kwROW:
		if nextParen {
			m := e.p.matchOf(e.i+1, e.hi)
			kids := e.list(e.i+2, m)
			e.i = e.p.after(m, e.hi)
			return e.p.mk(node{kind: nTuple, kids: kids})
		}
	}
	if stopKeyword(t.kw) && !(nextParen && funcKeyword(t.kw)) {
		return nil
	}
	if e.p.kindAt(e.i+1, e.hi) == tString && inList(e.p.text(e.i), typedLiteralTypes[:]) {
		e.i += 2
		return e.p.mk(node{kind: nLit})
	}
	return e.colOrFunc()
}

// group parses a parenthesised subquery, tuple or expression.
func (e *exprParser) group() *node {
	m := e.p.matchOf(e.i, e.hi)
	lo := e.i + 1
	e.i = e.p.after(m, e.hi)
	if m >= e.hi || e.p.toks[m].kind != tRParen {
		e.bad = true // unclosed parenthesis
	}
	if e.p.isQueryStart(lo, m) {
		return e.p.mk(node{kind: nSub, lo: lo, hi: m})
	}
	if e.depth > maxDepth {
		e.bad = true
		return e.p.mk(node{kind: nOther})
	}
	if lo >= m {
		return e.p.mk(node{kind: nOther, op: "()"})
	}
	kids := e.list(lo, m)
	switch len(kids) {
	case 0:
		e.bad = true
		return e.p.mk(node{kind: nOther})
	case 1:
		return e.p.mk(node{kind: nParen, kids: kids})
	}
	return e.p.mk(node{kind: nTuple, kids: kids})
}

// caseExpr parses CASE [operand] WHEN c THEN r ... [ELSE x] END into
// kids = [operand] c1 r1 c2 r2 ... [x].
func (e *exprParser) caseExpr() *node {
	e.i++
	n := e.p.mk(node{kind: nCase})
	if !e.atKw(kwWHEN) {
		n.simple = true
		n.kids = append(n.kids, e.need(e.expr()))
	}
	for e.atKw(kwWHEN) {
		e.i++
		c := e.need(e.expr())
		if e.atKw(kwTHEN) {
			e.i++
		} else {
			e.bad = true
		}
		r := e.need(e.expr())
		n.kids = append(n.kids, c, r)
	}
	if e.atKw(kwELSE) {
		e.i++
		n.els = true
		n.kids = append(n.kids, e.need(e.expr()))
	}
	if e.atKw(kwEND) {
		e.i++
	} else {
		e.bad = true
		// Resynchronise on the matching END so one odd branch does not
		// derail the rest of the predicate.
		depth := 0
		for e.i < e.hi {
			switch e.p.kwAt(e.i, e.hi) {
			case kwCASE:
				depth++
			case kwEND:
				if depth == 0 {
					e.i++
					return n
				}
				depth--
			}
			e.i = e.p.skip(e.i, e.hi)
		}
	}
	return n
}

// colOrFunc parses a (qualified) name: a column reference, t.*, or a
// function call with its FILTER/OVER/WITHIN GROUP tail.
func (e *exprParser) colOrFunc() *node {
	var parts [4]string
	np := 0
	star := false
	for e.i < e.hi {
		var part string
		t := &e.p.toks[e.i]
		switch {
		case t.kind == tIdent || t.kind == tQIdent:
			part = e.p.identRaw(e.i)
			e.i++
		case t.kind == tLBrack:
			k := e.p.closeBracket(e.i, e.hi)
			if k >= e.hi {
				e.i = e.hi
				e.bad = true
				return e.p.mk(node{kind: nOther})
			}
			part = e.p.src[t.end:e.p.toks[k].pos]
			e.i = k + 1
		case np > 0 && e.p.isOp(e.i, e.hi, "*"):
			star = true
			e.i++
		default:
			e.bad = true
			return e.p.mk(node{kind: nOther})
		}
		if np < len(parts) {
			parts[np] = part
			np++
		} else {
			copy(parts[:], parts[1:])
			parts[len(parts)-1] = part
		}
		if star || !e.atKind(tDot) {
			break
		}
		e.i++
	}
	if star {
		n := e.p.mk(node{kind: nOther, op: "*"})
		return n
	}
	if np == 0 {
		return nil
	}
	if e.atKind(tLParen) {
		m := e.p.matchOf(e.i, e.hi)
		lo := e.i + 1
		if e.p.is(lo, m, kwDISTINCT) || e.p.is(lo, m, kwALL) {
			lo++
		}
		// Function arguments may use special syntax (EXTRACT(x FROM y),
		// SUBSTRING(s FROM 1)); a partial parse is not an error here because
		// comparisons inside functions are only ever Weak.
		sub := exprParser{p: e.p, i: lo, hi: m, depth: e.depth + 1}
		var args []*node
		for sub.i < m {
			x := sub.expr()
			if x == nil {
				break
			}
			args = append(args, x)
			if !sub.atKind(tComma) {
				break
			}
			sub.i++
		}
		e.i = e.p.after(m, e.hi)
		n := e.p.mk(node{kind: nFunc, name: lowerASCII(parts[np-1]), kids: args})
		if sub.i < m || sub.bad {
			n.op = "partial"
		}
		if np > 1 {
			n.qual = parts[np-2]
		}
		for {
			switch {
			case e.atKw(kwFILTER) && e.p.kindAt(e.i+1, e.hi) == tLParen:
				e.i = e.p.after(e.p.matchOf(e.i+1, e.hi), e.hi)
				continue
			case e.atKw(kwWITHIN) && e.p.is(e.i+1, e.hi, kwGROUP) && e.p.kindAt(e.i+2, e.hi) == tLParen:
				e.i = e.p.after(e.p.matchOf(e.i+2, e.hi), e.hi)
				continue
			case e.atKw(kwOVER):
				e.i++
				if e.atKind(tLParen) {
					e.i = e.p.after(e.p.matchOf(e.i, e.hi), e.hi)
				} else if e.atKind(tIdent) {
					e.i++
				}
				continue
			}
			break
		}
		return n
	}
	n := e.p.mk(node{kind: nCol, name: parts[np-1]})
	if np > 1 {
		n.qual = parts[np-2]
	}
	return n
}
