// Package dataflow propagates labels forward through one SSA function.
//
// A value gets a label from a source (the caller's Policy.Source decides
// which instructions start one, and with which label) or by being computed
// from a labelled value in a way the policy follows: the policy decides
// which derived values carry the label (Derive), what a call that receives
// it does (Call), what becomes of a value stored, put into a map or sent
// (Put), and which values never carry one (Stop). The first label to reach
// a value is the one it keeps, so a label says where the value came from.
//
// The fence taint (package flow) follows a token generously, through
// every derived value and into every container and writer it reaches; the
// token-quality checks follow random, identity, counter and clock values
// narrowly, through arithmetic, conversions and the few calls that only
// re-encode them. Both are policies of this one engine. The package knows
// nothing of libraries: sources and policies come from its callers.
package dataflow

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// A Label is what a labelled value carries: the source that started it and
// where.
type Label[S any] struct {
	Source S         // what the caller's source matched
	Pos    token.Pos // where the value was created, read or computed
	Via    string    // the function that returned the value, for a label carried out of a callee
}

// Policy says where labels start and what they propagate through. Nil
// hooks do nothing, except Derive, whose nil means every derived value.
type Policy[S any] struct {
	// Source is called on every instruction of the function, in order,
	// before anything propagates: it labels what the instruction starts
	// (Mark, Into, Hold).
	Source func(f *Labels[S], instr ssa.Instruction)
	// Derive reports whether x, computed by an instruction other than a
	// call or a closure from the labelled operand v, carries v's label.
	// Everything and Computed are the two usual answers.
	Derive func(x, v ssa.Value) bool
	// Call is called for a call that takes the labelled v as its function,
	// receiver or argument.
	Call func(f *Labels[S], call *ssa.Call, v ssa.Value, l *Label[S])
	// Closure is called for a closure that binds the labelled v. When nil,
	// the closure is a derived value (Derive decides).
	Closure func(f *Labels[S], mc *ssa.MakeClosure, v ssa.Value, l *Label[S])
	// Put is called when the labelled v is stored at an address, put into a
	// map (as key or value) or sent on a channel: instr is the Store,
	// MapUpdate or Send and into its address, map or channel.
	Put func(f *Labels[S], instr ssa.Instruction, v, into ssa.Value, l *Label[S])
	// Stop reports whether v never carries a label.
	Stop func(v ssa.Value) bool
	// MaxVisits bounds how many labelled values are followed; 0 is no
	// bound. A walk that reaches it stops silently.
	MaxVisits int
}

// Labels are the labelled values of one function.
type Labels[S any] struct {
	Fn      *ssa.Function
	policy  *Policy[S]
	of      map[ssa.Value]*Label[S]
	held    map[ssa.Value]*Label[S]
	returns []*Label[S]
	queue   []ssa.Value
}

// New prepares the analysis of fn under p. Seed it with Mark (parameters
// or free variables known to carry a label), then Run.
func New[S any](fn *ssa.Function, p *Policy[S]) *Labels[S] {
	return &Labels[S]{Fn: fn, policy: p, of: map[ssa.Value]*Label[S]{}}
}

// Of returns the label v carries, or nil.
func (f *Labels[S]) Of(v ssa.Value) *Label[S] {
	if f == nil || v == nil {
		return nil
	}
	return f.of[v]
}

// Held returns the label of what was stored into the struct, array, slice
// or map v (Hold), or nil.
func (f *Labels[S]) Held(v ssa.Value) *Label[S] {
	if f == nil || v == nil {
		return nil
	}
	return f.held[v]
}

// Returned returns the label of fn's result i, or nil.
func (f *Labels[S]) Returned(i int) *Label[S] {
	if f == nil || i < 0 || i >= len(f.returns) {
		return nil
	}
	return f.returns[i]
}

// Results is the number of results whose labels Returned reports.
func (f *Labels[S]) Results() int {
	if f == nil {
		return 0
	}
	return len(f.returns)
}

// Mark gives v the label l unless v already has one or never carries one,
// and reports whether it did.
func (f *Labels[S]) Mark(v ssa.Value, l *Label[S]) bool {
	if v == nil || l == nil || f.of[v] != nil {
		return false
	}
	if f.policy != nil && f.policy.Stop != nil && f.policy.Stop(v) {
		return false
	}
	f.of[v] = l
	f.queue = append(f.queue, v)
	return true
}

// Hold records that a value labelled l was stored into the container c,
// without labelling c itself: the narrow way to follow a value into a
// struct or a map. A later store replaces an earlier one.
func (f *Labels[S]) Hold(c ssa.Value, l *Label[S]) {
	if c == nil || l == nil {
		return
	}
	if f.held == nil {
		f.held = map[ssa.Value]*Label[S]{}
	}
	f.held[c] = l
}

// Into labels what a value labelled l was written into: the address, the
// variable it belongs to (Root), and, when that variable is the result of
// a function call, the references the function was given, since a writer
// receives what is written to what it wraps (json.NewEncoder(&buf).
// Encode(v) puts v into buf). It is the generous way to follow a value
// into a container.
func (f *Labels[S]) Into(addr ssa.Value, l *Label[S]) {
	f.Mark(addr, l)
	root := Root(addr)
	f.Mark(root, l)
	if ext, ok := root.(*ssa.Extract); ok {
		root = ext.Tuple
	}
	if c, ok := root.(*ssa.Call); ok && c.Call.Signature().Recv() == nil {
		for _, a := range c.Call.Args {
			if IsReference(Unwrap(a).Type()) && f.of[Root(a)] == nil {
				f.Into(a, l)
			}
		}
	}
}

// IsReference reports whether values of t refer to storage shared with
// their copies: pointers, maps and slices.
func IsReference(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Map, *types.Slice:
		return true
	}
	return false
}

// Run labels what the policy's sources start and propagates every label
// to a fixed point.
func (f *Labels[S]) Run() {
	p := f.policy
	if p == nil {
		p = &Policy[S]{}
	}
	if p.Source != nil {
		for _, b := range f.Fn.Blocks {
			for _, instr := range b.Instrs {
				p.Source(f, instr)
			}
		}
	}
	for n := 0; len(f.queue) > 0 && (p.MaxVisits == 0 || n < p.MaxVisits); n++ {
		v := f.queue[0]
		f.queue = f.queue[1:]
		l := f.of[v]
		refs := v.Referrers()
		if refs == nil {
			continue
		}
		for _, ref := range *refs {
			switch x := ref.(type) {
			case *ssa.Store:
				if x.Val == v && p.Put != nil {
					p.Put(f, x, v, x.Addr, l)
				}
			case *ssa.MapUpdate:
				if (x.Value == v || x.Key == v) && p.Put != nil {
					p.Put(f, x, v, x.Map, l)
				}
			case *ssa.Send:
				if x.X == v && p.Put != nil {
					p.Put(f, x, v, x.Chan, l)
				}
			case *ssa.Return:
				f.returned(x, v, l)
			case *ssa.Call:
				if p.Call != nil {
					p.Call(f, x, v, l)
				}
			case *ssa.MakeClosure:
				if p.Closure != nil {
					p.Closure(f, x, v, l)
				} else if p.Derive == nil || p.Derive(x, v) {
					f.Mark(x, l)
				}
			case ssa.Value:
				if p.Derive == nil || p.Derive(x, v) {
					f.Mark(x, l)
				}
			}
		}
	}
	f.queue = nil
}

func (f *Labels[S]) returned(ret *ssa.Return, v ssa.Value, l *Label[S]) {
	if f.returns == nil {
		f.returns = make([]*Label[S], f.Fn.Signature.Results().Len())
	}
	for i, r := range ret.Results {
		if r == v && i < len(f.returns) && f.returns[i] == nil {
			f.returns[i] = l
		}
	}
}

// Everything is the generous Derive: every value computed from a labelled
// value carries its label (arithmetic, comparisons, conversions, loads,
// field and index selection, phis, slices, closures binding it).
func Everything(x, v ssa.Value) bool { return true }

// Computed is the narrow Derive: the label survives arithmetic (not a
// comparison, whose result is a bool), negation and loads, phis,
// conversions and boxing, type assertions, field, element and slice
// selection, and the first element of a tuple.
func Computed(x, v ssa.Value) bool {
	switch x := x.(type) {
	case *ssa.BinOp:
		switch x.Op {
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
			return false
		}
		return true
	case *ssa.UnOp:
		return x.Op != token.NOT && x.Op != token.ARROW
	case *ssa.Phi, *ssa.Convert, *ssa.ChangeType, *ssa.MakeInterface, *ssa.ChangeInterface,
		*ssa.TypeAssert, *ssa.Slice, *ssa.Index, *ssa.IndexAddr, *ssa.SliceToArrayPointer,
		*ssa.MultiConvert, *ssa.FieldAddr, *ssa.Field:
		return true
	case *ssa.Extract:
		return x.Tuple == v && x.Index == 0
	}
	return false
}
