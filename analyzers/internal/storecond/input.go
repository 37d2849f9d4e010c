package storecond

import (
	"go/types"
	"regexp"
	"slices"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlfence"
	"golang.org/x/tools/go/ssa"
)

// Kind is how conditional a request input is (model.InputConds).
type Kind int

const (
	None  Kind = iota // no condition
	Other             // a condition that compares no attribute with a value
	CAS               // a compare-and-swap, or a condition not seen
)

// Input classifies the condition of a request input (DynamoDB's
// ConditionExpression) built here: a literal that compares an attribute
// with a placeholder or demands its absence, or a condition built with one
// of conds.Builders, is a compare-and-swap; a condition set from somewhere
// not seen counts as one (silence when unsure). Transactions and PartiQL
// statements (inputs that are no *ItemInput) carry their conditions in
// nested items or text: Other.
func Input(in ssa.Value, conds *model.InputConds) Kind {
	if conds == nil {
		return Other
	}
	if !strings.HasSuffix(typeString(in), "ItemInput") {
		return Other
	}
	kind := None
	for _, v := range calls.Stores(in) {
		switch {
		case slices.Contains(conds.Legacy, v.Name):
			return CAS
		case !slices.Contains(conds.Fields, v.Name):
			continue
		}
		kind = max(kind, conditionValue(v.Val, conds))
	}
	return kind
}

// placeholderCompare matches a comparison with a placeholder in a
// condition expression: "version = :v", ":now < expires", "#o <> :me".
var placeholderCompare = regexp.MustCompile(`(=|<>|<=|>=|<|>)\s*:[A-Za-z0-9_]|:[A-Za-z0-9_]+\s*(=|<>|<=|>=|<|>)|\bBETWEEN\b|\bbetween\b`)

func conditionValue(v ssa.Value, conds *model.InputConds) Kind {
	if k, ok := v.(*ssa.Const); ok && k.IsNil() {
		return None
	}
	text, ok := calls.ConstString(v)
	if !ok {
		// aws.String("...")
		if call, isCall := calls.Unwrap(v).(*ssa.Call); isCall && len(call.Call.Args) == 1 {
			text, ok = calls.ConstString(call.Call.Args[0])
		}
	}
	if ok {
		if text == "" {
			return None
		}
		lower := strings.ToLower(text)
		for _, w := range conds.Words {
			if strings.Contains(lower, strings.ToLower(w)+"(") {
				return CAS
			}
		}
		if placeholderCompare.MatchString(text) {
			return CAS
		}
		return Other
	}
	call, ok := calls.Unwrap(v).(*ssa.Call)
	if !ok {
		return CAS // not seen: stay silent
	}
	fn := calls.Callee(&call.Call)
	if fn == nil || !model.MatchesAny(conds.Reads, fn) {
		return CAS
	}
	if builtWith(calls.Receiver(&call.Call), conds.Builders, map[ssa.Value]bool{}, 0) {
		return CAS
	}
	return Other
}

// builtWith reports whether v was computed, through calls, their receivers
// and arguments, from a call of one of fs (a condition builder).
func builtWith(v ssa.Value, fs []model.Func, seen map[ssa.Value]bool, depth int) bool {
	v = calls.Unwrap(v)
	if v == nil || seen[v] || depth > maxBuilderDepth {
		return false
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.Extract:
		return builtWith(x.Tuple, fs, seen, depth+1)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if builtWith(e, fs, seen, depth+1) {
				return true
			}
		}
	case *ssa.UnOp:
		if alloc, ok := x.X.(*ssa.Alloc); ok {
			for _, r := range *alloc.Referrers() {
				if st, ok := r.(*ssa.Store); ok && st.Addr == alloc && builtWith(st.Val, fs, seen, depth+1) {
					return true
				}
			}
		}
	case *ssa.Call:
		if fn := calls.Callee(&x.Call); fn != nil && model.MatchesAny(fs, fn) {
			return true
		}
		for _, a := range x.Call.Args {
			if builtWith(a, fs, seen, depth+1) {
				return true
			}
		}
		if x.Call.IsInvoke() {
			return builtWith(x.Call.Value, fs, seen, depth+1)
		}
	}
	return false
}

// Compare is an ordering of a stored attribute against a value (a
// placeholder of condition text, or an expression).
type Compare[E any] struct {
	Attr string
	Op   string // <, <=, >, >=, with the attribute on the left
	Val  E
	At   E // where the comparison is written
}

var textCompare = regexp.MustCompile(`([#:]?[A-Za-z_][A-Za-z0-9_.]*)\s*(<=|>=|<|>)\s*([#:]?[A-Za-z_][A-Za-z0-9_.]*)`)
var textSet = regexp.MustCompile(`([#]?[A-Za-z_][A-Za-z0-9_.]*)\s*=\s*(:[A-Za-z0-9_]+)`)

// TextCompares returns the orderings of an attribute (or a #name) against
// a placeholder in DynamoDB condition text, in order, with the attribute
// on the left: "expires_at < :now", ":now > #e".
func TextCompares(cond string) []Compare[string] {
	var out []Compare[string]
	for _, m := range textCompare.FindAllStringSubmatch(cond, -1) {
		attr, op, ph := m[1], m[2], m[3]
		if strings.HasPrefix(attr, ":") {
			attr, ph, op = ph, attr, sqlfence.FlipOp(op)
		}
		if !strings.HasPrefix(ph, ":") || strings.HasPrefix(attr, ":") {
			continue
		}
		out = append(out, Compare[string]{Attr: attr, Op: op, Val: ph})
	}
	return out
}

// TextSets returns the assignments of a placeholder to an attribute (or a
// #name) in DynamoDB update text ("SET expires_at = :exp"): attribute ->
// placeholder, in order.
func TextSets(update string) [][2]string {
	var out [][2]string
	for _, m := range textSet.FindAllStringSubmatch(update, -1) {
		out = append(out, [2]string{m[1], m[2]})
	}
	return out
}

func typeString(v ssa.Value) string { return types.TypeString(v.Type(), nil) }
