package tokenquality

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/flow"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/section"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"golang.org/x/tools/go/ssa"
)

// This file is a small forward taint, like flow.Analyze but for values
// that are NOT fences (model.TokenSources, in-process counters, clock
// readings). It is deliberately narrower than flow: a value derived from a
// source only carries it through arithmetic, conversions, local variables,
// formatting and encoding functions, methods of the source's own type, and
// this package's functions. Anything flow already sees as a real fencing
// token is never tainted, so a real fence mixed with a random value stays
// silent.

// origin is where a non-fence value comes from.
type origin struct {
	src *model.TokenSource
	pos token.Pos // where it was created, read or incremented
	via string    // "newToken" when returned by this package's function
}

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

// taint is the result of analysing one function with given seeds.
type taint struct {
	fn   *ssa.Function
	of   map[ssa.Value]*origin
	held map[ssa.Value]*origin // struct/array roots a source value was stored into
	ret  []*origin             // per result index
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
	if o := t.of[v]; o != nil {
		return o
	}
	u := calls.Unwrap(v)
	if o := t.of[u]; o != nil {
		return o
	}
	if o := t.held[u]; o != nil {
		return o
	}
	return t.held[calls.Root(u)]
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
		return &taint{fn: fn, of: map[ssa.Value]*origin{}, held: map[ssa.Value]*origin{}}
	}
	q.busy[key] = true
	defer delete(q.busy, key)

	t := &taint{fn: fn, of: map[ssa.Value]*origin{}, held: map[ssa.Value]*origin{},
		ret: make([]*origin, fn.Signature.Results().Len()), toks: q.u.Tokens(fn)}
	var queue []ssa.Value
	mark := func(v ssa.Value, o *origin) {
		if v == nil || o == nil || t.of[v] != nil || t.toks.Has(v) {
			return
		}
		if _, isConst := v.(*ssa.Const); isConst {
			return
		}
		t.of[v] = o
		queue = append(queue, v)
	}
	for v, o := range seeds {
		mark(v, o)
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.Call:
				c := &x.Call
				callee := calls.Callee(c)
				if src := q.sourceFor(callee); src != nil {
					if src.Kind == model.Counter {
						// atomic.AddInt64(&n, 1): the counter's origin when
						// n is one, else this call.
						if o := q.counterOrigin(firstAddr(c)); o != nil {
							mark(x, o)
							continue
						}
					}
					o := &origin{src: src, pos: x.Pos()}
					if src.Arg >= 0 {
						if a := calls.Arg(c, src.Arg); a != nil {
							mark(calls.Unwrap(a), o)
							if r := calls.Root(a); r != a {
								mark(r, o)
							}
						}
					} else {
						mark(calls.Result(x, src.Result), o)
					}
					continue
				}
				if atomic(callee) && strings.HasPrefix(callee.Name(), "Load") {
					if o := q.counterOrigin(firstAddr(c)); o != nil {
						mark(x, o)
					}
					continue
				}
				if sc := c.StaticCallee(); q.local(sc) && depth < maxTaintDepth {
					sum := q.analyze(sc, nil, depth+1)
					for i, o := range sum.ret {
						if o != nil {
							mark(calls.Result(x, i), returnedBy(o, sc))
						}
					}
				}
			case *ssa.UnOp:
				if x.Op != token.MUL {
					continue
				}
				if g, ok := x.X.(*ssa.Global); ok && q.globals[g] != nil {
					mark(x, q.globals[g])
				} else if o := q.counterOrigin(x.X); o != nil {
					mark(x, o)
				}
			case *ssa.FieldAddr:
				v := calls.FieldVar(x.X.Type(), x.Field)
				if src := q.sourceField(x.X.Type(), v); src != nil {
					mark(x, &origin{src: src, pos: x.Pos()})
				} else if o := q.fields[v]; o != nil && q.counterOrigin(x) == nil {
					mark(x, o)
				}
			case *ssa.Field:
				v := calls.FieldVar(x.X.Type(), x.Field)
				if src := q.sourceField(x.X.Type(), v); src != nil {
					mark(x, &origin{src: src, pos: x.Pos()})
				} else if o := q.fields[v]; o != nil {
					mark(x, o)
				}
			}
		}
	}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		o := t.of[v]
		refs := v.Referrers()
		if refs == nil {
			continue
		}
		for _, ref := range *refs {
			switch x := ref.(type) {
			case *ssa.Store:
				if x.Val != v {
					continue
				}
				switch a := x.Addr.(type) {
				case *ssa.FieldAddr:
					t.held[calls.Root(a)] = o
					t.held[a.X] = o
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
					t.held[calls.Root(a)] = o
					if r, ok := calls.Root(a).(*ssa.Alloc); ok {
						mark(r, o)
					}
				case *ssa.Alloc:
					mark(a, o)
				}
			case *ssa.MapUpdate:
				if x.Value == v {
					t.held[calls.Root(x.Map)] = o
				}
			case *ssa.Call:
				if r := q.propagate(&x.Call, v); r {
					mark(calls.Result(x, 0), o)
				}
				sc := x.Call.StaticCallee()
				if !q.local(sc) || depth >= maxTaintDepth {
					continue
				}
				callee := q.analyze(sc, paramSeeds(&x.Call, sc, t), depth+1)
				for i, ro := range callee.ret {
					if ro != nil {
						mark(calls.Result(x, i), ro)
					}
				}
			case *ssa.MakeClosure:
				if fn, ok := x.Fn.(*ssa.Function); ok && q.local(fn) && depth < maxTaintDepth {
					seeds := map[ssa.Value]*origin{}
					for i, b := range x.Bindings {
						if o := t.of[b]; o != nil && i < len(fn.FreeVars) {
							seeds[fn.FreeVars[i]] = o
						}
					}
					q.analyze(fn, seeds, depth+1)
				}
			case *ssa.Return:
				for i, r := range x.Results {
					if r == v && i < len(t.ret) && t.ret[i] == nil {
						t.ret[i] = o
					}
				}
			case *ssa.BinOp:
				switch x.Op {
				case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
					// a comparison yields a bool, not the value
				default:
					mark(x, o)
				}
			case *ssa.UnOp:
				if x.Op != token.NOT && x.Op != token.ARROW {
					mark(x, o)
				}
			case *ssa.Phi, *ssa.Convert, *ssa.ChangeType, *ssa.MakeInterface, *ssa.ChangeInterface,
				*ssa.TypeAssert, *ssa.Slice, *ssa.Index, *ssa.IndexAddr, *ssa.SliceToArrayPointer,
				*ssa.MultiConvert, *ssa.FieldAddr, *ssa.Field:
				mark(x.(ssa.Value), o)
			case *ssa.Extract:
				if x.Tuple == v && x.Index == 0 {
					mark(x, o)
				}
			}
		}
	}
	if q.collect {
		q.positions(t)
	}
	q.memo[key] = t
	return t
}

// returnedBy is o as returned by fn, a function of this package; the
// innermost such function is the one messages name ("returned by
// newToken").
func returnedBy(o *origin, fn *ssa.Function) *origin {
	if o.via != "" {
		return o
	}
	return &origin{src: o.src, pos: o.pos, via: fn.Name()}
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
func paramSeeds(c *ssa.CallCommon, callee *ssa.Function, t *taint) map[ssa.Value]*origin {
	seeds := map[ssa.Value]*origin{}
	for i, a := range c.Args {
		o := t.of[a]
		if o == nil {
			o = t.of[calls.Unwrap(a)]
		}
		if o != nil && i < len(callee.Params) {
			seeds[callee.Params[i]] = o
		}
	}
	if mc, ok := c.Value.(*ssa.MakeClosure); ok {
		for i, b := range mc.Bindings {
			if o := t.of[b]; o != nil && i < len(callee.FreeVars) {
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
