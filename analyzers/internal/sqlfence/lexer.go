package sqlfence

import "strings"

// tokKind classifies a lexical token.
type tokKind uint8

const (
	tEOF       tokKind = iota
	tIdent             // bare word: keyword or identifier (also MySQL @@sysvar)
	tQIdent            // "quoted" or `backtick` identifier
	tString            // '...', E'...', N'...', X'...', B'...'
	tDollarStr         // $$...$$ or $tag$...$tag$
	tNumber            // 12, 1.5, 1e9, 0x1F
	tParam             // $n, ?, :name, @name
	tQMark             // provisional '?': becomes tParam or tOp once the whole text is seen
	tOp                // operator, including comparisons
	tLParen            // (
	tRParen            // )
	tLBrack            // [
	tRBrack            // ]
	tComma             // ,
	tSemi              // ;
	tDot               // .
	tCast              // ::
)

// token is one lexeme; its text is src[pos:end]. Tokens never copy text, so
// lexing allocates only the token and placeholder slices.
type token struct {
	pos, end int
	ph       int32 // index into the placeholder list for tParam, else -1
	kind     tokKind
	kw       kw // keyword id for tIdent (0 when the word is not a known keyword)
}

func isIdentStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c >= 0x80
}

// isIdentChar accepts '$' because PostgreSQL and MySQL allow it inside
// identifiers (foo$bar); that is also why "a$1" is one identifier, not a placeholder.
func isIdentChar(c byte) bool {
	return isIdentStart(c) || c >= '0' && c <= '9' || c == '$'
}

// maxParamIndex caps absurd $n numbers.
const maxParamIndex = 1 << 30

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// lex tokenizes the whole text in one pass. Comments and whitespace are
// dropped. Placeholders are collected in textual order.
//
// '?' is ambiguous in PostgreSQL (the jsonb ?, ?| and ?& operators). The rule
// is global to the text: if it contains any $n placeholder, every '?' is an
// operator; otherwise every '?' outside strings and comments is a placeholder.
// '?' ordinals count across the whole text, statements included, because a
// driver binds the arguments of a multi-statement string in one sequence.
func lex(src string) ([]token, []Placeholder) {
	toks := make([]token, 0, len(src)/5+4)
	var phs []Placeholder
	hasDollar, hasQ := false, false
	bdepth := 0
	n := len(src)
	i := 0
	for i < n {
		c := src[i]
		start := i
		kind := tOp
		ph := int32(-1)
		var kwid kw
		switch {
		case c <= ' ':
			i++
			continue
		case c == '-' && i+1 < n && src[i+1] == '-':
			if j := strings.IndexByte(src[i:], '\n'); j >= 0 {
				i += j + 1
			} else {
				i = n
			}
			continue
		case c == '/' && i+1 < n && src[i+1] == '*':
			i = skipBlockComment(src, i)
			continue
		case c == '\'':
			kind, i = tString, scanQuoted(src, i, '\'', false)
		case c == '"':
			kind, i = tQIdent, scanQuoted(src, i, '"', false)
		case c == '`':
			kind, i = tQIdent, scanQuoted(src, i, '`', false)
		case isIdentStart(c):
			j := i + 1
			for j < n && isIdentChar(src[j]) {
				j++
			}
			if j-i == 1 && j < n && src[j] == '\'' {
				// String prefixes: E'...' honours backslash escapes (PostgreSQL);
				// N'...', X'...', B'...' are ordinary strings with a prefix.
				switch c {
				case 'E', 'e':
					kind, i = tString, scanQuoted(src, j, '\'', true)
				case 'N', 'n', 'X', 'x', 'B', 'b':
					kind, i = tString, scanQuoted(src, j, '\'', false)
				}
				if kind == tString {
					break
				}
			}
			kind, i = tIdent, j
			kwid = lookupKw(src[start:j])
		case isDigit(c) || c == '.' && i+1 < n && isDigit(src[i+1]):
			kind, i = tNumber, scanNumber(src, i)
		case c == '$':
			switch {
			case i+1 < n && isDigit(src[i+1]):
				j := i + 1
				v := 0
				for j < n && isDigit(src[j]) {
					// Saturate instead of overflowing (also on 32-bit ints).
					if v <= (maxParamIndex-9)/10 {
						v = v*10 + int(src[j]-'0')
					} else {
						v = maxParamIndex
					}
					j++
				}
				hasDollar = true
				ph = int32(len(phs))
				phs = append(phs, Placeholder{Style: Dollar, Index: v})
				kind, i = tParam, j
			default:
				if tl := dollarTag(src, i); tl > 0 {
					tag := src[i : i+tl]
					if k := strings.Index(src[i+tl:], tag); k >= 0 {
						i += tl + k + tl
					} else {
						i = n
					}
					kind = tDollarStr
				} else {
					i++
				}
			}
		case c == '?':
			hasQ = true
			ph = int32(len(phs))
			phs = append(phs, Placeholder{Style: Question})
			kind, i = tQMark, i+1
		case c == ':':
			switch {
			case i+1 < n && src[i+1] == ':':
				kind, i = tCast, i+2
			case i+1 < n && src[i+1] == '=':
				i += 2
			case bdepth == 0 && i+1 < n && (isIdentStart(src[i+1]) || isDigit(src[i+1])):
				// :name (sqlx, Oracle). Inside [...] it is an array slice bound.
				// sqlx allows dotted names (:user.id).
				j := i + 1
				for j < n && (isIdentChar(src[j]) && src[j] != '$' || src[j] == '.' && j+1 < n && isIdentStart(src[j+1])) {
					j++
				}
				ph = int32(len(phs))
				phs = append(phs, Placeholder{Style: Colon, Name: src[i+1 : j]})
				kind, i = tParam, j
			default:
				i++
			}
		case c == '@':
			switch {
			case i+1 < n && src[i+1] == '@' && i+2 < n && isIdentStart(src[i+2]):
				// @@sysvar (MySQL, SQL Server): not a bind parameter.
				j := i + 2
				for j < n && isIdentChar(src[j]) {
					j++
				}
				kind, i = tIdent, j
			case i+1 < n && isIdentStart(src[i+1]):
				j := i + 1
				for j < n && isIdentChar(src[j]) {
					j++
				}
				ph = int32(len(phs))
				phs = append(phs, Placeholder{Style: At, Name: src[i+1 : j]})
				kind, i = tParam, j
			default:
				i += opLen(src, i)
			}
		case c == '(':
			kind, i = tLParen, i+1
		case c == ')':
			kind, i = tRParen, i+1
		case c == '[':
			bdepth++
			kind, i = tLBrack, i+1
		case c == ']':
			if bdepth > 0 {
				bdepth--
			}
			kind, i = tRBrack, i+1
		case c == ',':
			kind, i = tComma, i+1
		case c == ';':
			kind, i = tSemi, i+1
		case c == '.':
			kind, i = tDot, i+1
		default:
			i += opLen(src, i)
		}
		toks = append(toks, token{pos: start, end: i, kind: kind, ph: ph, kw: kwid})
	}
	if hasQ {
		phs = resolveQMarks(toks, phs, hasDollar)
	}
	return toks, phs
}

// resolveQMarks turns provisional '?' tokens into placeholders (numbered by
// ordinal) or, when the text also uses $n, into operators.
func resolveQMarks(toks []token, phs []Placeholder, hasDollar bool) []Placeholder {
	if !hasDollar {
		q := 0
		for i := range toks {
			if toks[i].kind == tQMark {
				q++
				toks[i].kind = tParam
				phs[toks[i].ph].Index = q
			}
		}
		return phs
	}
	out := phs[:0]
	remap := make([]int32, len(phs))
	for k, p := range phs {
		remap[k] = -1
		if p.Style != Question {
			remap[k] = int32(len(out))
			out = append(out, p)
		}
	}
	for i := range toks {
		if toks[i].ph < 0 {
			continue
		}
		if toks[i].kind == tQMark {
			toks[i].kind, toks[i].ph = tOp, -1
		} else {
			toks[i].ph = remap[toks[i].ph]
		}
	}
	return out
}

// skipBlockComment returns the index after the /* ... */ comment at i.
// Comments nest, as in PostgreSQL; unterminated comments run to the end.
func skipBlockComment(s string, i int) int {
	depth := 0
	n := len(s)
	for i < n {
		switch {
		case s[i] == '/' && i+1 < n && s[i+1] == '*':
			depth++
			i += 2
		case s[i] == '*' && i+1 < n && s[i+1] == '/':
			depth--
			i += 2
			if depth == 0 {
				return i
			}
		default:
			i++
		}
	}
	return n
}

// scanQuoted returns the index after the quoted run opened by s[i] == q.
// A doubled quote is an escaped quote. With backslash, \x escapes the next
// byte (E'...' strings). Unterminated runs end at the end of the text.
func scanQuoted(s string, i int, q byte, backslash bool) int {
	n := len(s)
	j := i + 1
	for j < n {
		c := s[j]
		if backslash && c == '\\' {
			j += 2
			continue
		}
		if c == q {
			if j+1 < n && s[j+1] == q {
				j += 2
				continue
			}
			return j + 1
		}
		if !backslash {
			k := strings.IndexByte(s[j:], q)
			if k < 0 {
				return n
			}
			j += k
			continue
		}
		j++
	}
	return n
}

func scanNumber(s string, i int) int {
	n := len(s)
	if s[i] == '0' && i+2 < n && (s[i+1] == 'x' || s[i+1] == 'X') {
		j := i + 2
		for j < n && (isDigit(s[j]) || s[j] >= 'a' && s[j] <= 'f' || s[j] >= 'A' && s[j] <= 'F') {
			j++
		}
		return j
	}
	j := i
	for j < n && isDigit(s[j]) {
		j++
	}
	if j < n && s[j] == '.' && !(j+1 < n && s[j+1] == '.') {
		j++
		for j < n && isDigit(s[j]) {
			j++
		}
	}
	if j < n && (s[j] == 'e' || s[j] == 'E') {
		k := j + 1
		if k < n && (s[k] == '+' || s[k] == '-') {
			k++
		}
		if k < n && isDigit(s[k]) {
			for k < n && isDigit(s[k]) {
				k++
			}
			j = k
		}
	}
	return j
}

// dollarTag returns the length of the opening $tag$ (including both '$') at
// s[i], or 0 if s[i] does not open a dollar-quoted string. Tags follow
// identifier rules minus '$', and cannot start with a digit ($1 is a parameter).
func dollarTag(s string, i int) int {
	n := len(s)
	j := i + 1
	if j < n && s[j] == '$' {
		return 2
	}
	if j >= n || !isIdentStart(s[j]) {
		return 0
	}
	for j < n && isIdentChar(s[j]) && s[j] != '$' {
		j++
	}
	if j < n && s[j] == '$' {
		return j + 1 - i
	}
	return 0
}

// opLen returns the length of the operator at s[i] (longest known match).
func opLen(s string, i int) int {
	rest := s[i:]
	if len(rest) >= 3 {
		switch rest[:3] {
		case "<=>", "->>", "#>>", "!~*":
			return 3
		}
	}
	if len(rest) >= 2 {
		switch rest[:2] {
		case "<=", ">=", "<>", "!=", "==", "||", "->", "#>", "@>", "&&", "<<", ">>", "=>", "~*", "!~", "~~":
			return 2
		case "<@":
			// fence<@tok is '<' followed by the named parameter @tok.
			if len(rest) >= 3 && isIdentStart(rest[2]) {
				return 1
			}
			return 2
		}
	}
	return 1
}
