package lossreach

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"
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
// A context whose cancel the stopped callback calls and that the function
// registering the callbacks returns is the lease's context handed to the
// caller (ctx, cancel := context.WithCancel(parent); ...; return le, ctx):
// when the started callback only records the leadership, the work is the
// caller's, run under that context, and the loss reaches it. When the
// started callback works itself, its work must still read the context.
//
// A stopped callback that only logs, or clears something nobody reads,
// carries nothing: the caller still reports the ignored context.
func StoppedReaches(funcs []*ssa.Function, started, stopped *ssa.Function) bool {
	if started == nil || stopped == nil {
		return false
	}
	s := &stopWalk{pkg: stopped.Pkg, places: map[any]bool{}}
	s.acts(stopped, nil, 0)
	if len(s.places) == 0 && len(s.cancels) == 0 && len(s.ctxs) == 0 {
		return false
	}
	ctxs := s.ctxs
	for _, pc := range s.cancels {
		ctxs = append(ctxs, cancelledContexts(funcs, pc)...)
	}
	works := doesWork(started, 0)
	for _, ctx := range ctxs {
		if derivedIn(ctx, started) {
			return true // the started work runs under that context
		}
		if !works && Returned(ctx) {
			return true // the lease's context handed to the caller, whose work runs under it
		}
		if p := placeOf(storedAt(ctx)); p != nil {
			s.places[p] = true
		}
	}
	if works {
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
	ctxs    []ssa.Value // contexts whose cancel func the callback calls, captured as a value
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
		// A function value: a cancel func, if it comes from a place, or
		// captured as a value from the call that derived its context.
		if p := valuePlace(c.Value, args); p != nil {
			s.cancels = append(s.cancels, p)
		} else if ctx := cancelledCtx(c.Value, args); ctx != nil {
			s.ctxs = append(s.ctxs, ctx)
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

// cancelledCtx returns the context whose cancel func v is, when v is (a
// free variable bound to, a parameter given) result 1 of a call deriving
// a context (cancelOf).
func cancelledCtx(v ssa.Value, args map[*ssa.Parameter]ssa.Value) ssa.Value {
	for range maxStopDepth + 1 {
		fv, ok := bind(v, args).(*ssa.FreeVar)
		if !ok {
			break
		}
		if v = calls.Binding(fv); v == nil {
			return nil
		}
	}
	if d := cancelOf(bind(v, args)); d != nil {
		return calls.Result(d, 0)
	}
	return nil
}

// Returned reports whether a value is among its function's results: a
// context handed to the caller.
func Returned(v ssa.Value) bool {
	for _, r := range *v.Referrers() {
		if ret, ok := r.(*ssa.Return); ok && slices.Contains(ret.Results, v) {
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
		if call, ok := ci.(*ssa.Call); ok && onlyLogged(call, 0) {
			continue // a value computed for a log line (the lock's Identity() in a field)
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

// onlyLogged reports whether every use of v is an argument of a logging
// call: given to it directly, boxed, or as a value of a map (logrus'
// Fields) that only logging calls read.
func onlyLogged(v ssa.Value, depth int) bool {
	refs := v.Referrers()
	if refs == nil || depth > maxLoggedDepth {
		return false
	}
	used := false
	for _, r := range *refs {
		switch x := r.(type) {
		case *ssa.DebugRef:
			continue
		case *ssa.MakeInterface, *ssa.ChangeType, *ssa.Convert:
			if !onlyLogged(x.(ssa.Value), depth+1) {
				return false
			}
		case *ssa.MapUpdate:
			if x.Map == v {
				continue // a field put into the map (logrus.Fields{...})
			}
			if x.Value != v || x.Key == v || !onlyLogged(x.Map, depth+1) {
				return false
			}
		case *ssa.Store:
			// An element of a variadic call's argument slice.
			ia, ok := x.Addr.(*ssa.IndexAddr)
			if !ok || x.Val != v || !onlyLoggedSlice(ia.X, depth+1) {
				return false
			}
		case ssa.CallInstruction:
			callee := calls.Callee(x.Common())
			if callee == nil || !outcome.LogCallee(callee) && !outcome.Bookkeeping(callee) || x.Common().Value == v {
				return false
			}
		default:
			return false
		}
		used = true
	}
	return used
}

// maxLoggedDepth bounds the uses followed from a value to the log call
// (boxed, put in a map, boxed again, in a variadic slice).
const maxLoggedDepth = 8

// onlyLoggedSlice reports whether the array behind a variadic argument is
// given only to logging calls (its element stores aside).
func onlyLoggedSlice(arr ssa.Value, depth int) bool {
	alloc, ok := arr.(*ssa.Alloc)
	if !ok {
		return false
	}
	used := false
	for _, r := range *alloc.Referrers() {
		switch x := r.(type) {
		case *ssa.IndexAddr:
		case *ssa.Slice:
			if !onlyLogged(x, depth+1) {
				return false
			}
			used = true
		default:
			return false
		}
	}
	return used
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
