package tokenquality

import (
	"go/token"
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"golang.org/x/tools/go/ssa"
)

// counter is a package variable or struct field used as an in-process
// counter: incremented by a constant and never set from anything else.
type counter struct {
	obj  types.Object
	pos  token.Pos // the first increment
	what string
	bad  bool
}

// counterVar returns the variable an address denotes when it is a package
// variable or a field of a struct type declared in this package.
func (q *checker) counterVar(addr ssa.Value) types.Object {
	switch a := calls.Unwrap(addr).(type) {
	case *ssa.Global:
		if a.Pkg == q.u.Pkg {
			return a.Object()
		}
	case *ssa.FieldAddr:
		v := calls.FieldVar(a.X.Type(), a.Field)
		if v != nil && v.Pkg() == q.u.Pass.Pkg {
			return v
		}
	}
	return nil
}

func atomic(fn *types.Func) bool {
	return fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "sync/atomic"
}

// findCounters looks at every function of the package for increments of
// package variables and struct fields.
func (q *checker) findCounters(funcs []*ssa.Function) {
	q.counters = map[types.Object]*counter{}
	get := func(obj types.Object) *counter {
		c := q.counters[obj]
		if c == nil {
			c = &counter{obj: obj}
			q.counters[obj] = c
		}
		return c
	}
	incr := func(obj types.Object, pos token.Pos, what string) {
		c := get(obj)
		if !c.pos.IsValid() || (pos.IsValid() && pos < c.pos) {
			c.pos, c.what = pos, what
		}
	}
	// Struct types whose values are filled by other packages (decoded,
	// scanned): their fields hold data, not process-local counts.
	filled := map[types.Type]bool{}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch x := instr.(type) {
				case *ssa.Store:
					obj := q.counterVar(x.Addr)
					if obj == nil {
						continue
					}
					if increment(x) {
						incr(obj, x.Pos(), "an in-process counter ("+obj.Name()+"++)")
					} else if _, isConst := x.Val.(*ssa.Const); !isConst {
						get(obj).bad = true
					}
				case ssa.CallInstruction:
					c := x.Common()
					fn := calls.Callee(c)
					if atomic(fn) {
						var addr ssa.Value
						if r := calls.Receiver(c); r != nil {
							addr = r
						} else if len(c.Args) > 0 {
							addr = c.Args[0]
						}
						obj := q.counterVar(addr)
						if obj == nil {
							continue
						}
						switch name := fn.Name(); {
						case name == "Add" || len(name) > 3 && name[:3] == "Add":
							incr(obj, x.Pos(), "an in-process counter (atomic "+obj.Name()+")")
						case name == "Load" || len(name) > 4 && name[:4] == "Load":
						default: // Store, Swap, CompareAndSwap, And, Or
							get(obj).bad = true
						}
						continue
					}
					if fn != nil && fn.Pkg() == q.u.Pass.Pkg {
						continue // this package's own functions are analysed too
					}
					for _, a := range c.Args {
						a = calls.Unwrap(a)
						if obj := q.counterVar(a); obj != nil {
							get(obj).bad = true // &s.n handed to Scan, Unmarshal, ...
						}
						if p, ok := a.Type().Underlying().(*types.Pointer); ok {
							filled[p.Elem()] = true
						}
					}
				}
			}
		}
	}
	for obj, c := range q.counters {
		v, _ := obj.(*types.Var)
		if v != nil && v.IsField() {
			for t := range filled {
				if s, ok := t.Underlying().(*types.Struct); ok && hasField(s, v) {
					c.bad = true
				}
			}
		}
		if !c.pos.IsValid() {
			c.bad = true
		}
		if c.bad {
			delete(q.counters, obj)
		}
	}
}

func hasField(s *types.Struct, v *types.Var) bool {
	for i := 0; i < s.NumFields(); i++ {
		if s.Field(i) == v {
			return true
		}
	}
	return false
}

// isIncrement recognises x++, x += c and x = x + c on the same address.
func increment(st *ssa.Store) bool {
	b, ok := st.Val.(*ssa.BinOp)
	if !ok || b.Op != token.ADD {
		return false
	}
	if _, ok := b.Y.(*ssa.Const); !ok {
		return false
	}
	ld, ok := b.X.(*ssa.UnOp)
	return ok && ld.Op == token.MUL && calls.SameValue(ld.X, st.Addr)
}

// counterSource returns the source for a counter read or increment: a
// load of the counter, atomic Add/Load on it.
func (q *checker) counterOrigin(addr ssa.Value) *origin {
	obj := q.counterVar(addr)
	if obj == nil {
		return nil
	}
	c := q.counters[obj]
	if c == nil {
		return nil
	}
	o := q.counterOrigins[obj]
	if o == nil {
		o = &origin{Source: &model.TokenSource{Kind: model.Counter, What: c.what}, Pos: c.pos}
		if q.counterOrigins == nil {
			q.counterOrigins = map[types.Object]*origin{}
		}
		q.counterOrigins[obj] = o
	}
	return o
}
