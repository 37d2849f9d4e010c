package sqlfence

import "strings"

// parser holds the tokens of the whole text; statement analysis works on
// token ranges [lo, hi) of it.
type parser struct {
	src   string
	toks  []token
	phs   []Placeholder
	match []int32 // for '(' tokens: index of the matching ')' (or the statement end)
	stack []int32
	slab  []node // nodes are carved from here, a few allocations per statement
	// the statement being analysed
	stLo, stHi int
	// ctes are the common table expressions of the statement's WITH, by
	// lower-cased name: the token range of each body.
	ctes map[string][2]int
	// writing is true while the FROM (USING) of an UPDATE or DELETE is
	// read: a CTE it names restricts the rows written.
	writing bool
}

func newParser(src string) *parser {
	toks, phs := lex(src)
	return &parser{src: src, toks: toks, phs: phs, match: make([]int32, len(toks))}
}

// nextStatement finds the next non-empty statement starting at token from:
// tokens up to a ';' outside parentheses. It also fills match for it.
func (p *parser) nextStatement(from int) (lo, hi int, ok bool) {
	for from < len(p.toks) && p.toks[from].kind == tSemi {
		from++
	}
	if from >= len(p.toks) {
		return 0, 0, false
	}
	p.stack = p.stack[:0]
	hi = from
scan:
	for ; hi < len(p.toks); hi++ {
		switch p.toks[hi].kind {
		case tLParen:
			p.stack = append(p.stack, int32(hi))
		case tRParen:
			if n := len(p.stack); n > 0 {
				p.match[p.stack[n-1]] = int32(hi)
				p.stack = p.stack[:n-1]
			}
		case tSemi:
			if len(p.stack) == 0 {
				break scan
			}
		}
	}
	for _, o := range p.stack {
		p.match[o] = int32(hi)
	}
	return from, hi, true
}

func (p *parser) text(i int) string { return p.src[p.toks[i].pos:p.toks[i].end] }

// is reports whether token i (< hi) is the keyword k.
func (p *parser) is(i, hi int, k kw) bool {
	return i < hi && p.toks[i].kind == tIdent && p.toks[i].kw == k
}

// kwAt returns the keyword id of token i, kwNone past hi or for non-words.
func (p *parser) kwAt(i, hi int) kw {
	if i < hi && p.toks[i].kind == tIdent {
		return p.toks[i].kw
	}
	return kwNone
}

func (p *parser) kindAt(i, hi int) tokKind {
	if i < hi {
		return p.toks[i].kind
	}
	return tEOF
}

func (p *parser) isOp(i, hi int, op string) bool {
	return i < hi && p.toks[i].kind == tOp && p.text(i) == op
}

// matchOf returns the index of the ')' matching the '(' at i, clamped to hi.
func (p *parser) matchOf(i, hi int) int {
	if i >= hi || p.toks[i].kind != tLParen {
		return i
	}
	m := int(p.match[i])
	if m > hi || m <= i {
		return hi
	}
	return m
}

// after returns the index following a closing token m, clamped to hi.
func (p *parser) after(m, hi int) int {
	if m+1 > hi {
		return hi
	}
	return m + 1
}

// skip advances past token i, jumping over a whole parenthesised group.
func (p *parser) skip(i, hi int) int {
	if i < hi && p.toks[i].kind == tLParen {
		return p.after(p.matchOf(i, hi), hi)
	}
	return i + 1
}

// closeBracket returns the index of the ']' closing the '[' at i (nesting
// counted), or hi.
func (p *parser) closeBracket(i, hi int) int {
	depth := 0
	for j := i; j < hi; j++ {
		switch p.toks[j].kind {
		case tLBrack:
			depth++
		case tRBrack:
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return hi
}

func (p *parser) skipBrackets(i, hi int) int { return p.after(p.closeBracket(i, hi), hi) }

// find returns the index of the first token at parenthesis depth 0 in
// [i, hi) that is one of the keywords ks, or hi.
func (p *parser) find(i, hi int, ks ...kw) int {
	for i < hi {
		t := &p.toks[i]
		if t.kind == tIdent && t.kw != kwNone {
			for _, k := range ks {
				if t.kw == k {
					return i
				}
			}
		}
		i = p.skip(i, hi)
	}
	return hi
}

// isQueryStart reports whether tokens from i begin a query (a subquery when
// right after '(').
func (p *parser) isQueryStart(i, hi int) bool {
	for i < hi && p.toks[i].kind == tLParen {
		i++
	}
	switch p.kwAt(i, hi) {
	case kwSELECT, kwWITH, kwVALUES, kwTABLE:
		return true
	}
	return false
}

// identRaw returns an identifier token's name with quotes removed, case kept.
func (p *parser) identRaw(i int) string {
	s := p.text(i)
	if p.toks[i].kind != tQIdent || len(s) == 0 {
		return s
	}
	q := s[0]
	inner := s[1:]
	if len(inner) > 0 && inner[len(inner)-1] == q {
		inner = inner[:len(inner)-1]
	}
	if strings.IndexByte(inner, q) >= 0 {
		inner = strings.ReplaceAll(inner, string([]byte{q, q}), string([]byte{q}))
	}
	return inner
}

// qname parses a possibly qualified name (a.b.c, "A"."b", `db`.`t`,
// [dbo].[t], db..t) and returns its last part lower-cased, and the index
// after it. The name is "" if there is none at i.
func (p *parser) qname(i, hi int) (string, int) {
	name := ""
	for i < hi {
		t := &p.toks[i]
		switch t.kind {
		case tIdent, tQIdent:
			name = p.identRaw(i)
			i++
		case tLBrack:
			k := p.closeBracket(i, hi)
			if k >= hi {
				return lowerASCII(name), i
			}
			name = p.src[t.end:p.toks[k].pos]
			i = k + 1
		default:
			return lowerASCII(name), i
		}
		if i < hi && p.toks[i].kind == tDot {
			for i < hi && p.toks[i].kind == tDot {
				i++
			}
			continue
		}
		break
	}
	return lowerASCII(name), i
}

// colList parses "(a, t.b, "C")" at i into lower-case column names.
func (p *parser) colList(i, hi int) []string {
	m := p.matchOf(i, hi)
	var cols []string
	j := i + 1
	for j < m {
		name, k := p.qname(j, m)
		if k == j {
			j = p.skip(j, m)
			continue
		}
		cols = append(cols, name)
		j = k
		for j < m && p.toks[j].kind != tComma {
			j = p.skip(j, m)
		}
		j++
	}
	return cols
}

// isClauseEnd reports whether an expression that stopped at token i ended
// cleanly (at the end, a closing parenthesis, or a clause keyword).
func (p *parser) isClauseEnd(i, hi int) bool {
	if i >= hi {
		return true
	}
	switch p.toks[i].kind {
	case tRParen, tSemi:
		return true
	case tIdent:
		switch p.toks[i].kw {
		case kwRETURNING, kwORDER, kwLIMIT, kwOFFSET, kwFETCH, kwGROUP, kwHAVING,
			kwWINDOW, kwFOR, kwUNION, kwINTERSECT, kwEXCEPT, kwINTO, kwLOCK, kwOUTPUT,
			kwOPTION, kwTHEN, kwON, kwUSING, kwQUALIFY, kwWHEN, kwSET, kwFROM, kwWHERE,
			kwDO, kwELSE, kwEND, kwDELETE, kwJOIN, kwINNER, kwLEFT, kwRIGHT, kwFULL,
			kwCROSS, kwNATURAL:
			return true
		}
	}
	return false
}

func lowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			return strings.ToLower(s)
		}
	}
	return s
}

func equalFoldASCII(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if x >= 'A' && x <= 'Z' {
			x += 'a' - 'A'
		}
		if y >= 'A' && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// mk allocates a node from the slab. Up to two kids are stored inline
// (node.pair), so the common binary nodes need no separate kids slice.
func (p *parser) mk(n node, kids ...*node) *node {
	if len(p.slab) == cap(p.slab) {
		p.slab = make([]node, 0, min(2*cap(p.slab)+4, 256))
	}
	p.slab = p.slab[:len(p.slab)+1]
	m := &p.slab[len(p.slab)-1]
	*m = n
	switch {
	case len(kids) > len(m.pair):
		m.kids = append([]*node(nil), kids...)
	case len(kids) > 0:
		copy(m.pair[:], kids)
		m.kids = m.pair[:len(kids)]
	}
	return m
}
