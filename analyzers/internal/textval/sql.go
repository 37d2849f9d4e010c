package textval

import (
	"go/constant"
	"go/types"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/tools/go/ssa"
)

// HolePrefix starts the name of the bind placeholder a value hole becomes
// in rendered SQL (@fc_hole_1): a named placeholder the SQL reader parses
// like any other, which the caller maps back to the Go value.
const HolePrefix = "fc_hole_"

// SQL renders a statement's text for the SQL reader: a hole in the place
// of a value (after a comparison or an assignment, inside quotes, or
// formatted as a number) becomes the named placeholder @fc_hole_N, bound
// to the Go value in holes; a hole in the place of a name (after UPDATE,
// INTO, FROM, JOIN, TABLE, or next to a '.') becomes an identifier named
// after the Go value. Any other hole could be a whole clause (a WHERE
// condition, a column list): the statement is unknown and ok is false.
func SQL(t Text) (sql string, holes map[string]ssa.Value, ok bool) {
	var b strings.Builder
	n := 0
	dropQuote := false // the literal after a quoted hole starts with its closing quote
	for i, p := range t.Parts {
		if p.Hole == nil {
			lit := p.Lit
			if dropQuote {
				lit = strings.TrimPrefix(lit, "'")
				dropQuote = false
			}
			b.WriteString(lit)
			continue
		}
		before := b.String()
		after := ""
		if i+1 < len(t.Parts) && t.Parts[i+1].Hole == nil {
			after = t.Parts[i+1].Lit
		}
		switch classify(before, after, p) {
		case valueHole:
			n++
			name := HolePrefix + strconv.Itoa(n)
			if holes == nil {
				holes = map[string]ssa.Value{}
			}
			holes[name] = p.Hole
			if quoted(before, after) {
				// '%s': the quotes belong to the value.
				b.Reset()
				b.WriteString(strings.TrimSuffix(before, "'"))
				dropQuote = true
			}
			b.WriteString("@" + name)
		case nameHole:
			b.WriteString(identFor(p.Hole, n))
		default:
			return "", nil, false
		}
	}
	return b.String(), holes, true
}

type holeKind int

const (
	opaqueHole holeKind = iota
	valueHole
	nameHole
)

// nameKeywords precede a table name.
var nameKeywords = map[string]bool{"UPDATE": true, "INTO": true, "FROM": true, "JOIN": true, "TABLE": true}

// valueKeywords precede a value.
var valueKeywords = map[string]bool{"LIMIT": true, "OFFSET": true, "INTERVAL": true, "BETWEEN": true}

func classify(before, after string, p Part) holeKind {
	if quoted(before, after) {
		return valueHole
	}
	switch p.Verb {
	case 'd', 'f', 'g', 'e', 't', 'x':
		return valueHole // a number or a bool is never a clause
	}
	if !isString(p.Hole.Type()) && p.Verb != 's' && p.Verb != 'v' && p.Verb != 0 {
		return valueHole
	}
	if b, ok := p.Hole.Type().Underlying().(*types.Basic); ok && b.Info()&(types.IsNumeric|types.IsBoolean) != 0 {
		return valueHole
	}
	prev := strings.TrimRightFunc(before, unicode.IsSpace)
	if strings.HasSuffix(prev, ".") || strings.HasPrefix(after, ".") {
		return nameHole
	}
	if word := lastWord(prev); nameKeywords[word] {
		return nameHole
	} else if valueKeywords[word] {
		return valueHole
	}
	for _, op := range []string{"<=", ">=", "<>", "!=", "=", "<", ">"} {
		if strings.HasSuffix(prev, op) {
			return valueHole
		}
	}
	return opaqueHole
}

// quoted reports whether a hole sits between two single quotes: '%s'.
func quoted(before, after string) bool {
	return strings.HasSuffix(before, "'") && strings.HasPrefix(after, "'") && strings.Count(before, "'")%2 == 1
}

func lastWord(s string) string {
	i := strings.LastIndexFunc(s, func(r rune) bool { return !(unicode.IsLetter(r) || r == '_') })
	return strings.ToUpper(s[i+1:])
}

// identFor names a name hole after the Go value that fills it (a field,
// a global, a parameter), so that messages and name rules ("is this the
// lock's own table") read it. A helper's result (s.table("jobs"), a
// prefix or schema qualifier) is named after its constant argument: two
// tables built by one helper are two tables, not one, so one table's
// claim and reaper are not taken for another's. Any other anonymous value
// is fc_table_N.
func identFor(v ssa.Value, n int) string {
	name := ""
	switch x := unwrap(v).(type) {
	case *ssa.Call:
		name = constArgName(x)
	case *ssa.Parameter:
		name = x.Name()
	case *ssa.UnOp:
		switch y := x.X.(type) {
		case *ssa.Global:
			name = y.Name()
		case *ssa.FieldAddr:
			if f := fieldName(y.X.Type(), y.Field); f != "" {
				name = f
			}
		}
	case *ssa.Field:
		name = fieldName(x.X.Type(), x.Field)
	}
	if name == "" || !isIdent(name) {
		return "fc_table_" + strconv.Itoa(n+1)
	}
	return name
}

// constArgName returns the one constant string argument of a call that is
// an identifier, or "".
func constArgName(c *ssa.Call) string {
	name := ""
	for _, a := range c.Call.Args {
		k, ok := unwrap(a).(*ssa.Const)
		if !ok || k.Value == nil || !isString(k.Type()) {
			continue
		}
		s := constant.StringVal(k.Value)
		if !isIdent(s) || name != "" {
			return ""
		}
		name = s
	}
	return name
}

func fieldName(t types.Type, i int) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if s, ok := t.Underlying().(*types.Struct); ok && i < s.NumFields() {
		return s.Field(i).Name()
	}
	return ""
}

func isIdent(s string) bool {
	for i, r := range s {
		if !(unicode.IsLetter(r) || r == '_' || i > 0 && unicode.IsDigit(r)) {
			return false
		}
	}
	return s != ""
}
