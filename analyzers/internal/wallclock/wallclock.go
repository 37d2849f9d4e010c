// Package wallclock is the wall-clock check, FC4001 (wallclockttl). The
// engine runs Check on every relevant package once its critical sections
// are walked (package unit).
package wallclock

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/dataflow"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlfence"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"golang.org/x/tools/go/ssa"
)

// Check reports FC4001 (wallclockttl): lease validity, expiry or
// takeover decided by wall-clock arithmetic.
//
// A flow-insensitive labelling over the package's syntax (this file) marks
// values as readings of this host's clock (time.Now, time.Since), as
// untrusted timestamps (from storage, another host or rebuilt without a
// monotonic reading: time.Unix, time.Parse, UTC(), scanned or decoded
// values, lease record fields, Unix() integers), and as lock TTLs (passed to
// a lock API, a lease duration field, or named like one). Labels flow
// through variables, struct fields, parameters and results of this
// package's functions.
//
// A comparison that mixes this host's clock with an untrusted timestamp,
// or this host's clock with a lock TTL (Redlock-style remaining validity),
// is reported when its result decides authority (decide.go): an
// If deciding whether a write or a takeover runs, or a function returning
// it as its verdict. An SQL write that compares a column with time.Now()
// computed in Go is reported too (sql.go), with a fix letting
// the database use its own clock.
//
// To stay precise the comparison needs lease vocabulary: a lock TTL, a
// value read from a lock store (lock table, lock key, lease record), or a
// deadline-like name together with a lease-like struct or a function that
// touches a lock API.
func Check(u *unit.Unit) {
	w := &checker{
		u:    u,
		info: u.Pass.TypesInfo,
		objs: map[types.Object]label{},
		summ: map[*types.Func]label{},
	}
	w.acquires = map[token.Pos]bool{}
	for _, s := range u.Sections {
		if s.Call != nil {
			w.acquires[s.Call.Pos()] = true // a SET NX the engine took for a lock: its TTL is the lock's
		}
	}
	for round := 0; round < labelRounds; round++ {
		w.changed = false
		w.visitAll(w.learn)
		if !w.changed {
			break
		}
	}
	w.visitAll(w.candidate)
	w.reportComparisons()
	w.checkSQL()
	w.checkStores()
}

// flags are the labels of a value.
type flags uint16

const (
	localClock   flags = 1 << iota // a reading of this host's clock
	foreignTime                    // a timestamp from storage, another host, or rebuilt without monotonic reading
	lockTTL                        // a lock TTL
	wallOnly                       // wall-clock only: Unix() integers, UTC(), Round(0), ...
	fromStore                      // read from a lock store (lock table, lock key, lease record)
	leaseField                     // a field of a struct with lease vocabulary
	deadlineName                   // passed through a deadline-like name (expires_at, renewTime)
	ownTTL                         // a TTL of this process's own lock, not one read from another holder's record
	apiTTL                         // a TTL known from a lock API or a lease field, not from a name alone
	inProc                         // kept in this process's memory (a map guarded by a sync mutex), the lock's own state
	elapsedTime                    // an elapsed time (time.Since, Sub), not an instant
)

type origin struct {
	pos  token.Pos
	what string
}

// label is what is known of a value: its labels and, for the first three,
// where they come from (for messages and related locations).
type label struct {
	bits                flags
	local, foreign, ttl origin
}

func (l label) has(b flags) bool { return l.bits&b != 0 }

func (l label) union(m label) label {
	l.bits |= m.bits
	if l.local.what == "" {
		l.local = m.local
	}
	if l.foreign.what == "" {
		l.foreign = m.foreign
	}
	if l.ttl.what == "" {
		l.ttl = m.ttl
	}
	return l
}

func localAt(pos token.Pos, what string) label {
	return label{bits: localClock, local: origin{pos, what}}
}

func foreignAt(pos token.Pos, what string) label {
	return label{bits: foreignTime, foreign: origin{pos, what}}
}

func ttlAt(pos token.Pos, what string) label {
	return label{bits: lockTTL | ownTTL | apiTTL, ttl: origin{pos, what}}
}

// namedTTLAt labels a duration that is a lock TTL by its name only
// ("lockTTL", "leaseDuration"): evidence only together with a lock API or a
// lock store (see vocabulary).
func namedTTLAt(pos token.Pos, what string) label {
	return label{bits: lockTTL | ownTTL, ttl: origin{pos, what}}
}

// modelField looks up the field f of owner in one of the model's field tables.
func modelField[V any](m map[model.Field]V, owner *types.Named, f *types.Var) (V, bool) {
	for k, v := range m {
		if k.Matches(owner, f) {
			return v, true
		}
	}
	var zero V
	return zero, false
}

// recordTTLField reports whether v is one of model.KB.RecordTTLFields (by
// package and name: a field does not know its struct).
func recordTTLField(v *types.Var) bool {
	if !v.IsField() || v.Pkg() == nil {
		return false
	}
	for k := range model.KB.RecordTTLFields {
		if k.Pkg == v.Pkg().Path() && k.Name == v.Name() {
			return true
		}
	}
	return false
}

// recordTTLAt labels the lease duration of an observed record
// (model.KB.RecordTTLFields).
func recordTTLAt(pos token.Pos, what string) label {
	return label{bits: lockTTL | apiTTL, ttl: origin{pos, what}}
}

// checker is the state of FC4001 for one package.
type checker struct {
	u       *unit.Unit
	info    *types.Info
	objs    map[types.Object]label // variables, constants and fields
	summ    map[*types.Func]label  // results of this package's functions
	changed bool

	cands []*cand
	stmts map[string]*sqlfence.Statement

	keys           map[token.Pos]bool // effects a comparison was reported for
	expFacts       map[*types.Func]*ExpiryParamFact
	ciAt           map[token.Pos]ssa.CallInstruction
	collNames      map[types.Object]string
	acquires       map[token.Pos]bool // the calls that acquire a lock of a section
	importedExpiry map[string]bool
	ssaFns         map[*types.Func]*ssa.Function
	enums          map[*types.Named]bool
	inprocMaps     map[types.Object]bool
	inprocTypes    map[*types.Named]bool

	// SSA side (decide.go), built on first use.
	byPos    map[token.Pos]ssa.Value
	effs     map[*ssa.Function][]effectSite
	inner    map[*ssa.Function]*effectSite
	touch    map[*ssa.Function]bool
	reached  map[*ssa.Function]bool
	reachSet map[*ssa.BasicBlock]map[*ssa.BasicBlock]bool
	stamps   map[token.Pos]token.Pos // reads of a stamped SET NX key -> the SET NX (stamplock.go)
}

func (w *checker) add(obj types.Object, l label) {
	if obj == nil || l.bits == 0 || !carrier(obj.Type()) {
		return
	}
	w.changed = addLabel(w.objs, obj, l) || w.changed
}

func (w *checker) addSumm(fn *types.Func, l label) {
	if fn == nil || l.bits == 0 {
		return
	}
	w.changed = addLabel(w.summ, fn, l) || w.changed
}

// addLabel unions l into m[k] and reports whether that added to m.
func addLabel[K comparable](m map[K]label, k K, l label) bool {
	old, ok := m[k]
	nl := old.union(l)
	m[k] = nl
	return !ok || nl.bits != old.bits
}

// visitAll calls visit for every node of every function body, with the
// declared function the node belongs to (nil inside a function literal and
// at package level).
func (w *checker) visitAll(visit func(n ast.Node, fn *types.Func)) {
	var body func(n ast.Node, fn *types.Func)
	body = func(n ast.Node, fn *types.Func) {
		ast.Inspect(n, func(m ast.Node) bool {
			if lit, ok := m.(*ast.FuncLit); ok {
				body(lit.Body, nil)
				return false
			}
			if m != nil {
				visit(m, fn)
			}
			return true
		})
	}
	for _, f := range w.u.Pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				if fd.Body != nil {
					obj, _ := w.info.Defs[fd.Name].(*types.Func)
					body(fd.Body, obj)
				}
				continue
			}
			body(d, nil)
		}
	}
}

// learn propagates labels through one node: assignments, declarations,
// ranges, composite literals, returns, calls of this package's functions
// (parameters), decoders and lock APIs receiving a TTL.
func (w *checker) learn(n ast.Node, fn *types.Func) {
	switch x := n.(type) {
	case *ast.AssignStmt:
		if len(x.Lhs) == len(x.Rhs) {
			for i := range x.Lhs {
				w.add(w.target(x.Lhs[i]), w.eval(x.Rhs[i]))
			}
		} else if len(x.Rhs) == 1 {
			l := w.eval(x.Rhs[0])
			for _, lhs := range x.Lhs {
				w.add(w.target(lhs), l)
			}
		}
	case *ast.ValueSpec:
		for i, name := range x.Names {
			var l label
			switch {
			case len(x.Values) == len(x.Names):
				l = w.eval(x.Values[i])
			case len(x.Values) == 1:
				l = w.eval(x.Values[0])
			}
			w.add(w.info.Defs[name], l)
		}
	case *ast.RangeStmt:
		l := w.eval(x.X)
		if x.Key != nil {
			w.add(w.target(x.Key), l)
		}
		if x.Value != nil {
			w.add(w.target(x.Value), l)
		}
	case *ast.CompositeLit:
		w.compositeFields(x)
	case *ast.ReturnStmt:
		if fn != nil {
			for _, r := range x.Results {
				w.addSumm(fn, w.eval(r))
			}
		}
	case *ast.CallExpr:
		w.learnCall(x)
	}
}

func (w *checker) compositeFields(x *ast.CompositeLit) {
	t := w.info.TypeOf(x)
	if t == nil {
		return
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return
	}
	for i, e := range x.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				if f, ok := w.info.Uses[id].(*types.Var); ok && f.IsField() {
					w.add(f, w.eval(kv.Value))
				}
			}
			continue
		}
		if i < st.NumFields() {
			w.add(st.Field(i), w.eval(e))
		}
	}
}

func (w *checker) learnCall(call *ast.CallExpr) {
	fn := w.callee(call)
	if fn == nil {
		return
	}
	recv := w.recvExpr(call)
	// Parameters of this package's functions receive their arguments.
	if orig := fn.Origin(); orig.Pkg() == w.u.Pass.Pkg && w.u.Index.Decl(orig) != nil {
		sig := orig.Type().(*types.Signature)
		if sig.Recv() != nil && recv != nil {
			w.add(sig.Recv(), w.eval(recv))
		}
		for i, a := range call.Args {
			j := i
			if sig.Variadic() && j >= sig.Params().Len()-1 {
				j = sig.Params().Len() - 1
			}
			if j < sig.Params().Len() {
				w.add(sig.Params().At(j), w.eval(a))
			}
		}
	}
	// Decoders fill their destination from encoded data.
	for _, d := range model.KB.Decoders {
		if d.Func.Matches(fn) && d.Arg < len(call.Args) {
			if obj := w.target(call.Args[d.Arg]); obj != nil {
				w.add(obj, foreignAt(call.Pos(), "a value "+d.What+" into "+obj.Name()))
			}
		}
	}
	if fn.Name() == "Scan" && recv != nil {
		w.learnScan(call, fn, recv)
	}
	w.learnAtomic(call, fn, recv)
	if model.RecvName(fn) == "Time" && fn.Pkg() != nil && fn.Pkg().Path() == "time" && slices.Contains(model.KB.Time.Decoders, fn.Name()) && recv != nil {
		if obj := w.target(recv); obj != nil {
			w.add(obj, foreignAt(call.Pos(), obj.Name()+" decoded by time.Time."+fn.Name()))
		}
	}
	// A value passed as a lock's TTL is a lock TTL wherever it is used.
	for _, ta := range model.KB.LockTTLArgs {
		if !ta.Func.Matches(fn) || ta.Arg >= len(call.Args) {
			continue
		}
		if ta.LockKey >= 0 && !w.acquires[call.Lparen] && (ta.LockKey >= len(call.Args) || !w.lockKeyExpr(call.Args[ta.LockKey])) {
			continue
		}
		if obj := w.ttlRoot(call.Args[ta.Arg]); obj != nil {
			w.add(obj, ttlAt(call.Pos(), obj.Name()+", the TTL passed to "+funcText(ta.Func)))
		}
	}
}

// learnScan marks the destinations of a Scan as untrusted: scanned from the
// database (or read from Redis), named after the selected column when the
// query is known.
func (w *checker) learnScan(call *ast.CallExpr, fn *types.Func, recv ast.Expr) {
	rl := w.eval(recv)
	source := "scanned from the database"
	if fn.Pkg() != nil && fn.Pkg().Path() == model.KB.ReplyPackage {
		source = "read from Redis"
	}
	var cols []string
	if q, ok := ast.Unparen(recv).(*ast.CallExpr); ok {
		if text, ok := w.sqlText(q); ok {
			cols = w.parse(text).ReadColumns
		}
	}
	for i, a := range call.Args {
		obj := w.target(a)
		if obj == nil {
			continue
		}
		name := obj.Name()
		if i < len(cols) && cols[i] != "" && cols[i] != "*" {
			name = cols[i]
		}
		l := foreignAt(call.Pos(), name+" "+source)
		l.bits |= rl.bits & fromStore
		if vocab.Validity.Match(name) {
			l.bits |= deadlineName
		}
		w.add(obj, l)
	}
}

// target returns the variable or field an expression designates as a
// destination: x, &x, x.f, &x.f, *p, m[k] (the map).
func (w *checker) target(e ast.Expr) types.Object {
	for i := 0; i < maxUnwrap; i++ {
		if in, ok := dataflow.InnerExpr(e, w.info, dataflow.AddressOf|dataflow.Loads|dataflow.Elements); ok {
			e = in
			continue
		}
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			if x.Name == "_" {
				return nil
			}
			if o := w.info.Defs[x]; o != nil {
				return o
			}
			return w.info.Uses[x]
		case *ast.SelectorExpr:
			if sel := w.info.Selections[x]; sel != nil {
				if sel.Kind() == types.FieldVal {
					return sel.Obj()
				}
				return nil
			}
			return w.info.Uses[x.Sel] // package-level variable
		default:
			return nil
		}
	}
	return nil
}

// ttlRoot returns the variable, constant or field a TTL argument is made
// of: ttl, s.ttl, time.Duration(secs)*time.Second, ttl/2.
func (w *checker) ttlRoot(e ast.Expr) types.Object {
	if tv, ok := w.info.Types[e]; ok && tv.Value != nil {
		if _, isIdent := ast.Unparen(e).(*ast.Ident); !isIdent {
			if _, isSel := ast.Unparen(e).(*ast.SelectorExpr); !isSel {
				return nil // 30 * time.Second: a literal TTL, nothing to label
			}
		}
	}
	o := w.ttlRootExpr(e)
	if o != nil && o.Pkg() != nil && o.Pkg().Path() == "time" {
		return nil // time.Second is a unit, not this lock's TTL
	}
	return o
}

func (w *checker) ttlRootExpr(e ast.Expr) types.Object {
	for i := 0; i < maxUnwrap; i++ {
		if in, ok := dataflow.InnerExpr(e, w.info, dataflow.Loads|dataflow.Converts); ok {
			e = in
			continue
		}
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return w.info.Uses[x]
		case *ast.SelectorExpr:
			if sel := w.info.Selections[x]; sel != nil {
				if sel.Kind() == types.FieldVal {
					return sel.Obj()
				}
				return nil
			}
			return w.info.Uses[x.Sel]
		case *ast.BinaryExpr:
			if tv, ok := w.info.Types[x.X]; ok && tv.Value != nil {
				e = x.Y
			} else if tv, ok := w.info.Types[x.Y]; ok && tv.Value != nil {
				e = x.X
			} else if o := w.ttlRootExpr(x.X); o != nil {
				return o
			} else {
				e = x.Y
			}
		default:
			return nil
		}
	}
	return nil
}

// callee returns the function or method a call expression invokes
// statically (interface methods included), or nil.
func (w *checker) callee(call *ast.CallExpr) *types.Func {
	fun := ast.Unparen(call.Fun)
	switch f := fun.(type) {
	case *ast.IndexExpr:
		fun = f.X
	case *ast.IndexListExpr:
		fun = f.X
	}
	switch f := fun.(type) {
	case *ast.Ident:
		fn, _ := w.info.Uses[f].(*types.Func)
		return fn
	case *ast.SelectorExpr:
		fn, _ := w.info.Uses[f.Sel].(*types.Func)
		return fn
	}
	return nil
}

// recvExpr returns the receiver expression of a method call (x in x.m()).
func (w *checker) recvExpr(call *ast.CallExpr) ast.Expr {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s := w.info.Selections[sel]; s != nil && s.Kind() == types.MethodVal {
			return sel.X
		}
	}
	return nil
}

// eval returns the labels of an expression's value.
func (w *checker) eval(e ast.Expr) label {
	switch x := e.(type) {
	case *ast.ParenExpr:
		return w.eval(x.X)
	case *ast.Ident:
		obj := w.info.Uses[x]
		if obj == nil {
			obj = w.info.Defs[x]
		}
		return w.object(obj)
	case *ast.SelectorExpr:
		return w.selector(x)
	case *ast.CallExpr:
		return w.call(x)
	case *ast.BinaryExpr:
		switch x.Op {
		case token.ADD, token.SUB, token.MUL, token.QUO, token.REM:
			return w.eval(x.X).union(w.eval(x.Y))
		}
		return label{}
	case *ast.UnaryExpr:
		switch x.Op {
		case token.AND, token.SUB, token.ADD:
			return w.eval(x.X)
		}
		return label{}
	case *ast.StarExpr:
		return w.eval(x.X)
	case *ast.IndexExpr:
		l := w.eval(x.X)
		if obj := w.target(x.X); obj != nil && w.inProcMap(obj) {
			l.bits |= inProc
		}
		return l
	case *ast.SliceExpr:
		return w.eval(x.X)
	case *ast.TypeAssertExpr:
		return w.eval(x.X)
	}
	return label{}
}

// object returns the labels of a variable or constant, including a lock
// TTL recognised by its name (lockTTL, leaseDuration).
func (w *checker) object(obj types.Object) label {
	if obj == nil {
		return label{}
	}
	l := w.objs[obj]
	switch obj.(type) {
	case *types.Var, *types.Const:
		if durationish(obj.Type()) && lockTTLName(obj.Name()) && !w.assignedInstant(obj) {
			if v, ok := obj.(*types.Var); ok && recordTTLField(v) {
				l = l.union(recordTTLAt(obj.Pos(), obj.Name()+", a lease record's duration"))
			} else {
				l = l.union(namedTTLAt(obj.Pos(), obj.Name()+", a lock TTL by its name"))
			}
		}
		if l.has(foreignTime|wallOnly) && vocab.Validity.Match(obj.Name()) {
			l.bits |= deadlineName
		}
	}
	return l
}

// assignedInstant reports whether an integer variable or field holds an
// instant whatever its name says: it is assigned a reading of this host's
// clock that is not an elapsed time (l.timeout = time.Now().Add(d).Unix()).
func (w *checker) assignedInstant(obj types.Object) bool {
	if n, ok := types.Unalias(obj.Type()).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" {
		return false // time.Duration
	}
	b, ok := obj.Type().Underlying().(*types.Basic)
	if !ok || b.Info()&types.IsInteger == 0 {
		return false
	}
	l := w.objs[obj]
	return l.has(localClock) && !l.has(elapsedTime)
}

// learnAtomic lets a value stored with sync/atomic keep its labels:
// atomic.StoreInt64(&l.until, t.UnixNano()), l.until.Store(...).
func (w *checker) learnAtomic(call *ast.CallExpr, fn *types.Func, recv ast.Expr) {
	if fn.Pkg() == nil || fn.Pkg().Path() != "sync/atomic" {
		return
	}
	name := fn.Name()
	if !strings.HasPrefix(name, "Store") && !strings.HasPrefix(name, "Swap") && !strings.HasPrefix(name, "CompareAndSwap") {
		return
	}
	switch {
	case recv == nil && len(call.Args) >= 2:
		w.add(w.target(call.Args[0]), w.eval(call.Args[len(call.Args)-1]))
	case recv != nil && len(call.Args) >= 1:
		w.add(w.target(recv), w.eval(call.Args[len(call.Args)-1]))
	}
}

func (w *checker) selector(x *ast.SelectorExpr) label {
	sel := w.info.Selections[x]
	if sel == nil {
		return w.object(w.info.Uses[x.Sel]) // package-qualified
	}
	if sel.Kind() != types.FieldVal {
		return label{}
	}
	f, _ := sel.Obj().(*types.Var)
	// The fields of an untrusted value are untrusted, except those that
	// cannot hold an instant (an enum: State == JOINING is no clock
	// comparison).
	var l label
	if !w.enum(f.Type()) {
		l = w.eval(x.X)
	}
	owner := fieldOwner(sel)
	if owner != nil && w.inProcEntry(owner) {
		l.bits |= inProc
	}
	fm := func(m map[model.Field]string) string {
		v, _ := modelField(m, owner, f)
		return v
	}
	stored := false
	if what := fm(model.KB.LeaseRecordFields); what != "" {
		l = l.union(foreignAt(x.Pos(), what))
		l.bits |= fromStore | deadlineName
		stored = true
	}
	if what := fm(model.KB.LockTTLFields); what != "" {
		if _, record := modelField(model.KB.RecordTTLFields, owner, f); record {
			l = l.union(recordTTLAt(x.Pos(), what))
		} else {
			l = l.union(ttlAt(x.Pos(), what))
		}
	}
	if what := fm(model.KB.StoredFields); what != "" {
		l = l.union(foreignAt(x.Pos(), what))
		stored = true
	}
	if leaseFieldOf(sel, owner, f) {
		l.bits |= leaseField
		if owner != nil && (storedInstant(f) || w.assignedInstant(f)) && serialized(owner, f) && fm(model.KB.LockTTLFields) == "" {
			l = l.union(foreignAt(f.Pos(), "the stored field "+owner.Obj().Name()+"."+f.Name()))
			stored = true
		}
	}
	fl := w.object(f)
	if stored || fl.has(foreignTime) {
		// A field read back from storage holds what another host wrote,
		// even where this package also stores a reading of its own clock
		// into it.
		fl.bits &^= localClock
		fl.local = origin{}
	}
	l = l.union(fl)
	if l.has(foreignTime|wallOnly) && (vocab.Validity.Match(f.Name()) || w.assignedInstant(f)) {
		l.bits |= deadlineName // a deadline: expires_at, or a Timeout assigned time.Now().Add(d).Unix()
	}
	return l
}

func (w *checker) call(call *ast.CallExpr) label {
	if tv, ok := w.info.Types[call.Fun]; ok && tv.IsType() {
		if len(call.Args) == 1 {
			return w.eval(call.Args[0]) // a conversion
		}
		return label{}
	}
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := w.info.Uses[id].(*types.Builtin); ok {
			var l label
			if b.Name() == "min" || b.Name() == "max" {
				for _, a := range call.Args {
					l = l.union(w.eval(a))
				}
			}
			return l
		}
	}
	fn := w.callee(call)
	if fn == nil || fn.Pkg() == nil {
		return label{}
	}
	recv := w.recvExpr(call)
	arg := func(i int) label {
		if i < len(call.Args) {
			return w.eval(call.Args[i])
		}
		return label{}
	}
	recvLabel := func() label {
		if recv != nil {
			return w.eval(recv)
		}
		return label{}
	}
	pkg, rn, name := fn.Pkg().Path(), model.RecvName(fn), fn.Name()
	if _, ok := w.stampReads()[call.Lparen]; ok {
		l := foreignAt(call.Pos(), "the expiry stamp read from the SET NX lock key (written with the clock of the host that took the lock)")
		l.bits |= fromStore | deadlineName
		return l
	}
	switch {
	case model.MatchesAny(model.KB.ClockReads, fn):
		return localAt(call.Pos(), shortName(fn)+"()")
	case name == "Now" && rn != "" && timeish(resultType(fn)):
		return localAt(call.Pos(), "the clock's Now()") // an injected clock
	case model.MatchesAny(model.KB.ClockElapsed, fn):
		l := localAt(call.Pos(), shortName(fn)).union(arg(0))
		l.bits |= elapsedTime
		return l
	}
	for f, what := range model.KB.TimeConstructors {
		if f.Matches(fn) {
			l := recvLabel()
			for i := range call.Args {
				l = l.union(arg(i))
			}
			l.bits |= wallOnly
			if !l.has(localClock) {
				l = l.union(foreignAt(call.Pos(), what))
			}
			return l
		}
	}
	switch {
	case pkg == "time" && rn == "Time":
		switch {
		case slices.Contains(model.KB.Time.Strippers, name), slices.Contains(model.KB.Time.Texts, name):
			l := recvLabel()
			l.bits |= wallOnly
			return l
		case slices.Contains(model.KB.Time.Arithmetic, name), model.MatchesAny(model.KB.TimeComparisons, fn):
			l := recvLabel().union(arg(0))
			if name == "Sub" {
				l.bits |= elapsedTime
			}
			return l
		}
		return label{}
	case model.MatchesAny(model.KB.TimeComparisons, fn):
		return recvLabel().union(arg(0))
	case pkg == "time" && rn == "Duration":
		return recvLabel()
	case pkg == "time" && name == "ParseDuration":
		return arg(0)
	case model.MatchesAny(model.KB.TimeWrappers, fn):
		return arg(0)
	case model.MatchesAny(model.KB.TimeStrips, fn):
		l := recvLabel()
		l.bits |= wallOnly
		return l
	case pkg == "strconv" && (strings.HasPrefix(name, "Parse") || name == "Atoi"):
		return arg(0)
	case pkg == "strconv" && (strings.HasPrefix(name, "Format") || name == "Itoa"):
		return arg(0) // an instant's text (a score, an ARGV, a DynamoDB number)
	case pkg == "fmt" && (name == "Sprint" || name == "Sprintf" || name == "Sprintln"):
		var l label
		for i := range call.Args {
			l = l.union(arg(i))
		}
		return l
	case slices.Contains(model.KB.ReplyPackages, pkg) && strings.HasSuffix(rn, "Cmd") && slices.Contains(model.KB.StoredReplies, name):
		if rl := recvLabel(); rl.has(fromStore) {
			return rl // a stamp (stamplock.go)
		}
		l := foreignAt(call.Pos(), "a value read from Redis")
		if q, ok := ast.Unparen(recv).(*ast.CallExpr); ok && len(q.Args) > 1 && w.lockKeyExpr(q.Args[1]) {
			l.bits |= fromStore | deadlineName
			l.foreign.what = "a value read from the Redis lock key"
		}
		return l
	}
	if model.MatchesAny(model.KB.Replies, fn) {
		return arg(0) // redis.Int64(conn.Do("GET", key))
	}
	for f, what := range model.KB.StoredReads {
		if f.Matches(fn) {
			return foreignAt(call.Pos(), what)
		}
	}
	if pkg == "sync/atomic" {
		switch {
		case rn == "" && (strings.HasPrefix(name, "Load") || strings.HasPrefix(name, "Swap")) && len(call.Args) > 0:
			return arg(0) // atomic.LoadInt64(&l.until)
		case rn != "" && (name == "Load" || name == "Swap"):
			return recvLabel() // l.until.Load()
		}
	}
	if text, ok := w.sqlText(call); ok {
		if st := w.parse(text); vocab.LockTable.Match(st.Table) {
			return label{bits: fromStore}
		}
		return label{}
	}
	if orig := fn.Origin(); orig.Pkg() == w.u.Pass.Pkg {
		return w.summ[orig]
	}
	return label{}
}

// parse parses SQL text once per package.
func (w *checker) parse(text string) *sqlfence.Statement {
	if w.stmts == nil {
		w.stmts = map[string]*sqlfence.Statement{}
	}
	st, ok := w.stmts[text]
	if !ok {
		st = sqlfence.Parse(text)
		w.stmts[text] = st
	}
	return st
}

// sqlText returns the constant SQL text of a call to an SQL sink.
func (w *checker) sqlText(call *ast.CallExpr) (string, bool) {
	fn := w.callee(call)
	if fn == nil {
		return "", false
	}
	for _, s := range model.KB.Sinks {
		if s.Cond != model.CondSQL || !model.MatchesAny(s.Funcs, fn) || s.Query >= len(call.Args) {
			continue
		}
		return w.constString(call.Args[s.Query])
	}
	return "", false
}

func (w *checker) constString(e ast.Expr) (string, bool) {
	if tv, ok := w.info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return constant.StringVal(tv.Value), true
	}
	return "", false
}

// lockKeyExpr reports whether a Redis key expression's constant part
// names a lock ("lock:" + id, fmt.Sprintf("lease/%s", id)).
func (w *checker) lockKeyExpr(e ast.Expr) bool {
	for i := 0; i < maxKeyParts; i++ {
		if s, ok := w.constString(e); ok {
			return vocab.LockKey.Match(s)
		}
		switch x := ast.Unparen(e).(type) {
		case *ast.BinaryExpr:
			e = x.X
			continue
		case *ast.CallExpr:
			if fn := w.callee(x); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "fmt" && fn.Name() == "Sprintf" && len(x.Args) > 0 {
				e = x.Args[0]
				continue
			}
		case *ast.Ident:
			if obj, ok := w.info.Uses[x].(*types.Var); ok && vocab.Lease.Match(obj.Name()) {
				return true // lockKey, leaseKey
			}
		}
		return false
	}
	return false
}

// fieldOwner returns the named struct type that declares the selected
// field (following embedded fields).
func fieldOwner(sel *types.Selection) *types.Named {
	t := fieldStruct(sel)
	if t == nil {
		return nil
	}
	n, _ := types.Unalias(t).(*types.Named)
	return n
}

// serialized reports whether a field carries a serialization tag (json,
// db, bson, ...): a record meant to be stored and read back by others.
func serialized(owner *types.Named, f *types.Var) bool {
	st, ok := owner.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i) != f {
			continue
		}
		tag := st.Tag(i)
		for _, k := range model.KB.StructTags {
			if strings.Contains(tag, k+":\"") {
				return true
			}
		}
	}
	return false
}

// funcText names a knowledge-base function for messages, skipping a
// major-version path element: "redsync.WithExpiry", "redislock.Client.Obtain".
func funcText(f model.Func) string {
	parts := strings.Split(f.Pkg, "/")
	short := parts[len(parts)-1]
	if len(parts) > 1 && len(short) > 1 && short[0] == 'v' && strings.Trim(short[1:], "0123456789") == "" {
		short = parts[len(parts)-2]
	}
	if f.Recv == "" || f.Recv == "*" {
		return short + "." + f.Name
	}
	return short + "." + f.Recv + "." + f.Name
}

func shortName(fn *types.Func) string {
	if fn.Pkg() == nil {
		return fn.Name()
	}
	if rn := model.RecvName(fn); rn != "" {
		return rn + "." + fn.Name()
	}
	return model.KB.PackageName(fn.Pkg()) + "." + fn.Name()
}

func resultType(fn *types.Func) types.Type {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Results().Len() == 0 {
		return nil
	}
	return sig.Results().At(0).Type()
}

// timeish reports whether t holds an instant: time.Time, the Kubernetes
// wrappers, pointers to them, or an integer (Unix seconds, milliseconds).
func timeish(t types.Type) bool {
	if t == nil {
		return false
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil {
		if model.KB.IsInstant(n.Obj().Pkg().Path(), n.Obj().Name()) {
			return true
		}
		if n.Obj().Pkg().Path()+"."+n.Obj().Name() == "time.Duration" {
			return false
		}
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// carrier reports whether a value of type t can hold a timestamp, a
// duration or what one is decoded from: numbers, strings, bytes, time
// types and the structs, pointers and containers of them. Channels,
// functions, interfaces (errors) and bools cannot.
func carrier(t types.Type) bool {
	for i := 0; i < maxTypeUnwrap; i++ {
		switch u := t.Underlying().(type) {
		case *types.Basic:
			return u.Info()&types.IsBoolean == 0
		case *types.Struct:
			return true
		case *types.Pointer:
			t = u.Elem()
		case *types.Slice:
			t = u.Elem()
		case *types.Array:
			t = u.Elem()
		case *types.Map:
			t = u.Elem()
		default:
			return false
		}
	}
	return false
}

// ordered reports whether values of type t are instants or amounts
// whose comparison can be a clock comparison.
func ordered(t types.Type) bool {
	if t == nil {
		return false
	}
	if timeish(t) {
		return true
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsInteger|types.IsFloat) != 0
}

// storedInstant reports whether a field holds an instant: a time type,
// or an integer named like a deadline (ExpiresAt, RenewedUnix) rather than a
// duration (LeaseDurationSeconds, TTL).
func storedInstant(f *types.Var) bool {
	if !timeish(f.Type()) {
		return false
	}
	t := f.Type()
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if b, ok := t.Underlying().(*types.Basic); !ok || b.Info()&types.IsInteger == 0 {
		return true
	}
	if vocab.Duration.Match(f.Name()) || vocab.DurationUnit.Match(f.Name()) {
		return false
	}
	return vocab.Validity.Match(f.Name()) || vocab.Instant.Match(f.Name())
}

// durationish reports whether t can hold a duration: time.Duration or an
// integer (seconds).
func durationish(t types.Type) bool {
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" {
		return n.Obj().Name() == "Duration"
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// lockTTLName reports whether a duration's name makes it a lock TTL: a
// lease word and a duration word ("lockTTL", "leaseDuration"), or just
// "lease".
func lockTTLName(name string) bool {
	if ws := vocab.Words(name); len(ws) == 1 && (ws[0] == "lease" || ws[0] == "leases") {
		return true
	}
	return vocab.Lease.Match(name) && vocab.Duration.Match(name)
}
