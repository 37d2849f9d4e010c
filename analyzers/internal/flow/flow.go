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
	"github.com/fencecheck/fencecheck/analyzers/internal/dataflow"
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

	pol *dataflow.Policy[string] // the fence taint's, built once
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
	labels *dataflow.Labels[string]
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
	return &Tokens{labels: t.labels, args: args}
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
	return t.labels.Of(v) != nil || t.labels.Of(calls.Unwrap(v)) != nil
}

// Any reports whether any of vs carries the token.
func (t *Tokens) Any(vs ...ssa.Value) bool { return slices.ContainsFunc(vs, t.Has) }

// Where a token comes from (its labels' Source).
const (
	fromSeed        = "seed"        // a parameter or free variable given on entry
	fromFence       = "fence"       // a fence call or a custom fence
	fromField       = "fence field" // a field known to hold a token
	fromIssued      = "issued"      // scanned from a statement that issues a token
	fromIdempotency = "idempotency" // an idempotency key sent with a request
)

// Analyze computes the values of fn that carry a token, given values known
// to carry one on entry (parameters or free variables). Stores of a token
// into struct fields are added to fields.
func Analyze(fn *ssa.Function, seeds []ssa.Value, fields *Fields) *Tokens {
	l := dataflow.New(fn, fields.policy())
	seed := &dataflow.Label[string]{Source: fromSeed}
	for _, s := range seeds {
		l.Mark(s, seed)
	}
	l.Run()
	return &Tokens{labels: l}
}

// policy is the fence taint's: generous, a token goes into every value
// computed from it and every container and writer it is put into.
func (f *Fields) policy() *dataflow.Policy[string] {
	if f.pol == nil {
		f.pol = &dataflow.Policy[string]{Source: f.source, Call: generousCall, Put: f.put}
	}
	return f.pol
}

// source labels the fences an instruction reads or issues.
func (f *Fields) source(l *dataflow.Labels[string], instr ssa.Instruction) {
	label := func(src string) *dataflow.Label[string] {
		return &dataflow.Label[string]{Source: src, Pos: instr.Pos()}
	}
	switch x := instr.(type) {
	case *ssa.Call:
		if isFenceCall(&x.Call) || (f.CustomCall != nil && calls.Callee(&x.Call) != nil && f.CustomCall(calls.Callee(&x.Call))) {
			l.Mark(x, label(fromFence))
		}
		if dsts := issuedTokens(&x.Call); dsts != nil {
			for _, d := range dsts {
				l.Into(d, label(fromIssued))
			}
		}
		if idempotencyHeader(&x.Call) {
			if r := calls.Receiver(&x.Call); r != nil {
				l.Into(r, label(fromIdempotency))
			}
			l.Mark(x, label(fromIdempotency))
		}
	case *ssa.MapUpdate:
		// headers := map[string]string{"Idempotency-Key": id}, handed to
		// the code that sets them on the request.
		if s, ok := calls.ConstString(x.Key); ok && isIdempotencyKey(s) {
			l.Into(x.Map, label(fromIdempotency))
		}
	case *ssa.Field:
		if f.holds(x.X.Type(), calls.FieldVar(x.X.Type(), x.Field)) {
			l.Mark(x, label(fromField))
		}
	case *ssa.FieldAddr:
		if f.holds(x.X.Type(), calls.FieldVar(x.X.Type(), x.Field)) {
			l.Mark(x, label(fromField))
		}
	}
}

// put follows a token into what it is stored, put or sent into, and
// learns the struct fields it is stored to.
func (f *Fields) put(l *dataflow.Labels[string], instr ssa.Instruction, v, into ssa.Value, lab *dataflow.Label[string]) {
	l.Into(into, lab)
	if st, ok := instr.(*ssa.Store); ok {
		if fa, ok := st.Addr.(*ssa.FieldAddr); ok {
			f.vars[calls.FieldVar(fa.X.Type(), fa.Field)] = true
		}
	}
}

// generousCall: the result of a call that takes a token carries it.
func generousCall(l *dataflow.Labels[string], x *ssa.Call, v ssa.Value, lab *dataflow.Label[string]) {
	l.Mark(x, lab)
	if lab.Source == fromIdempotency {
		// An idempotency key makes the request that carries it safe to
		// repeat, not whatever else the callee touches (the context it
		// is handed, its client).
		return
	}
	if !slices.Contains(calls.Args(&x.Call), v) {
		// Only the receiver carries the token (a client that once sent
		// it): its results may, its other arguments do not.
		return
	}
	// A callee that receives the token may put it into what its receiver
	// and other reference arguments point to (Header.Set,
	// json.NewEncoder(&buf).Encode, fmt.Fprintf(&buf, ...)).
	if r := calls.Receiver(&x.Call); r != nil && dataflow.IsReference(calls.Unwrap(r).Type()) {
		l.Into(r, lab)
	}
	for _, a := range calls.Args(&x.Call) {
		if a != v && dataflow.IsReference(calls.Unwrap(a).Type()) {
			l.Into(a, lab)
		}
	}
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
