// Package sqlcall reads the SQL a call runs: the statement text, however
// the program built it (textval), parsed by sqlfence, and the Go value
// bound to each of its placeholders, whether the driver binds it from the
// call's arguments ($1, ?, :name) or the program spliced it into the text
// (fmt.Sprintf("... WHERE fence <= %d", tok)).
//
// Every check that reads a statement asks this package, so that a
// statement built with Sprintf, concatenation, a builder or a helper is
// read the same way by all of them.
package sqlcall

import (
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlfence"
	"github.com/fencecheck/fencecheck/analyzers/internal/textval"
	"golang.org/x/tools/go/ssa"
)

// Call is the SQL one call runs.
type Call struct {
	// Text is the statement text with spliced values rendered as named
	// placeholders (textval.SQL).
	Text string
	// Constant is true when the text is a constant (no value spliced in).
	Constant bool

	holes    map[string]ssa.Value
	binds    []ssa.Value // the bind arguments, when the call lists them
	known    bool        // binds are the call's arguments one by one
	rest     ssa.Value   // the variadic slice passed through (args...)
	hasBinds bool        // the call has bind arguments at all
}

// Read returns the SQL text of a call whose statement is argument query
// and whose bind arguments start at argument args (-1: none). bind gives
// the value a parameter of the enclosing function was called with on the
// path being walked (nil: none), so that a helper's statement parameter
// reads as its caller's text. ok is false when the text is unknown: a
// statement chosen at run time, or a hole that may be a whole clause.
func Read(c *ssa.CallCommon, query, args int, bind func(*ssa.Parameter) ssa.Value) (*Call, bool) {
	q := calls.Arg(c, query)
	if q == nil {
		return nil, false
	}
	if s, ok := calls.ConstString(q); ok {
		out := &Call{Text: s, Constant: true}
		out.bindArgs(c, args)
		return out, true
	}
	t, ok := textval.Of(q, textval.Options{Bind: bind, Passthrough: calls.Rebinds})
	if !ok {
		return nil, false
	}
	text, holes, ok := textval.SQL(t)
	if !ok {
		return nil, false
	}
	out := &Call{Text: text, holes: holes}
	out.Constant = len(holes) == 0 && len(t.Holes()) == 0
	out.bindArgs(c, args)
	return out, true
}

// Text returns the SQL text v holds, with spliced values rendered as
// named placeholders, when it is known (Read, for a value rather than a
// call's argument).
func Text(v ssa.Value) (string, bool) {
	if v == nil {
		return "", false
	}
	if s, ok := calls.ConstString(v); ok {
		return s, true
	}
	t, ok := textval.Of(v, textval.Options{Passthrough: calls.Rebinds})
	if !ok {
		return "", false
	}
	text, _, ok := textval.SQL(t)
	return text, ok
}

// Fragment returns a call that binds, from argument args on, the
// placeholders of text, a fragment read elsewhere (a builder's Where).
func Fragment(c *ssa.CallCommon, text string, args int) *Call {
	out := &Call{Text: text, Constant: true}
	out.bindArgs(c, args)
	return out
}

// Prefix returns the constant text a call's statement starts with.
func Prefix(c *ssa.CallCommon, query int) (string, bool) {
	q := calls.Arg(c, query)
	if q == nil {
		return "", false
	}
	if s, ok := calls.ConstPrefix(q); ok {
		return s, true
	}
	t, ok := textval.Of(q, textval.Options{Passthrough: calls.Rebinds})
	if !ok {
		return "", false
	}
	return t.Prefix(), t.Prefix() != ""
}

func (s *Call) bindArgs(c *ssa.CallCommon, first int) {
	all := calls.Args(c)
	if first < 0 || first >= len(all) {
		return
	}
	s.hasBinds = true
	if c.Signature().Variadic() && first == len(all)-1 {
		s.binds, s.known = calls.Variadic(all[first])
		if !s.known {
			s.rest = all[first]
		}
		return
	}
	s.binds, s.known = all[first:], true
}

// Parse parses the first statement of the text.
func (s *Call) Parse() *sqlfence.Statement { return sqlfence.Parse(s.Text) }

// ParseAll parses every statement of the text.
func (s *Call) ParseAll() []*sqlfence.Statement { return sqlfence.ParseAll(s.Text) }

// Spliced returns the Go value the program spliced into the text where
// placeholder p now stands, or nil when p is the driver's.
func (s *Call) Spliced(p sqlfence.Placeholder) ssa.Value {
	if p.Style != sqlfence.At || !strings.HasPrefix(p.Name, textval.HolePrefix) {
		return nil
	}
	return s.holes[p.Name]
}

// Binding says what is known of the value bound to placeholder p: the
// value itself (v), or, when the call passes its arguments through as a
// slice (args...), that slice (rest); named placeholders bound through a
// map or a struct give all the call's bind arguments (any).
type Binding struct {
	Value ssa.Value
	Rest  ssa.Value
	Any   []ssa.Value
}

// Bound returns what placeholder p is bound to.
func (s *Call) Bound(p sqlfence.Placeholder) Binding {
	if v := s.Spliced(p); v != nil {
		return Binding{Value: v}
	}
	if !s.hasBinds {
		return Binding{}
	}
	if !s.known {
		return Binding{Rest: s.rest}
	}
	i := p.ArgIndex()
	switch {
	case i < 0:
		return Binding{Any: s.binds}
	case i < len(s.binds):
		return Binding{Value: s.binds[i]}
	}
	return Binding{}
}

// Args returns the call's bind arguments when it lists them one by one.
func (s *Call) Args() ([]ssa.Value, bool) { return s.binds, s.known }
