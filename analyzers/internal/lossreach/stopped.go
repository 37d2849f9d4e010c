package lossreach

import (
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/outcome"
	"golang.org/x/tools/go/ssa"
)

// StoppedReaches reports whether the callback a leader election runs when
// leadership is lost (client-go's OnStoppedLeading) carries the loss to the
// work the leader does, as the context of the started callback would: it
// closes a channel, clears a flag (stores false, 0 or nil, plainly or
// through sync/atomic) or calls the cancel func of a context that the
// work reads. "Reads" depends on what the started callback does:
//
//   - when it does work itself (any call but logging, sync and sync/atomic),
//     that work must read the place: the started callback (a function
//     literal in it, a function of the package it calls) loads the channel,
//     the flag or the context;
//   - when it only records the leadership (sets a flag, sends on a
//     channel, logs), the work is gated elsewhere: some function other
//     than the stopped callback must read the flag or channel.
//
// A stopped callback that only logs, or clears something nobody reads,
// carries nothing: the caller still reports the ignored context.
func StoppedReaches(funcs []*ssa.Function, started, stopped *ssa.Function) bool {
	if started == nil || stopped == nil {
		return false
	}
	s := &stopWalk{pkg: stopped.Pkg, places: map[any]bool{}}
	s.acts(stopped, nil, 0)
	if len(s.places) == 0 && len(s.cancels) == 0 {
		return false
	}
	for _, pc := range s.cancels {
		for _, ctx := range cancelledContexts(funcs, pc) {
			if derivedIn(ctx, started) {
				return true // the started work runs under that context
			}
			if p := placeOf(storedAt(ctx)); p != nil {
				s.places[p] = true
			}
		}
	}
	if doesWork(started, 0) {
		return readsAny(started, s.places, 0)
	}
	for _, fn := range funcs {
		if calls.Encloses(stopped, fn) {
			continue
		}
		if readsAny(fn, s.places, maxStopDepth) {
			return true
		}
	}
	return false
}

// maxStopDepth bounds the calls followed from either callback.
const maxStopDepth = 3

// stopWalk collects what a stopped callback tells: the places it closes or
// clears, and the places its cancel funcs come from.
type stopWalk struct {
	pkg     *ssa.Package // the walk stays in the callback's package
	places  map[any]bool
	cancels []any
}

// acts walks fn (its function literals, the package's functions it calls
// with args for their parameters) for closes, clears and cancels.
func (s *stopWalk) acts(fn *ssa.Function, args map[*ssa.Parameter]ssa.Value, depth int) {
	if fn == nil || depth > maxStopDepth {
		return
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.Store:
				if zero(x.Val) {
					s.add(addrPlace(x.Addr, args))
				}
			case ssa.CallInstruction:
				s.call(x.Common(), args, depth)
			}
		}
	}
	for _, anon := range fn.AnonFuncs {
		s.acts(anon, args, depth+1)
	}
}

func (s *stopWalk) call(c *ssa.CallCommon, args map[*ssa.Parameter]ssa.Value, depth int) {
	if bi, ok := c.Value.(*ssa.Builtin); ok {
		if bi.Name() == "close" && len(c.Args) == 1 {
			s.add(valuePlace(c.Args[0], args))
		}
		return
	}
	if callee := calls.Callee(c); callee != nil && atomicPkg(callee) {
		all := calls.Args(c)
		switch recv := calls.Receiver(c); {
		case !strings.HasPrefix(callee.Name(), "Store"):
		case recv != nil && len(all) == 1 && zero(all[0]): // flag.Store(false)
			s.add(valuePlace(recv, args))
		case recv == nil && len(all) == 2 && zero(all[1]): // atomic.StoreInt32(&flag, 0)
			s.add(valuePlace(all[0], args))
		}
		return
	}
	if !c.IsInvoke() {
		if fn, ok := c.Value.(*ssa.Function); ok {
			if len(fn.Blocks) > 0 && fn.Pkg != nil && fn.Pkg == s.pkg {
				inner := map[*ssa.Parameter]ssa.Value{}
				for i, p := range fn.Params {
					if i < len(c.Args) {
						inner[p] = bind(c.Args[i], args)
					}
				}
				s.acts(fn, inner, depth+1)
			}
			return
		}
		if _, closure := c.Value.(*ssa.MakeClosure); closure {
			return
		}
		// A function value: a cancel func, if it comes from a place.
		if p := valuePlace(c.Value, args); p != nil {
			s.cancels = append(s.cancels, p)
		}
	}
}

func (s *stopWalk) add(p any) {
	if p != nil {
		s.places[p] = true
	}
}

// bind resolves a parameter to the caller's argument.
func bind(v ssa.Value, args map[*ssa.Parameter]ssa.Value) ssa.Value {
	if p, ok := v.(*ssa.Parameter); ok && args[p] != nil {
		return args[p]
	}
	return v
}

// valuePlace returns the place a value was loaded from: a struct field
// (*types.Var), a package variable (*ssa.Global) or a captured variable
// (its heap *ssa.Alloc); an element of a slice held at a place is that
// place. A pointer value (to an atomic) is the place it points to.
func valuePlace(v ssa.Value, args map[*ssa.Parameter]ssa.Value) any {
	v = bind(v, args)
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		return addrPlace(u.X, args)
	}
	return addrPlace(v, args)
}

// addrPlace returns the place an address names (see valuePlace).
func addrPlace(addr ssa.Value, args map[*ssa.Parameter]ssa.Value) any {
	switch a := bind(addr, args).(type) {
	case *ssa.FieldAddr:
		if f := calls.FieldVar(a.X.Type(), a.Field); f != nil {
			return f
		}
	case *ssa.Global:
		return a
	case *ssa.Alloc:
		if a.Heap {
			return a
		}
	case *ssa.FreeVar:
		if b := calls.Binding(a); b != nil {
			return addrPlace(b, nil)
		}
	case *ssa.IndexAddr:
		return valuePlace(a.X, args)
	}
	return nil
}

// placeOf is addrPlace without parameters.
func placeOf(addr ssa.Value) any {
	if addr == nil {
		return nil
	}
	return addrPlace(addr, nil)
}

// zero reports a constant false, 0 or nil: a cleared flag.
func zero(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	if !ok {
		return false
	}
	if c.Value == nil {
		return true
	}
	switch c.Value.Kind() {
	case constant.Bool:
		return !constant.BoolVal(c.Value)
	case constant.Int, constant.Float:
		return constant.Sign(c.Value) == 0
	}
	return false
}

func atomicPkg(fn *types.Func) bool {
	return fn.Pkg() != nil && fn.Pkg().Path() == "sync/atomic"
}

// cancelledContexts returns the contexts whose cancel funcs are stored at
// place pc anywhere in the package (ctx, cancel := context.WithCancel(...);
// c.cancel = cancel).
func cancelledContexts(funcs []*ssa.Function, pc any) []ssa.Value {
	var ctxs []ssa.Value
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok || placeOf(st.Addr) != pc {
					continue
				}
				e, ok := calls.Unwrap(st.Val).(*ssa.Extract)
				if !ok || e.Index != 1 {
					continue
				}
				d, ok := e.Tuple.(*ssa.Call)
				if !ok || !model.MatchesAny(model.KB.DerivedContexts, calls.Callee(&d.Call)) {
					continue
				}
				if ctx := calls.Result(d, 0); ctx != nil {
					ctxs = append(ctxs, ctx)
				}
			}
		}
	}
	return ctxs
}

// derivedIn reports whether a context is made in fn (or a function literal
// in it) and passed to a call there: the work fn starts runs under it.
func derivedIn(ctx ssa.Value, fn *ssa.Function) bool {
	if !calls.Encloses(fn, ctx.Parent()) {
		return false
	}
	for _, r := range *ctx.Referrers() {
		if ci, ok := r.(ssa.CallInstruction); ok && ci.Common().Value != ctx {
			return true
		}
		if _, ok := r.(*ssa.MakeClosure); ok {
			return true
		}
	}
	return false
}

// storedAt returns the address a value is stored into, or nil.
func storedAt(v ssa.Value) ssa.Value {
	for _, r := range *v.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Val == v {
			return st.Addr
		}
	}
	return nil
}

// doesWork reports whether a started callback does anything but record
// the leadership: a call other than logging, sync and sync/atomic.
func doesWork(fn *ssa.Function, depth int) bool {
	for ci := range calls.In(fn) {
		c := ci.Common()
		if _, builtin := c.Value.(*ssa.Builtin); builtin {
			continue
		}
		callee := calls.Callee(c)
		if callee != nil && (outcome.LogCallee(callee) || outcome.Bookkeeping(callee) || syncPkg(callee)) {
			continue
		}
		return true
	}
	if depth < maxStopDepth {
		for _, anon := range fn.AnonFuncs {
			if doesWork(anon, depth+1) {
				return true
			}
		}
	}
	return false
}

func syncPkg(fn *types.Func) bool {
	return fn.Pkg() != nil && (fn.Pkg().Path() == "sync" || fn.Pkg().Path() == "sync/atomic")
}

// readsAny reports whether fn (its function literals, the package's
// functions it calls, up to maxStopDepth) reads one of the places: loads
// it (a pointer to an atomic counts only when Load or CompareAndSwap is
// called on it) or calls an atomic Load on it.
func readsAny(fn *ssa.Function, places map[any]bool, depth int) bool {
	if fn == nil || depth > maxStopDepth {
		return false
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.UnOp:
				if x.Op == token.MUL && places[addrPlace(x.X, nil)] && loadReads(x) {
					return true
				}
			case ssa.CallInstruction:
				c := x.Common()
				callee := calls.Callee(c)
				if callee != nil && atomicPkg(callee) && atomicRead(callee) {
					v := calls.Receiver(c)
					if v == nil && len(c.Args) > 0 {
						v = c.Args[0]
					}
					if v != nil && places[valuePlace(v, nil)] {
						return true
					}
				}
				if sc := c.StaticCallee(); sc != nil && sc.Pkg != nil && sc.Pkg == fn.Pkg && len(sc.Blocks) > 0 && sc.Parent() == nil {
					if readsAny(sc, places, depth+1) {
						return true
					}
				}
			}
		}
	}
	for _, anon := range fn.AnonFuncs {
		if readsAny(anon, places, depth+1) {
			return true
		}
	}
	return false
}

// loadReads reports whether a load reads the value: a loaded pointer to a
// sync/atomic type is read only through Load or CompareAndSwap.
func loadReads(u *ssa.UnOp) bool {
	ptr, ok := u.Type().Underlying().(*types.Pointer)
	if !ok {
		return true
	}
	named, ok := types.Unalias(ptr.Elem()).(*types.Named)
	if !ok || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != "sync/atomic" {
		return true
	}
	for _, r := range *u.Referrers() {
		if ci, ok := r.(ssa.CallInstruction); ok {
			if callee := calls.Callee(ci.Common()); callee != nil && atomicRead(callee) {
				return true
			}
		}
	}
	return false
}

func atomicRead(fn *types.Func) bool {
	return strings.HasPrefix(fn.Name(), "Load") || strings.HasPrefix(fn.Name(), "CompareAndSwap")
}
