package section

import (
	"go/token"
	"go/types"
	"slices"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"golang.org/x/tools/go/ssa"
)

// Path is the way the engine's walk went from a section's function down
// to the function an effect is in: for each function it entered, which
// value of a caller each of its parameters and free variables stands for.
// The nil Path is the section's own function.
type Path struct {
	vals map[ssa.Value]bound
	up   *Path               // the level of the caller (nil: the section's own function)
	via  ssa.CallInstruction // the call in up's function that entered this level
}

// bound is the value a parameter or free variable stands for: v, of the
// function at level in (nil: the section's own), reached there through the
// instruction at (the call that entered the next function down, or the
// closure made there).
type bound struct {
	v  ssa.Value
	in *Path
	at ssa.Instruction
}

// maxPathDepth bounds the levels OnSession goes up: the walk's own depth
// bound, with room for the transaction helpers' callbacks.
const maxPathDepth = 16

// Enter returns the level of a function called by call, an instruction of
// p's function: params stand for args, and, for a closure call, the
// closure's free variables for what it was made with.
func (p *Path) Enter(call ssa.CallInstruction, params []*ssa.Parameter, args []ssa.Value) *Path {
	q := &Path{vals: map[ssa.Value]bound{}, up: p, via: call}
	for i, par := range params {
		if i < len(args) {
			q.vals[par] = bound{args[i], p, call}
		}
	}
	q.bindClosure(calls.Unwrap(call.Common().Value), p, call)
	return q
}

// Literal returns the level of a function literal handed to call (an
// instruction of p's function, as argument i) that a function of the
// program runs: its free variables stand for what it was made with in p's
// function; its parameters, when callee (the function call invokes, a
// function of the package: a transaction helper) calls its parameter i
// once, stand for what callee passes it there (the transaction it began on
// the connection it was given), callee's own parameters standing for
// call's arguments.
func (p *Path) Literal(call ssa.CallInstruction, arg ssa.Value, lit, callee *ssa.Function, i int) *Path {
	q := &Path{vals: map[ssa.Value]bound{}, up: p, via: call}
	q.bindClosure(calls.Unwrap(arg), p, call)
	if callee == nil || i >= len(callee.Params) {
		return q
	}
	var runs *ssa.Call
	for ci := range calls.In(callee) {
		c, ok := ci.(*ssa.Call)
		if !ok || c.Call.IsInvoke() || calls.Unwrap(c.Call.Value) != callee.Params[i] {
			continue
		}
		if runs != nil {
			return q // run twice: with what, the walk cannot tell
		}
		runs = c
	}
	if runs == nil {
		return q
	}
	helper := p.Enter(call, callee.Params, call.Common().Args)
	for k, par := range lit.Params {
		if k < len(runs.Call.Args) {
			q.vals[par] = bound{runs.Call.Args[k], helper, runs}
		}
	}
	return q
}

// Calls returns the calls the walk went through from the section's
// function down to p's function, outermost first: the call in the
// section's function, then the call in each function it entered (a
// function literal's level is entered by the call it was handed to). They
// are the frames a finding two or more calls below its section shows, so
// that a reader sees the way from the lock to the write.
func (p *Path) Calls() []ssa.CallInstruction {
	var out []ssa.CallInstruction
	for q := p; q != nil && len(out) < maxPathDepth; q = q.up {
		if q.via != nil {
			out = append(out, q.via)
		}
	}
	slices.Reverse(out)
	return out
}

func (q *Path) bindClosure(v ssa.Value, in *Path, at ssa.Instruction) {
	mc, ok := v.(*ssa.MakeClosure)
	if !ok {
		return
	}
	fn, ok := mc.Fn.(*ssa.Function)
	if !ok {
		return
	}
	for i, b := range mc.Bindings {
		if i < len(fn.FreeVars) {
			q.vals[fn.FreeVars[i]] = bound{b, in, at}
		}
	}
}

// OnSession reports whether a statement on recv made by at (an
// instruction of the function the walk reached along p) runs on the
// transaction or session that holds an SQL advisory lock in view: sec's,
// at the top of the path, or one held by a function on the way (locked
// returns a function's sections). It follows recv up the path, a
// parameter or free variable to what the caller passed, and, at each
// level, a transaction to the connection it was begun on and a query
// wrapper to the connection it wraps (Session): a statement on any of
// them runs on that connection's session. Either lock ends only with its
// transaction or session, and a statement sent on one that has ended
// fails: the write cannot land after the lock is gone.
func (p *Path) OnSession(sec *Section, locked func(*ssa.Function) []*Section, at ssa.Instruction, recv ssa.Value) bool {
	v := recv
	for range maxPathDepth {
		if v == nil || at == nil {
			return false
		}
		// The statement's receiver itself (the transaction that holds a
		// pg_advisory_xact_lock), then the session it runs on.
		for _, w := range []ssa.Value{v, Session(v)} {
			if OnOwnSession(locked(at.Parent()), at, w) || p == nil && sec.HoldsOn(w) {
				return true
			}
		}
		if p == nil {
			return false
		}
		b, ok := p.lookup(Session(v))
		if !ok {
			return false
		}
		v, p, at = b.v, b.in, b.at
	}
	return false
}

// NilOnly reports whether at (an instruction of the function the walk
// reached along p), or a call on the way down to it, runs only when a
// transaction or session that holds an SQL advisory lock in view is nil
// (OnSession): a helper handed the locked transaction that falls back to
// the plain store when it has none (if tx == nil { return m.store.Put(...)
// }, for the caller with no database). Under the lock that transaction is
// not nil, so the branch is not the section's.
func (p *Path) NilOnly(sec *Section, locked func(*ssa.Function) []*Section, at ssa.Instruction) bool {
	for q := p; at != nil; q = q.up {
		vals, ifs := calls.NilGuards(at)
		for i, x := range vals {
			if q.OnSession(sec, locked, ifs[i], x) {
				return true
			}
		}
		if q == nil {
			return false
		}
		at = q.via
	}
	return false
}

// lookup returns what v, a parameter or free variable of p's function,
// stands for. A variable a closure captures is shared with its maker
// (the free variable is its address, *fv its value): *fv stands for the
// one value the maker stored there.
func (p *Path) lookup(v ssa.Value) (bound, bool) {
	v = calls.Unwrap(v)
	load, isLoad := v.(*ssa.UnOp)
	if isLoad && load.Op == token.MUL {
		if _, ok := load.X.(*ssa.FreeVar); ok {
			b, ok := p.vals[load.X]
			if !ok {
				return b, false
			}
			b.v = stored(b.v)
			return b, b.v != nil
		}
	}
	b, ok := p.vals[v]
	return b, ok
}

// stored returns the one value stored in a variable (an Alloc a closure
// captured), or nil when it is stored more than once.
func stored(v ssa.Value) ssa.Value {
	alloc, ok := v.(*ssa.Alloc)
	if !ok {
		return nil
	}
	var val ssa.Value
	for _, r := range *alloc.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == alloc {
			if val != nil {
				return nil
			}
			val = st.Val
		}
	}
	return val
}

// Value returns what v, made in the function the walk reached along p,
// stands for in the outermost function the path binds it in: a parameter
// (or captured variable) is replaced by the caller's argument, level by
// level (the key a release helper deletes is the key its caller locked).
// v itself when nothing binds it.
func (p *Path) Value(v ssa.Value) ssa.Value {
	for range maxPathDepth {
		if p == nil || v == nil {
			return v
		}
		b, ok := p.lookup(v)
		if !ok {
			return v
		}
		v, p = b.v, b.in
	}
	return v
}

// Origin returns the parameter of the walk's top function (a function
// being summarised) that a statement's receiver recv, made at an
// instruction of the function the walk reached along p, stands for: up the
// path as OnSession goes, and from a field of it to it (q.db -> q). nil
// when it stands for none.
func (p *Path) Origin(recv ssa.Value) *ssa.Parameter {
	v := recv
	for range maxPathDepth {
		if v == nil {
			return nil
		}
		v = Session(v)
		if p == nil {
			par, _ := calls.Root(v).(*ssa.Parameter)
			return par
		}
		b, ok := p.lookup(v)
		if !ok {
			if b, ok = p.lookup(calls.Root(v)); !ok {
				return nil
			}
		}
		v, p = b.v, b.in
	}
	return nil
}

// Session returns the connection whose session a statement on v runs on,
// as far as v's own function tells: a transaction begun on a connection
// (model.Sessions.Begins) runs on it, as does the connection a pooled
// connection wraps (model.Sessions.Unwraps), and so does a query wrapper made
// from it (wraps). v itself otherwise.
func Session(v ssa.Value) ssa.Value {
	for range maxPathDepth {
		v = calls.Unwrap(v)
		var call *ssa.Call
		switch x := v.(type) {
		case *ssa.Call:
			call = x
		case *ssa.Extract:
			call, _ = x.Tuple.(*ssa.Call)
			if call != nil && x.Index != 0 {
				return v
			}
		}
		if call == nil {
			return v
		}
		switch {
		case model.MatchesAny(model.KB.Sessions.Begins, calls.Callee(&call.Call)),
			model.MatchesAny(model.KB.Sessions.Unwraps, calls.Callee(&call.Call)):
			v = calls.Receiver(&call.Call)
		case wraps(call) != nil:
			v = wraps(call)
		default:
			return v
		}
	}
	return v
}

// wraps returns the connection a query wrapper is made from, or nil: a
// function (sqlc's New(db DBTX) *Queries) or a method of the wrapper that
// rebinds it (sqlc's q.WithTx(tx) *Queries) taking that one value
// (besides a context) and returning a pointer to a struct one of whose
// fields can hold it, so that the statements of the wrapper's methods
// run on it.
func wraps(call *ssa.Call) ssa.Value {
	fn := calls.Callee(&call.Call)
	if fn == nil || call.Call.IsInvoke() {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	if sig.Results().Len() != 1 {
		return nil
	}
	if r := sig.Recv(); r != nil && !types.Identical(r.Type(), sig.Results().At(0).Type()) {
		return nil // a method that makes something else than its own kind
	}
	var conn ssa.Value
	var connType types.Type
	for i := range sig.Params().Len() {
		t := sig.Params().At(i).Type()
		if isContext(t) {
			continue
		}
		if conn != nil {
			return nil // two values: which one the wrapper runs on is unknown
		}
		conn, connType = calls.Arg(&call.Call, i), t
	}
	if conn == nil {
		return nil
	}
	ptr, ok := sig.Results().At(0).Type().Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	st, ok := ptr.Elem().Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for i := range st.NumFields() {
		ft := st.Field(i).Type()
		if types.Identical(ft, connType) || types.IsInterface(ft) && types.AssignableTo(connType, ft) && !types.Identical(ft, types.Universe.Lookup("any").Type()) {
			return conn
		}
	}
	return nil
}

func isContext(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Name() == "Context" && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context"
}
