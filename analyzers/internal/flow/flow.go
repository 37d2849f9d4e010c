// Package flow follows fencing tokens through one SSA function.
//
// The analysis is a forward taint over SSA values: a value carries the
// token when it is read from a known fence (model.FenceCalls,
// model.FenceFields, a field the token was stored into) or is computed from
// such a value by arithmetic, conversion, formatting, a call that receives
// it, or a load from a variable, struct, slice or map it was stored into.
// It is deliberately generous: for the checks that ask "does the write carry
// the token?" an over-approximation errs towards silence, which is the
// direction fencecheck prefers.
package flow

import (
	"go/types"
	"slices"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"golang.org/x/tools/go/ssa"
)

// Fields is the set of struct fields known to hold a token in a package:
// the knowledge base's fence fields plus every field a token is stored to.
type Fields struct {
	vars map[*types.Var]bool
	// Custom fences declared by annotations or configuration.
	CustomCall  func(*types.Func) bool
	CustomField func(owner *types.Named, v *types.Var) bool
}

// NewFields returns an empty field set.
func NewFields() *Fields { return &Fields{vars: map[*types.Var]bool{}} }

// Len is the number of fields learnt from stores.
func (f *Fields) Len() int { return len(f.vars) }

func (f *Fields) holds(owner types.Type, v *types.Var) bool {
	if f.vars[v] {
		return true
	}
	if p, ok := owner.Underlying().(*types.Pointer); ok {
		owner = p.Elem()
	}
	named, _ := types.Unalias(owner).(*types.Named)
	for _, ff := range model.FenceFields {
		if ff.Matches(named, v) {
			return true
		}
	}
	return f.CustomField != nil && f.CustomField(named, v)
}

// Tokens is the set of values carrying a token in one function.
type Tokens struct {
	set map[ssa.Value]bool
	// args are the arguments the function was called with on the path
	// being walked, by parameter (WithArgs).
	args map[*ssa.Parameter]ssa.Value
}

// WithArgs returns t for a function walked from a call that passes args:
// a value built by the caller (the operations of a transaction handed to
// a helper) can then be looked at through the parameter.
func (t *Tokens) WithArgs(args map[*ssa.Parameter]ssa.Value) *Tokens {
	if t == nil || len(args) == 0 {
		return t
	}
	return &Tokens{set: t.set, args: args}
}

// Arg returns the argument passed for p on the path being walked, or nil.
func (t *Tokens) Arg(p *ssa.Parameter) ssa.Value {
	if t == nil {
		return nil
	}
	return t.args[p]
}

// Has reports whether v carries the token.
func (t *Tokens) Has(v ssa.Value) bool {
	if t == nil || v == nil {
		return false
	}
	return t.set[v] || t.set[calls.Unwrap(v)]
}

// Any reports whether any of vs carries the token.
func (t *Tokens) Any(vs ...ssa.Value) bool { return slices.ContainsFunc(vs, t.Has) }

// Analyze computes the values of fn that carry a token, given values known
// to carry one on entry (parameters or free variables). Stores of a token
// into struct fields are added to fields.
func Analyze(fn *ssa.Function, seeds []ssa.Value, fields *Fields) *Tokens {
	t := &Tokens{set: map[ssa.Value]bool{}}
	var queue []ssa.Value
	mark := func(v ssa.Value) {
		if v != nil && !t.set[v] {
			t.set[v] = true
			queue = append(queue, v)
		}
	}
	var markRoot func(addr ssa.Value)
	markRoot = func(addr ssa.Value) {
		mark(addr)
		root := calls.Root(addr)
		mark(root)
		// What a writer wraps receives what is written to the writer:
		// json.NewEncoder(&buf).Encode(v) puts v into buf.
		if ext, ok := root.(*ssa.Extract); ok {
			root = ext.Tuple
		}
		if c, ok := root.(*ssa.Call); ok && c.Call.Signature().Recv() == nil {
			for _, a := range c.Call.Args {
				if isReference(calls.Unwrap(a).Type()) && !t.set[calls.Root(a)] {
					markRoot(a)
				}
			}
		}
	}
	for _, s := range seeds {
		mark(s)
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.Call:
				if isFenceCall(&x.Call) || (fields.CustomCall != nil && calls.Callee(&x.Call) != nil && fields.CustomCall(calls.Callee(&x.Call))) {
					mark(x)
				}
				if dsts := issuedTokens(&x.Call); dsts != nil {
					for _, d := range dsts {
						markRoot(d)
					}
				}
				if idempotencyHeader(&x.Call) {
					if r := calls.Receiver(&x.Call); r != nil {
						markRoot(r)
					}
					mark(x)
				}
			case *ssa.Field:
				if fields.holds(x.X.Type(), calls.FieldVar(x.X.Type(), x.Field)) {
					mark(x)
				}
			case *ssa.FieldAddr:
				if fields.holds(x.X.Type(), calls.FieldVar(x.X.Type(), x.Field)) {
					mark(x)
				}
			}
		}
	}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		refs := v.Referrers()
		if refs == nil {
			continue
		}
		for _, ref := range *refs {
			switch x := ref.(type) {
			case *ssa.Store:
				if x.Val == v {
					markRoot(x.Addr)
					if fa, ok := x.Addr.(*ssa.FieldAddr); ok {
						fields.vars[calls.FieldVar(fa.X.Type(), fa.Field)] = true
					}
				}
			case *ssa.MapUpdate:
				if x.Value == v || x.Key == v {
					markRoot(x.Map)
				}
			case *ssa.Call:
				mark(x)
				if !slices.Contains(calls.Args(&x.Call), v) {
					// Only the receiver carries the token (a client that
					// once sent it): its results may, its other
					// arguments do not.
					continue
				}
				// A callee that receives the token may put it into what
				// its receiver and other reference arguments point to
				// (Header.Set, json.NewEncoder(&buf).Encode,
				// fmt.Fprintf(&buf, ...)).
				if r := calls.Receiver(&x.Call); r != nil && isReference(calls.Unwrap(r).Type()) {
					markRoot(r)
				}
				for _, a := range calls.Args(&x.Call) {
					if a != v && isReference(calls.Unwrap(a).Type()) {
						markRoot(a)
					}
				}
			case *ssa.Send:
				if x.X == v {
					markRoot(x.Chan)
				}
			case ssa.Value:
				// Every other value computed from a token carries it:
				// arithmetic, conversions, loads, field and index
				// selection, phi nodes, slices, closures binding it.
				mark(x)
			}
		}
	}
	return t
}

func isReference(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Map, *types.Slice:
		return true
	}
	return false
}

func isFenceCall(c *ssa.CallCommon) bool {
	fn := calls.Callee(c)
	for _, f := range model.FenceCalls {
		if f.Matches(fn) {
			return true
		}
	}
	return false
}

// idempotencyHeader recognises req.Header.Set("Idempotency-Key", k) and
// metadata.AppendToOutgoingContext(ctx, "idempotency-key", k): a request
// that carries an idempotency key is as good as a fenced one.
func idempotencyHeader(c *ssa.CallCommon) bool {
	fn := calls.Callee(c)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	var key ssa.Value
	switch {
	case model.RecvName(fn) == "Header" && (fn.Name() == "Set" || fn.Name() == "Add"):
		key = calls.Arg(c, 0)
	case fn.Pkg().Path() == "google.golang.org/grpc/metadata" && fn.Name() == "AppendToOutgoingContext":
		if elems, ok := calls.Variadic(calls.Arg(c, 1)); ok {
			for _, e := range elems {
				if s, ok := calls.ConstString(e); ok && isIdempotencyKey(s) {
					return true
				}
			}
		}
		return false
	default:
		return false
	}
	s, ok := calls.ConstString(key)
	return ok && isIdempotencyKey(s)
}

func isIdempotencyKey(s string) bool {
	return slices.Contains(model.IdempotencyHeaders, strings.ToLower(s))
}

// issuedTokens recognises a token issued by the database itself and scanned
// into variables: row.Scan(&tok) on a QueryRow whose statement takes
// nextval() or returns a fence column (UPDATE fences SET token = token + 1
// ... RETURNING token). It returns the scan destinations.
func issuedTokens(c *ssa.CallCommon) []ssa.Value {
	fn := calls.Callee(c)
	if fn == nil {
		return nil
	}
	switch fn.Name() {
	case "Get", "GetContext", "Select", "SelectContext":
		// sqlx-style: the destination is a pointer argument of the query call.
		var dsts []ssa.Value
		issuing := false
		for _, a := range calls.Args(c) {
			if text, ok := calls.ConstString(a); ok && IssuesToken(text) {
				issuing = true
			} else if _, isPtr := a.Type().Underlying().(*types.Pointer); isPtr {
				dsts = append(dsts, a)
			} else if mi, isMI := a.(*ssa.MakeInterface); isMI {
				if _, isPtr := mi.X.Type().Underlying().(*types.Pointer); isPtr {
					dsts = append(dsts, mi.X)
				}
			}
		}
		if issuing {
			return dsts
		}
		return nil
	case "Scan":
	default:
		return nil
	}
	q, ok := calls.Unwrap(calls.Receiver(c)).(*ssa.Call)
	if !ok {
		return nil
	}
	issuing := false
	for _, a := range calls.Args(&q.Call) {
		if text, ok := calls.ConstString(a); ok && IssuesToken(text) {
			issuing = true
		}
	}
	if !issuing {
		return nil
	}
	dsts, _ := calls.Variadic(calls.Arg(c, 0))
	return dsts
}

// IssuesToken reports whether a SQL statement issues a fencing token: it
// takes nextval() or returns a fence-named column (UPDATE fences SET token
// = token + 1 ... RETURNING token). Such a statement is the token's source,
// not an effect that should carry it.
func IssuesToken(text string) bool {
	lower := strings.ToLower(text)
	_, ret, hasRet := strings.Cut(lower, "returning")
	return strings.Contains(lower, "nextval(") || (hasRet && vocab.FenceColumn.Match(ret))
}
