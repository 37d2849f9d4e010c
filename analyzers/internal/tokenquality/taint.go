package tokenquality

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/dataflow"
	"github.com/fencecheck/fencecheck/analyzers/internal/flow"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/section"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"golang.org/x/tools/go/ssa"
)

// This file is the token-quality checks' policy for the dataflow engine:
// it follows values that are NOT fences (model.TokenSources, in-process
// counters, clock readings) where flow follows the token, but narrowly: a
// value derived from a source only carries it through arithmetic,
// conversions, local variables, formatting and encoding functions, methods
// of the source's own type, and this package's functions. Anything flow
// already sees as a real fencing token is never tainted, so a real fence
// mixed with a random value stays silent.

// origin is where a non-fence value comes from: the source, where the
// value was created, read or incremented, and the function of this
// package that returned it ("returned by newToken").
type origin = dataflow.Label[*model.TokenSource]

// checker is the state of FC3001/FC3002 for one package.
type checker struct {
	u              *unit.Unit
	counters       map[types.Object]*counter
	counterOrigins map[types.Object]*origin
	fields         map[*types.Var]*origin // fields of this package's types holding a source value
	globals        map[*ssa.Global]*origin
	memo           map[string]*taint
	busy           map[string]bool
	learnt         bool // a field or global fact was added in this round
	collect        bool // the final round: record fence positions
	found          map[string]*finding
	order          []string
	binaries       map[token.Pos]*ast.BinaryExpr
	reached        map[*ssa.Function]*section.Section
}

// taint is the result of analysing one function with given seeds: the
// values carrying a source's label, the struct and array roots a source
// value was stored into (Held) and the labels of the results (Returned).
type taint struct {
	*dataflow.Labels[*model.TokenSource]
	toks *flow.Tokens
}

func fieldOwner(t types.Type) *types.Named {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	n, _ := types.Unalias(t).(*types.Named)
	return n
}

// carried returns the origin of a value, looking through conversions and,
// for structs and arrays, at what was stored into them.
func (t *taint) carried(v ssa.Value) *origin {
	if v == nil {
		return nil
	}
	if o := t.Of(v); o != nil {
		return o
	}
	u := calls.Unwrap(v)
	if o := t.Of(u); o != nil {
		return o
	}
	if o := t.Held(u); o != nil {
		return o
	}
	return t.Held(calls.Root(u))
}

// sourcesByName indexes model.TokenSources' functions by name.
var sourcesByName = func() map[string][]*model.TokenSource {
	m := map[string][]*model.TokenSource{}
	for i := range model.TokenSources {
		s := &model.TokenSources[i]
		if s.Func.Name != "" {
			m[s.Func.Name] = append(m[s.Func.Name], s)
		}
	}
	return m
}()

func (q *checker) sourceFor(fn *types.Func) *model.TokenSource {
	if fn == nil {
		return nil
	}
	for _, s := range sourcesByName[fn.Name()] {
		if s.Func.Matches(fn) {
			return s
		}
	}
	return nil
}

func (q *checker) sourceField(owner types.Type, v *types.Var) *model.TokenSource {
	if v == nil {
		return nil
	}
	named := fieldOwner(owner)
	for i := range model.TokenSources {
		s := &model.TokenSources[i]
		if s.Func.Name == "" && s.Field.Matches(named, v) {
			return s
		}
	}
	return nil
}

func (q *checker) local(fn *ssa.Function) bool { return calls.Local(fn, q.u.Pkg) }

func seedKey(fn *ssa.Function, seeds map[ssa.Value]*origin) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%p", fn)
	for i, p := range fn.Params {
		if o := seeds[p]; o != nil {
			fmt.Fprintf(&b, ",p%d=%p", i, o)
		}
	}
	for i, fv := range fn.FreeVars {
		if o := seeds[fv]; o != nil {
			fmt.Fprintf(&b, ",f%d=%p", i, o)
		}
	}
	return b.String()
}

// analyze computes the tainted values of fn given tainted parameters or
// free variables, following this package's calls to a bounded depth, and
// in the collecting round records the fence positions the taint reaches.
func (q *checker) analyze(fn *ssa.Function, seeds map[ssa.Value]*origin, depth int) *taint {
	// The depth is part of the key: an analysis cut short deep in a call
	// chain must not stand for the same function analysed from the top.
	key := fmt.Sprintf("%s@%d", seedKey(fn, seeds), depth)
	if t, ok := q.memo[key]; ok {
		return t
	}
	if q.busy[key] || depth > maxTaintDepth {
		return &taint{Labels: dataflow.New[*model.TokenSource](fn, nil)}
	}
	q.busy[key] = true
	defer delete(q.busy, key)

	toks := q.u.Tokens(fn)
	t := &taint{Labels: dataflow.New(fn, q.policy(toks, depth)), toks: toks}
	for v, o := range seeds {
		t.Mark(v, o)
	}
	t.Run()
	if q.collect {
		q.positions(t)
	}
	q.memo[key] = t
	return t
}

// policy is the narrow taint of one function analysed at depth: a real
// fencing token (toks) and constants never carry a source's label.
func (q *checker) policy(toks *flow.Tokens, depth int) *dataflow.Policy[*model.TokenSource] {
	return &dataflow.Policy[*model.TokenSource]{
		Source: func(l *dataflow.Labels[*model.TokenSource], instr ssa.Instruction) { q.source(l, instr, depth) },
		Derive: dataflow.Computed,
		Call: func(l *dataflow.Labels[*model.TokenSource], x *ssa.Call, v ssa.Value, o *origin) {
			q.call(l, x, v, o, depth)
		},
		Closure: func(l *dataflow.Labels[*model.TokenSource], x *ssa.MakeClosure, v ssa.Value, o *origin) {
			q.closure(l, x, depth)
		},
		Put: q.put,
		Stop: func(v ssa.Value) bool {
			_, isConst := v.(*ssa.Const)
			return toks.Has(v) || isConst
		},
	}
}

// source labels what an instruction reads from a source: a random,
// identity or clock call, a counter, a source field, a package variable
// or field known to hold a source value, the result of this package's
// function that returns one.
func (q *checker) source(l *dataflow.Labels[*model.TokenSource], instr ssa.Instruction, depth int) {
	switch x := instr.(type) {
	case *ssa.Call:
		c := &x.Call
		callee := calls.Callee(c)
		if src := q.sourceFor(callee); src != nil {
			if src.Kind == model.Counter {
				// atomic.AddInt64(&n, 1): the counter's origin when
				// n is one, else this call.
				if o := q.counterOrigin(firstAddr(c)); o != nil {
					l.Mark(x, o)
					return
				}
			}
			o := &origin{Source: src, Pos: x.Pos()}
			if src.Arg >= 0 {
				if a := calls.Arg(c, src.Arg); a != nil {
					l.Mark(calls.Unwrap(a), o)
					if r := calls.Root(a); r != a {
						l.Mark(r, o)
					}
				}
			} else {
				l.Mark(calls.Result(x, src.Result), o)
			}
			return
		}
		if atomic(callee) && strings.HasPrefix(callee.Name(), "Load") {
			if o := q.counterOrigin(firstAddr(c)); o != nil {
				l.Mark(x, o)
			}
			return
		}
		if sc := c.StaticCallee(); q.local(sc) && depth < maxTaintDepth {
			sum := q.analyze(sc, nil, depth+1)
			for i := range sum.Results() {
				if o := sum.Returned(i); o != nil {
					l.Mark(calls.Result(x, i), returnedBy(o, sc))
				}
			}
		}
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return
		}
		if g, ok := x.X.(*ssa.Global); ok && q.globals[g] != nil {
			l.Mark(x, q.globals[g])
		} else if o := q.counterOrigin(x.X); o != nil {
			l.Mark(x, o)
		}
	case *ssa.FieldAddr:
		v := calls.FieldVar(x.X.Type(), x.Field)
		if src := q.sourceField(x.X.Type(), v); src != nil {
			l.Mark(x, &origin{Source: src, Pos: x.Pos()})
		} else if o := q.fields[v]; o != nil && q.counterOrigin(x) == nil {
			l.Mark(x, o)
		}
	case *ssa.Field:
		v := calls.FieldVar(x.X.Type(), x.Field)
		if src := q.sourceField(x.X.Type(), v); src != nil {
			l.Mark(x, &origin{Source: src, Pos: x.Pos()})
		} else if o := q.fields[v]; o != nil {
			l.Mark(x, o)
		}
	}
}

// put follows a source value stored into a local variable or an array
// element, and records the structs, arrays and maps that hold one and the
// fields and package variables of this package it is stored to.
func (q *checker) put(l *dataflow.Labels[*model.TokenSource], instr ssa.Instruction, v, into ssa.Value, o *origin) {
	switch x := instr.(type) {
	case *ssa.Store:
		switch a := x.Addr.(type) {
		case *ssa.FieldAddr:
			l.Hold(calls.Root(a), o)
			l.Hold(a.X, o)
			fv := calls.FieldVar(a.X.Type(), a.Field)
			if fv != nil && fv.Pkg() == q.u.Pass.Pkg && q.fields[fv] == nil && q.counterOrigin(a) == nil {
				q.fields[fv] = o
				q.learnt = true
			}
		case *ssa.Global:
			if a.Pkg == q.u.Pkg && q.globals[a] == nil && q.counterOrigin(a) == nil {
				q.globals[a] = o
				q.learnt = true
			}
		case *ssa.IndexAddr:
			l.Hold(calls.Root(a), o)
			if r, ok := calls.Root(a).(*ssa.Alloc); ok {
				l.Mark(r, o)
			}
		case *ssa.Alloc:
			l.Mark(a, o)
		}
	case *ssa.MapUpdate:
		if x.Value == v {
			l.Hold(calls.Root(x.Map), o)
		}
	}
}

// call: the result of an encoding call or a method of the source's own
// type carries the value (propagate), and so do the results of this
// package's function it is passed to.
func (q *checker) call(l *dataflow.Labels[*model.TokenSource], x *ssa.Call, v ssa.Value, o *origin, depth int) {
	if q.propagate(&x.Call, v) {
		l.Mark(calls.Result(x, 0), o)
	}
	sc := x.Call.StaticCallee()
	if !q.local(sc) || depth >= maxTaintDepth {
		return
	}
	callee := q.analyze(sc, paramSeeds(&x.Call, sc, l), depth+1)
	for i := range callee.Results() {
		if ro := callee.Returned(i); ro != nil {
			l.Mark(calls.Result(x, i), ro)
		}
	}
}

// closure analyses a function literal of this package with the source
// values it binds.
func (q *checker) closure(l *dataflow.Labels[*model.TokenSource], x *ssa.MakeClosure, depth int) {
	fn, ok := x.Fn.(*ssa.Function)
	if !ok || !q.local(fn) || depth >= maxTaintDepth {
		return
	}
	seeds := map[ssa.Value]*origin{}
	for i, b := range x.Bindings {
		if o := l.Of(b); o != nil && i < len(fn.FreeVars) {
			seeds[fn.FreeVars[i]] = o
		}
	}
	q.analyze(fn, seeds, depth+1)
}

// returnedBy is o as returned by fn, a function of this package; the
// innermost such function is the one messages name ("returned by
// newToken").
func returnedBy(o *origin, fn *ssa.Function) *origin {
	if o.Via != "" {
		return o
	}
	return &origin{Source: o.Source, Pos: o.Pos, Via: fn.Name()}
}

func firstAddr(c *ssa.CallCommon) ssa.Value {
	if r := calls.Receiver(c); r != nil {
		return r
	}
	if len(c.Args) > 0 {
		return c.Args[0]
	}
	return nil
}

// paramSeeds maps the tainted arguments of a call (and the tainted
// bindings of a closure callee) to the callee's parameters.
func paramSeeds(c *ssa.CallCommon, callee *ssa.Function, t *dataflow.Labels[*model.TokenSource]) map[ssa.Value]*origin {
	seeds := map[ssa.Value]*origin{}
	for i, a := range c.Args {
		o := t.Of(a)
		if o == nil {
			o = t.Of(calls.Unwrap(a))
		}
		if o != nil && i < len(callee.Params) {
			seeds[callee.Params[i]] = o
		}
	}
	if mc, ok := c.Value.(*ssa.MakeClosure); ok {
		for i, b := range mc.Bindings {
			if o := t.Of(b); o != nil && i < len(callee.FreeVars) {
				seeds[callee.FreeVars[i]] = o
			}
		}
	}
	return seeds
}

// encoders are packages whose functions turn their argument into another
// representation of the same value.
var encoders = []string{"strconv", "fmt", "strings", "bytes", "encoding/hex", "encoding/base64", "encoding/base32",
	"encoding/binary", "hash/crc32", "hash/crc64", "hash/fnv", "math/big"}

// propagate reports whether the result of c carries v, an argument or
// receiver of c.
func (q *checker) propagate(c *ssa.CallCommon, v ssa.Value) bool {
	if b, ok := c.Value.(*ssa.Builtin); ok {
		return b.Name() == "append" || b.Name() == "min" || b.Name() == "max"
	}
	callee := calls.Callee(c)
	if callee == nil || callee.Pkg() == nil || c.Signature().Results().Len() == 0 {
		return false
	}
	pkg := callee.Pkg().Path()
	if r := calls.Receiver(c); r != nil && calls.Unwrap(r) == calls.Unwrap(v) {
		if pkg == "time" {
			return model.RecvName(callee) == "Time" && slices.Contains(model.ClockMethods, callee.Name())
		}
		// uuid.UUID.String(), xid.ID.String(), big.Int.Int64()
		return q.sourcePkg(pkg) || slices.Contains(encoders, pkg)
	}
	if !slices.Contains(calls.Args(c), v) {
		return false
	}
	if fmtPkg := pkg == "fmt"; fmtPkg {
		return strings.HasPrefix(callee.Name(), "Sprint") || strings.HasPrefix(callee.Name(), "Append")
	}
	return slices.Contains(encoders, pkg) || (q.sourcePkg(pkg) && pkg != "time" && pkg != "os")
}

// sourcePkg reports whether pkg declares a Random source (its helpers,
// such as uuid.Must, keep the value random).
func (q *checker) sourcePkg(pkg string) bool {
	for _, s := range model.TokenSources {
		if s.Kind == model.Random && s.Func.Pkg == pkg && !strings.HasPrefix(pkg, "math/rand") && pkg != "crypto/rand" {
			return true
		}
	}
	return false
}
