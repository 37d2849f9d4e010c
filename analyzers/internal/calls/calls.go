// Package calls answers small questions about SSA call instructions that
// every part of the engine asks: who is called, with which arguments, and
// which constant strings reach an argument.
package calls

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"iter"
	"slices"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/dataflow"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"golang.org/x/tools/go/ssa"
)

// Callee returns the function or method a call invokes, or nil when it is
// dynamic (a func value). Interface calls yield the interface method.
func Callee(c *ssa.CallCommon) *types.Func {
	if c.IsInvoke() {
		return c.Method
	}
	if fn := c.StaticCallee(); fn != nil {
		if o := fn.Origin(); o != nil {
			fn = o // an instantiation of a generic function
		}
		if o, ok := fn.Object().(*types.Func); ok {
			return o
		}
	}
	return nil
}

// Receiver returns the receiver of a method call, or nil for a function.
func Receiver(c *ssa.CallCommon) ssa.Value {
	if c.IsInvoke() {
		return c.Value
	}
	if c.Signature().Recv() != nil && len(c.Args) > 0 {
		return c.Args[0]
	}
	if fn := c.StaticCallee(); fn != nil && fn.Signature.Recv() != nil && len(c.Args) > 0 {
		return c.Args[0]
	}
	return nil
}

// Args returns the call's arguments without the receiver.
func Args(c *ssa.CallCommon) []ssa.Value {
	if !c.IsInvoke() && Receiver(c) != nil {
		return c.Args[1:]
	}
	return c.Args
}

// Arg returns argument i (receiver excluded) or nil.
func Arg(c *ssa.CallCommon, i int) ssa.Value {
	a := Args(c)
	if i < 0 || i >= len(a) {
		return nil
	}
	return a[i]
}

// Variadic returns the elements passed to a variadic parameter when the
// call site lists them (f(a, b)), and ok=false when a slice was passed
// through (f(xs...)) or the shape is unknown.
func Variadic(v ssa.Value) (elems []ssa.Value, ok bool) {
	if c, isConst := v.(*ssa.Const); isConst && c.IsNil() {
		return nil, true
	}
	sl, isSlice := v.(*ssa.Slice)
	if !isSlice {
		return nil, false
	}
	arr, isAlloc := sl.X.(*ssa.Alloc)
	if !isAlloc {
		return nil, false
	}
	n := 0
	if at, isArr := arr.Type().(*types.Pointer).Elem().Underlying().(*types.Array); isArr {
		n = int(at.Len())
	}
	elems = make([]ssa.Value, n)
	for _, ref := range *arr.Referrers() {
		ia, isIA := ref.(*ssa.IndexAddr)
		if !isIA {
			continue
		}
		idx, isC := ia.Index.(*ssa.Const)
		if !isC {
			return nil, false
		}
		i := int(idx.Int64())
		for _, r2 := range *ia.Referrers() {
			if st, isStore := r2.(*ssa.Store); isStore && st.Addr == ia && i < n {
				elems[i] = Unwrap(st.Val)
			}
		}
	}
	return elems, true
}

// Unwrap strips conversions that do not change a value's identity.
func Unwrap(v ssa.Value) ssa.Value { return dataflow.Unwrap(v) }

// ConstString returns the string a value is known to hold: a constant, a
// concatenation of constants, or a conversion of one.
func ConstString(v ssa.Value) (string, bool) {
	switch x := Unwrap(v).(type) {
	case *ssa.Const:
		if x.Value != nil && x.Value.Kind() == constant.String {
			return constant.StringVal(x.Value), true
		}
	case *ssa.BinOp:
		if x.Op.String() == "+" {
			a, ok1 := ConstString(x.X)
			b, ok2 := ConstString(x.Y)
			if ok1 && ok2 {
				return a + b, true
			}
		}
	case *ssa.Convert:
		return ConstString(x.X)
	case *ssa.Call:
		return constCall(x)
	case *ssa.Extract:
		// query, args, err := db.BindNamed(`UPDATE ... WHERE id = :id`, v):
		// sqlx rewrites the named parameters of a constant statement.
		if c, ok := x.Tuple.(*ssa.Call); ok && x.Index == 0 {
			if i, ok := rebinds(&c.Call); ok {
				return ConstString(Arg(&c.Call, i))
			}
		}
	}
	return "", false
}

// Rebinds reports whether c is a statement-rewriting helper, and the index
// of its statement argument (textval.Options.Passthrough).
func Rebinds(c *ssa.CallCommon) (int, bool) { return rebinds(c) }

// rebinds reports whether c is a statement-rewriting helper
// (model.Rewriter: sqlx's Named, In, BindNamed and Rebind, on any receiver),
// whose result 0 is the statement it was given, and the index of that
// argument.
func rebinds(c *ssa.CallCommon) (int, bool) {
	if i, ok := model.KB.Rewrites(Callee(c)); ok {
		return i, true
	}
	return placeholderRewriter(c.StaticCallee())
}

// placeholderRewriter reports whether fn, a function of the program with
// one string parameter (besides its receiver) and one string result,
// returns that statement with only its placeholders rewritten (a store
// serving SQLite and PostgreSQL turning each '?' into $n: `for
// strings.Contains(q, "?") { q = strings.Replace(q, "?", "$"+n, 1) }`),
// and the index of the parameter. Every returned value must be the
// parameter or such a replacement of one.
func placeholderRewriter(fn *ssa.Function) (int, bool) {
	if fn == nil || len(fn.Blocks) == 0 || fn.Signature.Results().Len() != 1 || !isStringType(fn.Signature.Results().At(0).Type()) {
		return 0, false
	}
	params := fn.Params
	if fn.Signature.Recv() != nil {
		params = params[1:]
	}
	if len(params) != 1 || !isStringType(params[0].Type()) {
		return 0, false
	}
	q := params[0]
	seen := map[ssa.Value]bool{}
	var same func(v ssa.Value) bool
	same = func(v ssa.Value) bool {
		if v == q || seen[v] {
			return true // a phi's own loop edge
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.Phi:
			for _, e := range x.Edges {
				if !same(e) {
					return false
				}
			}
			return true
		case *ssa.Call:
			callee := Callee(&x.Call)
			if callee == nil || callee.Pkg() == nil || callee.Pkg().Path() != "strings" || callee.Name() != "Replace" && callee.Name() != "ReplaceAll" {
				return false
			}
			old, ok := ConstString(Arg(&x.Call, 1))
			return ok && old == "?" && same(Arg(&x.Call, 0))
		}
		return false
	}
	returns := 0
	for _, b := range fn.Blocks {
		if r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			returns++
			if !same(r.Results[0]) {
				return 0, false
			}
		}
	}
	return 0, returns > 0
}

func isStringType(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.String
}

// constCall evaluates fmt.Sprintf with a constant format and constant
// arguments, and strings.Join of a slice literal of constants: the two
// ways SQL text is commonly assembled from constants.
func constCall(c *ssa.Call) (string, bool) {
	fn := Callee(&c.Call)
	if fn == nil || fn.Pkg() == nil {
		return "", false
	}
	if i, ok := rebinds(&c.Call); ok && c.Call.Signature().Results().Len() == 1 {
		return ConstString(Arg(&c.Call, i)) // sqlx.Rebind(bindType, query)
	}
	switch fn.Pkg().Path() + "." + fn.Name() {
	case "fmt.Sprintf":
		format, ok := ConstString(Arg(&c.Call, 0))
		if !ok {
			return "", false
		}
		elems, ok := Variadic(Arg(&c.Call, 1))
		if !ok {
			return "", false
		}
		args := make([]any, len(elems))
		for i, e := range elems {
			k, isConst := Unwrap(e).(*ssa.Const)
			if !isConst || k.Value == nil {
				return "", false
			}
			switch k.Value.Kind() {
			case constant.String:
				args[i] = constant.StringVal(k.Value)
			case constant.Int:
				n, _ := constant.Int64Val(k.Value)
				args[i] = n
			default:
				return "", false
			}
		}
		return fmt.Sprintf(format, args...), true
	case "strings.Join":
		sep, ok := ConstString(Arg(&c.Call, 1))
		if !ok {
			return "", false
		}
		elems, ok := Variadic(Arg(&c.Call, 0))
		if !ok {
			return "", false
		}
		parts := make([]string, len(elems))
		for i, e := range elems {
			if parts[i], ok = ConstString(e); !ok {
				return "", false
			}
		}
		return strings.Join(parts, sep), true
	}
	return "", false
}

// ConstPrefix returns the constant text a string value starts with, for
// keys built as "lock:" + id.
func ConstPrefix(v ssa.Value) (string, bool) { return constPrefix(v, maxPrefixHelpers) }

// HelperPrefix is ConstPrefix through the key-building helpers of the
// program too (r.name(id) returning fmt.Sprintf("im:lock:%s", id)): what
// an acquisition's key is called where the helper builds it.
func HelperPrefix(v ssa.Value) (string, bool) { return constPrefix(v, 0) }

// maxPrefixHelpers bounds the key-building helpers HelperPrefix follows.
const maxPrefixHelpers = 2

func constPrefix(v ssa.Value, depth int) (string, bool) {
	if s, ok := ConstString(v); ok {
		return s, true
	}
	if b, ok := Unwrap(v).(*ssa.BinOp); ok && b.Op.String() == "+" {
		return constPrefix(b.X, depth)
	}
	if c, ok := Unwrap(v).(*ssa.Call); ok {
		if ret := onlyReturn(c.Call.StaticCallee()); ret != nil && depth < maxPrefixHelpers {
			return constPrefix(ret, depth+1)
		}
		if fn := Callee(&c.Call); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "strings" && fn.Name() == "Join" {
			// strings.Join([]string{"lock", id}, ":"): the first part.
			if elems, ok := Variadic(Arg(&c.Call, 0)); ok && len(elems) > 0 && elems[0] != nil {
				return constPrefix(elems[0], depth)
			}
		}
		if fn := Callee(&c.Call); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "fmt" && fn.Name() == "Sprintf" {
			if a := Arg(&c.Call, 0); a != nil {
				if s, ok := ConstString(a); ok {
					if i := strings.IndexByte(s, '%'); i >= 0 {
						return s[:i], true
					}
					return s, true
				}
			}
		}
	}
	return "", false
}

// onlyReturn returns the one string value fn, a function of the program
// with one return statement and one result, returns; nil otherwise.
func onlyReturn(fn *ssa.Function) ssa.Value {
	if fn == nil || len(fn.Blocks) == 0 || fn.Signature.Results().Len() != 1 {
		return nil
	}
	var ret ssa.Value
	for _, b := range fn.Blocks {
		if r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			if ret != nil {
				return nil
			}
			ret = r.Results[0]
		}
	}
	return ret
}

// SameValue reports whether a and b denote the same lock handle or key:
// the same SSA value, the same constant, or loads of the same field of the
// same base (s.mu read twice).
func SameValue(a, b ssa.Value) bool {
	a, b = Unwrap(a), Unwrap(b)
	if a == b {
		return true
	}
	switch x := a.(type) {
	case *ssa.Const:
		y, ok := b.(*ssa.Const)
		return ok && x.Value != nil && y.Value != nil && constant.Compare(x.Value, token.EQL, y.Value)
	case *ssa.UnOp:
		y, ok := b.(*ssa.UnOp)
		return ok && x.Op == y.Op && SameValue(x.X, y.X)
	case *ssa.FieldAddr:
		y, ok := b.(*ssa.FieldAddr)
		return ok && x.Field == y.Field && SameValue(x.X, y.X)
	case *ssa.Field:
		y, ok := b.(*ssa.Field)
		return ok && x.Field == y.Field && SameValue(x.X, y.X)
	case *ssa.BinOp:
		y, ok := b.(*ssa.BinOp)
		return ok && x.Op == y.Op && SameValue(x.X, y.X) && SameValue(x.Y, y.Y)
	}
	return false
}

// Root follows an address or a loaded reference back to the variable it
// belongs to: &req.Header -> req, *(&s.f) -> s.
func Root(v ssa.Value) ssa.Value { return dataflow.Root(v) }

// Result returns result i of a call: the call itself when it returns one
// value, the Extract of index i when it returns a tuple, or nil when that
// result is never used.
func Result(call *ssa.Call, i int) ssa.Value {
	if call.Call.Signature().Results().Len() <= 1 {
		if i == 0 {
			return call
		}
		return nil
	}
	for _, r := range *call.Referrers() {
		if e, ok := r.(*ssa.Extract); ok && e.Index == i {
			return e
		}
	}
	return nil
}

// In yields the call, go and defer instructions of fn, in block order.
func In(fn *ssa.Function) iter.Seq[ssa.CallInstruction] {
	return func(yield func(ssa.CallInstruction) bool) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if ci, ok := instr.(ssa.CallInstruction); ok && !yield(ci) {
					return
				}
			}
		}
	}
}

// Taking yields the calls in the enclosing function of lit, a function
// literal, that take lit as an argument (directly, as a closure, or
// converted to a named func type or an interface): the functions it is
// handed to.
func Taking(lit *ssa.Function) iter.Seq[ssa.CallInstruction] {
	return func(yield func(ssa.CallInstruction) bool) {
		if lit.Parent() == nil {
			return
		}
		for ci := range In(lit.Parent()) {
			if slices.ContainsFunc(ci.Common().Args, func(arg ssa.Value) bool {
				switch x := Unwrap(arg).(type) {
				case *ssa.Function:
					return x == lit
				case *ssa.MakeClosure:
					return x.Fn == lit
				}
				return false
			}) && !yield(ci) {
				return
			}
		}
	}
}

// WrappedCall returns the one call a synthetic wrapper makes (a method
// value's $bound function calls the method), or nil when fn is not
// synthetic or makes another number of calls.
func WrappedCall(fn *ssa.Function) *ssa.CallCommon {
	if fn == nil || fn.Synthetic == "" {
		return nil
	}
	var one *ssa.CallCommon
	for ci := range In(fn) {
		if one != nil {
			return nil
		}
		one = ci.Common()
	}
	return one
}

// FuncOf returns the function a function value denotes: a declared
// function or a function literal (with or without free variables), or
// nil.
func FuncOf(v ssa.Value) *ssa.Function {
	switch x := v.(type) {
	case *ssa.Function:
		return x
	case *ssa.MakeClosure:
		fn, _ := x.Fn.(*ssa.Function)
		return fn
	}
	return nil
}

// FlatArg returns argument i (receiver excluded) of c, counting the
// elements of a variadic argument that the call site lists as arguments
// of their own: in conn.Do("DEL", key) the key is argument 1. When the
// elements are not known (f(xs...)), index i of the variadic parameter is
// the slice itself and the indexes after it are nil.
func FlatArg(c *ssa.CallCommon, i int) ssa.Value {
	a := Args(c)
	sig := c.Signature()
	p := len(a) - 1
	if !sig.Variadic() || i < p || p < 0 {
		return Arg(c, i)
	}
	if elems, ok := Variadic(a[p]); ok {
		if i-p < len(elems) {
			return elems[i-p]
		}
		return nil
	}
	if i == p {
		return a[p]
	}
	return nil
}

// Spread returns the arguments of c (receiver excluded) with the elements
// of a variadic argument that the call site lists in place of its slice:
// fmt.Sprintf("%s:%s", a, b) gives the format, a and b.
func Spread(c *ssa.CallCommon) []ssa.Value {
	args := Args(c)
	p := len(args) - 1
	if p < 0 || !c.Signature().Variadic() {
		return args
	}
	elems, ok := Variadic(args[p])
	if !ok {
		return args
	}
	return append(args[:p:p], elems...)
}

// IsCommand reports whether c sends the command cmd (model.Command): its
// argument cmd.Arg is a constant naming it, with the constant arguments
// after it that cmd asks for, or, for a client whose commands are built
// (cmd.Builder), a command built by a chain that names it, with the
// methods cmd asks for. A nil cmd is every call.
func IsCommand(c *ssa.CallCommon, cmd *model.Command) bool {
	if cmd == nil {
		return true
	}
	if cmd.Builder != nil {
		return BuiltChain(c, cmd) != nil
	}
	if cmd.Field != "" {
		v, ok := StructField(Arg(c, cmd.Arg), cmd.Field)
		if !ok {
			// The option is not known: no acquisition that asks for it,
			// but a write excluding it stays a write (as before SetArgs'
			// Mode was read).
			return len(cmd.With) == 0
		}
		return cmd.Matches("", []string{v})
	}
	name, ok := ConstString(Arg(c, cmd.Arg))
	if !ok {
		return false
	}
	var rest []string
	for i := cmd.Arg + 1; ; i++ {
		v := FlatArg(c, i)
		if v == nil {
			break
		}
		if a := Args(c); c.Signature().Variadic() && v == a[len(a)-1] {
			if len(cmd.With) > 0 || len(cmd.Without) > 0 {
				return false // the arguments are not known: whether NX is among them neither
			}
			break
		}
		s, _ := ConstString(v)
		rest = append(rest, s)
	}
	return cmd.Matches(name, rest)
}

// Mirrors reports whether c calls a method of an interface declared
// outside the knowledge base that mirrors one of names (model.Mirror):
// its parameters start with a context.Context and a string key (or, for
// a release, a variadic ...string), and an acquisition returns a bool
// first or a single value whose Val() is a bool.
func Mirrors(c *ssa.CallCommon, names []string, acquire bool) bool {
	if !c.IsInvoke() || c.Method == nil || c.Method.Pkg() == nil || !slices.Contains(names, c.Method.Name()) {
		return false
	}
	if model.KB.IsLibraryPackage(c.Method.Pkg().Path()) {
		return false
	}
	sig := c.Method.Type().(*types.Signature)
	ps := sig.Params()
	if ps.Len() < 2 || !IsContext(ps.At(0).Type()) {
		return false
	}
	key := ps.At(1).Type()
	if sl, ok := key.(*types.Slice); ok && sig.Variadic() && ps.Len() == 2 && !acquire {
		key = sl.Elem()
	}
	if b, ok := key.Underlying().(*types.Basic); !ok || b.Kind() != types.String {
		return false
	}
	if !acquire {
		return true
	}
	if ps.Len() < 3 {
		return false
	}
	res := sig.Results()
	switch {
	case res.Len() == 2:
		b, ok := res.At(0).Type().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Bool && types.Identical(res.At(1).Type(), types.Universe.Lookup("error").Type())
	case res.Len() == 1:
		m, _, _ := types.LookupFieldOrMethod(res.At(0).Type(), true, nil, "Val")
		fn, ok := m.(*types.Func)
		if !ok {
			return false
		}
		r := fn.Type().(*types.Signature).Results()
		if r.Len() != 1 {
			return false
		}
		b, ok := r.At(0).Type().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Bool
	}
	return false
}

// IsBool reports whether t's underlying type is bool.
func IsBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

// IsContext reports whether t is context.Context.
func IsContext(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Name() == "Context" && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context"
}
