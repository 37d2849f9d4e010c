// Package textval reads the text a program builds for a statement or a
// condition (SQL, a script, a condition expression) as a value: the literal
// parts it knows and the Go values spliced into it.
//
// Real code rarely hands a constant to the database. It formats times and
// names into SQL with fmt.Sprintf, concatenates clauses, fills a
// strings.Builder, keeps statements in package variables and returns them
// from small helpers. A check that only reads constants is blind to all of
// that; one that guesses at unknown text is wrong. textval keeps what is
// known and marks what is not: a Text is a sequence of literal parts and
// holes, each hole the Go value that fills it, so that a reader can tell a
// value spliced after "locked_until < " (a hole that is a value: which one
// decides whether the statement compares a fencing token or the local
// clock) from a whole clause spliced after "WHERE " (a hole that hides the
// condition: the statement is unknown, and unknown is never guessed).
//
// The evaluation is intraprocedural with two exceptions that follow what
// statement-building code does: a call of a function of the same program
// that returns a string is evaluated from its return statements, with its
// parameters bound to the caller's arguments; and a package-level variable
// is read from the one store its package initialiser makes.
package textval

import (
	"fmt"
	"go/constant"
	"go/types"
	"slices"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"golang.org/x/tools/go/ssa"
)

// A Part is a piece of text: literal text, or a hole the program fills at
// run time with the value Hole.
type Part struct {
	// Lit is the literal text of a literal part.
	Lit string
	// Hole is the Go value spliced in; nil for a literal part.
	Hole ssa.Value
	// Verb is the fmt verb that formats the hole ('s', 'd', 'v', 'q', ...),
	// or 0 when the hole is concatenated as it is.
	Verb rune
}

// Text is the text a value holds, literal parts and holes in order.
// Adjacent literal parts are merged.
type Text struct {
	Parts []Part
}

// Literal reports whether the text is fully known, and returns it.
func (t Text) Literal() (string, bool) {
	var b strings.Builder
	for _, p := range t.Parts {
		if p.Hole != nil {
			return "", false
		}
		b.WriteString(p.Lit)
	}
	return b.String(), true
}

// Known reports whether the text has at least one literal part: a text
// that is one hole says nothing.
func (t Text) Known() bool {
	for _, p := range t.Parts {
		if p.Hole == nil && strings.TrimSpace(p.Lit) != "" {
			return true
		}
	}
	return false
}

// Holes returns the holes of the text, in order.
func (t Text) Holes() []Part {
	var out []Part
	for _, p := range t.Parts {
		if p.Hole != nil {
			out = append(out, p)
		}
	}
	return out
}

// Prefix is the literal text before the first hole.
func (t Text) Prefix() string {
	var b strings.Builder
	for _, p := range t.Parts {
		if p.Hole != nil {
			break
		}
		b.WriteString(p.Lit)
	}
	return b.String()
}

func (t *Text) lit(s string) {
	if s == "" {
		return
	}
	if n := len(t.Parts); n > 0 && t.Parts[n-1].Hole == nil {
		t.Parts[n-1].Lit += s
		return
	}
	t.Parts = append(t.Parts, Part{Lit: s})
}

func (t *Text) hole(v ssa.Value, verb rune) {
	t.Parts = append(t.Parts, Part{Hole: v, Verb: verb})
}

func (t *Text) append(u Text) {
	for _, p := range u.Parts {
		if p.Hole == nil {
			t.lit(p.Lit)
		} else {
			t.Parts = append(t.Parts, p)
		}
	}
}

func holeText(v ssa.Value) Text { return Text{Parts: []Part{{Hole: v}}} }

// equal reports whether two texts are the same literal parts and the same
// holes.
func equal(a, b Text) bool {
	if len(a.Parts) != len(b.Parts) {
		return false
	}
	for i := range a.Parts {
		if a.Parts[i] != b.Parts[i] {
			return false
		}
	}
	return true
}

// Options tune the evaluation to the knowledge of the caller.
type Options struct {
	// Passthrough reports whether a call returns the text of one of its
	// arguments with only its placeholders rewritten (sqlx's Rebind,
	// BindNamed, In), and the index of that argument. The knowledge base
	// supplies it; textval names no library.
	Passthrough func(c *ssa.CallCommon) (arg int, ok bool)
	// Bind gives the value a parameter of the function being read was
	// called with, on the path the caller is walking (nil: unknown).
	Bind func(p *ssa.Parameter) ssa.Value
}

// maxDepth bounds nested evaluation: helper calls, phis, builders. Eight
// covers a statement assembled by a helper that calls a helper that
// formats a clause, with room to spare; deeper text is a hole.
const maxDepth = 8

// Of returns the text v holds. ok is false when nothing of it is known
// (v is one hole).
func Of(v ssa.Value, opts Options) (Text, bool) {
	e := &evaluator{opts: opts, onPath: map[ssa.Value]bool{}}
	t := e.eval(v, nil, 0)
	return t, t.Known()
}

type evaluator struct {
	opts   Options
	onPath map[ssa.Value]bool // values being evaluated: a phi cycle is a hole
}

// frame binds the parameters of a helper being read to its caller's
// arguments; the caller's own frame evaluates those.
type frame struct {
	args   map[*ssa.Parameter]ssa.Value
	parent *frame
}

func (e *evaluator) eval(v ssa.Value, f *frame, depth int) Text {
	if v == nil {
		return Text{}
	}
	v = unwrap(v)
	if depth > maxDepth || e.onPath[v] {
		return holeText(v)
	}
	e.onPath[v] = true
	defer delete(e.onPath, v)
	switch x := v.(type) {
	case *ssa.Const:
		if x.Value != nil && x.Value.Kind() == constant.String {
			var t Text
			t.lit(constant.StringVal(x.Value))
			return t
		}
	case *ssa.BinOp:
		if x.Op.String() == "+" && isString(x.Type()) {
			t := e.eval(x.X, f, depth+1)
			t.append(e.eval(x.Y, f, depth+1))
			return t
		}
	case *ssa.Convert:
		if isString(x.X.Type()) {
			return e.eval(x.X, f, depth+1)
		}
	case *ssa.Phi:
		return e.phi(x, f, depth)
	case *ssa.Parameter:
		if f != nil {
			if a, ok := f.args[x]; ok {
				return e.eval(a, f.parent, depth+1)
			}
		} else if e.opts.Bind != nil {
			if a := e.opts.Bind(x); a != nil {
				return e.eval(a, nil, depth+1)
			}
		}
	case *ssa.UnOp:
		if g, ok := x.X.(*ssa.Global); ok && x.Op.String() == "*" {
			if init := initStore(g); init != nil {
				return e.eval(init, nil, depth+1)
			}
		}
	case *ssa.Call:
		return e.call(x, 0, f, depth)
	case *ssa.Extract:
		if c, ok := x.Tuple.(*ssa.Call); ok {
			return e.call(c, x.Index, f, depth)
		}
	}
	return holeText(v)
}

// phi is the text of a phi when every edge gives the same text; otherwise
// the phi is one hole (a statement chosen among several is unknown).
func (e *evaluator) phi(x *ssa.Phi, f *frame, depth int) Text {
	var first *Text
	for _, edge := range x.Edges {
		t := e.eval(edge, f, depth+1)
		if first == nil {
			first = &t
		} else if !equal(*first, t) {
			return holeText(x)
		}
	}
	if first == nil {
		return holeText(x)
	}
	return *first
}

// call evaluates the i-th result of a call.
func (e *evaluator) call(c *ssa.Call, i int, f *frame, depth int) Text {
	if e.opts.Passthrough != nil {
		if a, ok := e.opts.Passthrough(&c.Call); ok && i == 0 {
			if arg := argument(&c.Call, a); arg != nil {
				return e.eval(arg, f, depth+1)
			}
		}
	}
	fn := c.Call.StaticCallee()
	if fn == nil {
		return holeText(c)
	}
	if obj, ok := fn.Object().(*types.Func); ok && obj.Pkg() != nil && i == 0 {
		switch obj.Pkg().Path() + "." + recvName(obj) + obj.Name() {
		case "fmt.Sprintf":
			return e.format(c, argument(&c.Call, 0), argument(&c.Call, 1), f, depth)
		case "strings.Join":
			return e.join(c, f, depth)
		case "strings.ToUpper", "strings.ToLower", "strings.TrimSpace":
			t := e.eval(argument(&c.Call, 0), f, depth+1)
			if s, ok := t.Literal(); ok {
				var out Text
				out.lit(map[string]func(string) string{
					"ToUpper": strings.ToUpper, "ToLower": strings.ToLower, "TrimSpace": strings.TrimSpace,
				}[obj.Name()](s))
				return out
			}
		case "strings.Builder.String", "bytes.Buffer.String":
			return e.builder(argument(&c.Call, 0), c, f, depth)
		}
	}
	if fn.Blocks != nil { // a function of the program built here, not a dependency
		return e.helper(fn, c, i, f, depth)
	}
	return holeText(c)
}

// helper reads a function of the program from its returns: every return
// must give the same text for result i.
func (e *evaluator) helper(fn *ssa.Function, c *ssa.Call, i int, f *frame, depth int) Text {
	args := map[*ssa.Parameter]ssa.Value{}
	for j, p := range fn.Params {
		if j < len(c.Call.Args) {
			args[p] = c.Call.Args[j]
		}
	}
	inner := &frame{args: args, parent: f}
	var first *Text
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		if i >= len(ret.Results) {
			return holeText(c)
		}
		r := ret.Results[i]
		if k, isConst := r.(*ssa.Const); isConst && isString(k.Type()) && k.Value != nil && constant.StringVal(k.Value) == "" && len(fn.Blocks) > 1 {
			continue // an error return's empty statement
		}
		t := e.eval(r, inner, depth+1)
		if first == nil {
			first = &t
		} else if !equal(*first, t) {
			return holeText(c)
		}
	}
	if first == nil {
		return holeText(c)
	}
	// A helper whose whole text is a value of its own making (s.t("jobs")
	// returning a sanitised, schema-qualified name) says nothing the
	// caller can read; the call is the hole then, so that the name the
	// caller passed it (identFor) tells one such value from another.
	if len(first.Parts) == 1 && first.Parts[0].Hole != nil && madeIn(first.Parts[0].Hole, fn) && constArgName(c) != "" {
		return holeText(c)
	}
	return *first
}

// madeIn reports whether v is computed by fn itself (not a parameter or a
// value of its caller).
func madeIn(v ssa.Value, fn *ssa.Function) bool {
	instr, ok := unwrap(v).(ssa.Instruction)
	return ok && instr.Parent() == fn
}

// format evaluates fmt.Sprintf (or Fprintf) with a known format: each verb
// is its argument's text (a constant formatted as fmt would, a string
// spliced as text) or a hole.
func (e *evaluator) format(c *ssa.Call, formatArg, argsArg ssa.Value, f *frame, depth int) Text {
	format, ok := e.eval(formatArg, f, depth+1).Literal()
	if !ok {
		return holeText(c)
	}
	args, ok := variadic(argsArg)
	if !ok {
		return holeText(c)
	}
	var t Text
	next := 0
	for i := 0; i < len(format); i++ {
		ch := format[i]
		if ch != '%' {
			t.lit(string(ch))
			continue
		}
		// %[flags][width][.prec]verb; explicit argument indexes are not read.
		j := i + 1
		for j < len(format) && strings.IndexByte("+-# 0123456789.*", format[j]) >= 0 {
			j++
		}
		if j >= len(format) || format[j] == '[' {
			return holeText(c)
		}
		verb := rune(format[j])
		spec := format[i : j+1]
		i = j
		if verb == '%' {
			t.lit("%")
			continue
		}
		if next >= len(args) || strings.Contains(spec, "*") {
			return holeText(c)
		}
		a := unwrap(args[next])
		next++
		if k, isConst := a.(*ssa.Const); isConst && k.Value != nil {
			switch k.Value.Kind() {
			case constant.String:
				t.lit(formatOne(spec, constant.StringVal(k.Value)))
				continue
			case constant.Int:
				if n, exact := constant.Int64Val(k.Value); exact {
					t.lit(formatOne(spec, n))
					continue
				}
			}
		}
		if isString(a.Type()) && (verb == 's' || verb == 'v') && spec == "%"+string(verb) {
			u := e.eval(a, f, depth+1)
			if len(u.Parts) == 1 && u.Parts[0].Hole != nil {
				u.Parts[0].Verb = verb
			}
			t.append(u)
			continue
		}
		t.hole(e.resolve(a, f), verb)
	}
	return t
}

// resolve maps a parameter of a helper being read to the caller's value it
// was bound to, so that a hole names a value of the function the caller
// judges where it can. A hole of a helper's own making (a local of the
// helper) stays as it is: its Parent is the helper.
func (e *evaluator) resolve(v ssa.Value, f *frame) ssa.Value {
	for {
		p, ok := unwrap(v).(*ssa.Parameter)
		if !ok {
			return v
		}
		switch {
		case f != nil:
			a, ok := f.args[p]
			if !ok {
				return v
			}
			v, f = a, f.parent
		case e.opts.Bind != nil:
			a := e.opts.Bind(p)
			if a == nil {
				return v
			}
			return a
		default:
			return v
		}
	}
}

// String renders the text with each hole as {verb} ({} when concatenated),
// for tests and debugging.
func (t Text) String() string {
	var b strings.Builder
	for _, p := range t.Parts {
		if p.Hole == nil {
			b.WriteString(p.Lit)
			continue
		}
		b.WriteByte('{')
		if p.Verb != 0 {
			b.WriteRune(p.Verb)
		}
		b.WriteByte('}')
	}
	return b.String()
}

// join evaluates strings.Join of a slice literal with a known separator.
func (e *evaluator) join(c *ssa.Call, f *frame, depth int) Text {
	sep, ok := e.eval(argument(&c.Call, 1), f, depth+1).Literal()
	if !ok {
		return holeText(c)
	}
	elems, ok := variadic(argument(&c.Call, 0))
	if !ok {
		return holeText(c)
	}
	var t Text
	for i, el := range elems {
		if i > 0 {
			t.lit(sep)
		}
		t.append(e.eval(el, f, depth+1))
	}
	return t
}

// recvName is "Builder." for a method of strings.Builder, "" for a
// function.
func recvName(fn *types.Func) string {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return ""
	}
	t := sig.Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name() + "."
	}
	return ""
}

// argument is the i-th argument of a call; a static method call's receiver
// is argument 0.
func argument(c *ssa.CallCommon, i int) ssa.Value {
	if i < 0 || i >= len(c.Args) {
		return nil
	}
	return c.Args[i]
}

func unwrap(v ssa.Value) ssa.Value { return calls.Unwrap(v) }

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// variadic returns the elements of a slice literal passed to a variadic
// parameter (f(a, b)); ok is false for f(xs...), another shape, or an
// element not stored.
func variadic(v ssa.Value) ([]ssa.Value, bool) {
	elems, ok := calls.Variadic(v)
	if !ok || slices.Contains(elems, nil) {
		return nil, false
	}
	return elems, true
}

// initStore returns the value a package initialiser stores into g, when it
// stores exactly one.
func initStore(g *ssa.Global) ssa.Value {
	if g.Pkg == nil {
		return nil
	}
	init := g.Pkg.Func("init")
	if init == nil {
		return nil
	}
	var val ssa.Value
	for _, b := range init.Blocks {
		for _, instr := range b.Instrs {
			if st, ok := instr.(*ssa.Store); ok && st.Addr == g {
				if val != nil {
					return nil
				}
				val = st.Val
			}
		}
	}
	return val
}

// formatOne formats one constant as the verb spec would.
func formatOne(spec string, v any) string { return fmt.Sprintf(spec, v) }

// builder reads a strings.Builder or bytes.Buffer that is a local of one
// function: the writes into it that run, in order, on every path before
// String() is called at at. A write on some paths only, in a loop, or the
// builder escaping to another call makes the whole text a hole.
func (e *evaluator) builder(recv ssa.Value, at *ssa.Call, f *frame, depth int) Text {
	alloc, ok := recv.(*ssa.Alloc)
	if !ok {
		return holeText(at)
	}
	type write struct {
		call  *ssa.Call
		depth int // of its block in the dominator tree
		index int // in its block
	}
	var writes []write
	add := func(c *ssa.Call) bool {
		b := c.Block()
		if b == nil || !b.Dominates(at.Block()) || inLoop(b) {
			return false
		}
		idx := indexOf(b, c)
		if b == at.Block() && idx > indexOf(b, at) {
			return true // after String(): not part of this text
		}
		writes = append(writes, write{c, domDepth(b), idx})
		return true
	}
	for _, ref := range *alloc.Referrers() {
		switch r := ref.(type) {
		case *ssa.Call:
			if r == at {
				continue
			}
			name := calleeName(&r.Call)
			switch {
			case strings.HasSuffix(name, ".WriteString"), strings.HasSuffix(name, ".WriteByte"), strings.HasSuffix(name, ".WriteRune"):
				if !add(r) {
					return holeText(at)
				}
			case strings.HasSuffix(name, ".Len"), strings.HasSuffix(name, ".Grow"), strings.HasSuffix(name, ".String"):
			default:
				return holeText(at)
			}
		case *ssa.MakeInterface:
			// fmt.Fprintf(&b, format, args...)
			for _, r2 := range *r.Referrers() {
				c, ok := r2.(*ssa.Call)
				if !ok || calleeName(&c.Call) != "fmt.Fprintf" || argument(&c.Call, 0) != r || !add(c) {
					return holeText(at)
				}
			}
		case *ssa.DebugRef:
		default:
			return holeText(at)
		}
	}
	slicesSort(writes, func(a, b write) bool {
		if a.depth != b.depth {
			return a.depth < b.depth
		}
		return a.index < b.index
	})
	var t Text
	for _, w := range writes {
		name := calleeName(&w.call.Call)
		arg := argument(&w.call.Call, 1)
		switch {
		case name == "fmt.Fprintf":
			t.append(e.format(w.call, arg, argument(&w.call.Call, 2), f, depth+1))
		case strings.HasSuffix(name, ".WriteString"):
			t.append(e.eval(arg, f, depth+1))
		default: // WriteByte, WriteRune
			if k, ok := unwrap(arg).(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.Int {
				n, _ := constant.Int64Val(k.Value)
				t.lit(string(rune(n)))
			} else {
				t.hole(e.resolve(arg, f), 'c')
			}
		}
	}
	return t
}

// calleeName is "pkg.Func" or "pkg.Type.Method" of a static callee, "" for
// a dynamic call.
func calleeName(c *ssa.CallCommon) string {
	fn := c.StaticCallee()
	if fn == nil {
		return ""
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Pkg() == nil {
		return ""
	}
	return obj.Pkg().Path() + "." + recvName(obj) + obj.Name()
}

func indexOf(b *ssa.BasicBlock, instr ssa.Instruction) int {
	for i, x := range b.Instrs {
		if x == instr {
			return i
		}
	}
	return -1
}

func domDepth(b *ssa.BasicBlock) int {
	d := 0
	for ; b != nil; b = b.Idom() {
		d++
	}
	return d
}

// inLoop reports whether b can reach itself.
func inLoop(b *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{}
	stack := append([]*ssa.BasicBlock(nil), b.Succs...)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x == b {
			return true
		}
		if seen[x] {
			continue
		}
		seen[x] = true
		stack = append(stack, x.Succs...)
	}
	return false
}

func slicesSort[T any](s []T, less func(a, b T) bool) {
	slices.SortStableFunc(s, func(a, b T) int {
		switch {
		case less(a, b):
			return -1
		case less(b, a):
			return 1
		}
		return 0
	})
}
