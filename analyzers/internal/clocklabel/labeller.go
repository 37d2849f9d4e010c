package clocklabel

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/astexpr"
	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/clocktype"
	"github.com/fencecheck/fencecheck/analyzers/internal/dataflow"
	"github.com/fencecheck/fencecheck/analyzers/internal/inproc"
	"github.com/fencecheck/fencecheck/analyzers/internal/lockuse"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/objlock"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlfence"
	"github.com/fencecheck/fencecheck/analyzers/internal/stamplock"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"golang.org/x/tools/go/ssa"
)

// Limits of the labelling's walks. As the engine's (engine/limits.go), each
// keeps a walk finite where a seen-set does not; reaching one means giving
// up, silently, on a shape no test has.
const (
	// labelRounds bounds the rounds of the labelling of variables and
	// fields (local clock, stored time, lease vocabulary): labels spread
	// one assignment per round, and some labels feed others.
	labelRounds = 8

	// maxUnwrap bounds how many layers (parentheses, conversions, &, *,
	// selectors) are peeled off an expression to name its root.
	maxUnwrap = 16

	// maxKeyParts bounds how many concatenations and Sprintf calls are
	// peeled off a Redis key expression to find its constant part; it is
	// the leftmost operand of a short "lock:" + id.
	maxKeyParts = 8
)

// Labeller holds the labels of one package's values.
type Labeller struct {
	*astexpr.Reader
	u        *unit.Unit
	objs     map[types.Object]Label // variables, constants and fields
	summ     map[*types.Func]Label  // results of this package's functions
	changed  bool
	stmts    map[string]*sqlfence.Statement
	acquires map[token.Pos]bool // the calls that acquire a lock of a section
	enums    clocktype.Enums
	inproc   *inproc.State
	stamps   map[token.Pos]token.Pos   // reads of a stamped SET NX key -> the SET NX (stamplock)
	objReads map[token.Pos]string      // reads of a lock object of an object store -> the store (objlock)
	defs     map[*types.Var][]ast.Expr // the definitions of local variables (Evidence), built on use
	clocks   map[types.Object]bool     // func-typed fields and variables given a clock reading function (injectedClocks)
}

// New labels the values of u's package, to a fixed point.
func New(u *unit.Unit) *Labeller {
	w := &Labeller{
		Reader:   &astexpr.Reader{Info: u.Pass.TypesInfo, Pkg: u.Pass.Pkg, Files: u.Pass.Files},
		u:        u,
		objs:     map[types.Object]Label{},
		summ:     map[*types.Func]Label{},
		acquires: map[token.Pos]bool{},
	}
	w.inproc = inproc.New(u, w.Target, func(fn *ssa.Function) bool { return lockuse.Uses(fn, w.Parse) })
	for _, s := range u.Sections {
		if s.Call != nil {
			w.acquires[s.Call.Pos()] = true // a SET NX the engine took for a lock: its TTL is the lock's
		}
	}
	for round := 0; round < labelRounds; round++ {
		w.changed = false
		w.VisitAll(w.Learn)
		if !w.changed {
			break
		}
	}
	return w
}

// Enum reports whether t is an enumeration (clocktype.Enums).
func (w *Labeller) Enum(t types.Type) bool { return w.enums.Is(t) }

// stampReads returns the reads of stamped SET NX keys (stamplock), built on
// first use.
// lockObjectReads are the reads of a lock object of an object store
// (objlock), by the position of their call's Lparen, with the store's name.
func (w *Labeller) lockObjectReads() map[token.Pos]string {
	if w.objReads == nil {
		w.objReads = map[token.Pos]string{}
		for _, fn := range w.u.Funcs {
			for ci := range calls.In(fn) {
				if op := objlock.Of(ci); op != nil && op.Kind == model.ObjectRead && objlock.LockObject(op.Name) {
					w.objReads[ci.Pos()] = op.Store.Name
				}
			}
		}
	}
	return w.objReads
}

// injectedClocks returns the func-typed fields and package variables of
// this package that are given a function reading the host's clock
// (model.KB.ClockReads: `now: time.Now` in a constructor, `s.now =
// time.Now`): an injectable clock, whose call reads this host's clock
// wherever tests do not replace it.
func (w *Labeller) injectedClocks() map[types.Object]bool {
	if w.clocks != nil {
		return w.clocks
	}
	w.clocks = map[types.Object]bool{}
	note := func(lhs ast.Expr, rhs ast.Expr) {
		v := w.funcVar(lhs)
		if v == nil {
			return
		}
		if f, ok := w.funcRef(rhs).(*types.Func); ok && model.MatchesAny(model.KB.ClockReads, f) {
			w.clocks[v] = true
		}
	}
	for _, f := range w.u.Pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.KeyValueExpr:
				note(n.Key, n.Value)
			case *ast.AssignStmt:
				if len(n.Lhs) == len(n.Rhs) {
					for i := range n.Lhs {
						note(n.Lhs[i], n.Rhs[i])
					}
				}
			case *ast.ValueSpec:
				if len(n.Names) == len(n.Values) {
					for i := range n.Names {
						note(n.Names[i], n.Values[i])
					}
				}
			}
			return true
		})
	}
	return w.clocks
}

// funcVar returns the field or variable of function type that e names
// (e.now, now), or nil.
func (w *Labeller) funcVar(e ast.Expr) types.Object {
	var id *ast.Ident
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		id = x
	case *ast.SelectorExpr:
		id = x.Sel
	default:
		return nil
	}
	obj := w.Info.Uses[id]
	if obj == nil {
		obj = w.Info.Defs[id]
	}
	v, ok := obj.(*types.Var)
	if !ok {
		return nil
	}
	if _, isFunc := v.Type().Underlying().(*types.Signature); !isFunc {
		return nil
	}
	return v
}

// funcRef returns the object a function value expression names (time.Now
// as a value, not called), or nil.
func (w *Labeller) funcRef(e ast.Expr) types.Object {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return w.Info.Uses[x]
	case *ast.SelectorExpr:
		return w.Info.Uses[x.Sel]
	}
	return nil
}

func (w *Labeller) stampReads() map[token.Pos]token.Pos {
	if w.stamps == nil {
		w.stamps = stamplock.Reads(w.u.Funcs)
	}
	return w.stamps
}

func (w *Labeller) add(obj types.Object, l Label) {
	if obj == nil || l.Bits == 0 || !clocktype.Carrier(obj.Type()) {
		return
	}
	w.changed = addLabel(w.objs, obj, l) || w.changed
}

func (w *Labeller) addSumm(fn *types.Func, l Label) {
	if fn == nil || l.Bits == 0 {
		return
	}
	w.changed = addLabel(w.summ, fn, l) || w.changed
}

// VisitAll calls visit for every node of every function body, with the
// declared function the node belongs to (nil inside a function literal and
// at package level).
func (w *Labeller) VisitAll(visit func(n ast.Node, fn *types.Func)) {
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
					obj, _ := w.Info.Defs[fd.Name].(*types.Func)
					body(fd.Body, obj)
				}
				continue
			}
			body(d, nil)
		}
	}
}

// Learn propagates labels through one node: assignments, declarations,
// ranges, composite literals, returns, calls of this package's functions
// (parameters), decoders and lock APIs receiving a TTL.
func (w *Labeller) Learn(n ast.Node, fn *types.Func) {
	switch x := n.(type) {
	case *ast.AssignStmt:
		if len(x.Lhs) == len(x.Rhs) {
			for i := range x.Lhs {
				w.add(w.Target(x.Lhs[i]), w.Eval(x.Rhs[i]))
			}
		} else if len(x.Rhs) == 1 {
			l := w.Eval(x.Rhs[0])
			for _, lhs := range x.Lhs {
				w.add(w.Target(lhs), l)
			}
		}
	case *ast.ValueSpec:
		for i, name := range x.Names {
			var l Label
			switch {
			case len(x.Values) == len(x.Names):
				l = w.Eval(x.Values[i])
			case len(x.Values) == 1:
				l = w.Eval(x.Values[0])
			}
			w.add(w.Info.Defs[name], l)
		}
	case *ast.RangeStmt:
		l := w.Eval(x.X)
		if x.Key != nil {
			w.add(w.Target(x.Key), l)
		}
		if x.Value != nil {
			w.add(w.Target(x.Value), l)
		}
	case *ast.CompositeLit:
		w.compositeFields(x)
	case *ast.ReturnStmt:
		if fn != nil {
			for _, r := range x.Results {
				w.addSumm(fn, w.Eval(r))
			}
		}
	case *ast.CallExpr:
		w.learnCall(x)
	}
}

func (w *Labeller) compositeFields(x *ast.CompositeLit) {
	t := w.Info.TypeOf(x)
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
				if f, ok := w.Info.Uses[id].(*types.Var); ok && f.IsField() {
					w.add(f, w.Eval(kv.Value))
				}
			}
			continue
		}
		if i < st.NumFields() {
			w.add(st.Field(i), w.Eval(e))
		}
	}
}

func (w *Labeller) learnCall(call *ast.CallExpr) {
	fn := w.Callee(call)
	if fn == nil {
		return
	}
	recv := w.RecvExpr(call)
	// Parameters of this package's functions receive their arguments; a
	// test's call of a function declared outside the tests passes fixed
	// instants (time.Unix(1700000000, 0)) that say nothing of what the
	// program passes, and is left out.
	if orig := fn.Origin(); orig.Pkg() == w.u.Pass.Pkg && w.u.Index.Decl(orig) != nil &&
		!(calls.InTestFile(w.u.Pass.Fset, call.Pos()) && !calls.InTestFile(w.u.Pass.Fset, orig.Pos())) {
		sig := orig.Type().(*types.Signature)
		if sig.Recv() != nil && recv != nil {
			w.add(sig.Recv(), w.Eval(recv))
		}
		for i, a := range call.Args {
			j := i
			if sig.Variadic() && j >= sig.Params().Len()-1 {
				j = sig.Params().Len() - 1
			}
			if j < sig.Params().Len() {
				w.add(sig.Params().At(j), w.Eval(a))
			}
		}
	}
	// Decoders fill their destination from encoded data: untrusted, unless
	// the data was read from a file on this host (a lock file this host's
	// processes write with this host's clock).
	for _, d := range model.KB.Decoders {
		if d.Func.Matches(fn) && d.Arg < len(call.Args) {
			if obj := w.Target(call.Args[d.Arg]); obj != nil {
				if d.Arg > 0 && w.Eval(call.Args[0]).Has(LocalFile) && !namesHost(obj.Type()) {
					w.add(obj, Label{Bits: LocalFile})
					continue
				}
				w.add(obj, ForeignAt(call.Pos(), "a value "+d.What+" into "+obj.Name()))
			}
		}
	}
	if fn.Name() == "Scan" && recv != nil {
		w.learnScan(call, fn, recv)
	}
	w.learnAtomic(call, fn, recv)
	if model.RecvName(fn) == "Time" && fn.Pkg() != nil && fn.Pkg().Path() == "time" && slices.Contains(model.KB.Time.Decoders, fn.Name()) && recv != nil {
		if obj := w.Target(recv); obj != nil {
			w.add(obj, ForeignAt(call.Pos(), obj.Name()+" decoded by time.Time."+fn.Name()))
		}
	}
	// A value passed as a lock's TTL is a lock TTL wherever it is used.
	for _, ta := range model.KB.LockTTLArgs {
		if !ta.Func.Matches(fn) || ta.Arg >= len(call.Args) {
			continue
		}
		if ta.LockKey >= 0 && !w.acquires[call.Lparen] && (ta.LockKey >= len(call.Args) || !w.LockKeyExpr(call.Args[ta.LockKey])) {
			continue
		}
		if obj := w.ttlRoot(call.Args[ta.Arg]); obj != nil {
			w.add(obj, TTLAt(call.Pos(), obj.Name()+", the TTL passed to "+FuncText(ta.Func)))
		}
	}
}

// learnScan marks the destinations of a Scan as untrusted: scanned from the
// database (or read from Redis), named after the selected column when the
// query is known.
func (w *Labeller) learnScan(call *ast.CallExpr, fn *types.Func, recv ast.Expr) {
	rl := w.Eval(recv)
	source := "scanned from the database"
	if fn.Pkg() != nil && fn.Pkg().Path() == model.KB.ReplyPackage {
		source = "read from Redis"
	}
	var cols []string
	if q, ok := ast.Unparen(recv).(*ast.CallExpr); ok {
		if text, ok := w.SQLText(q); ok {
			cols = w.Parse(text).ReadColumns
		}
	}
	args := call.Args
	if call.Ellipsis.IsValid() && len(args) > 0 {
		// row.Scan(dest...): the destinations appended to the slice
		// (dest = append(dest, &task.ID, &leaseUntil, ...)).
		args = append(append([]ast.Expr{}, args[:len(args)-1]...), w.Appended(args[len(args)-1])...)
	}
	// A row of a SQLite database (a package that imports only a local
	// database's driver) was written by a process of this machine, with
	// its clock: as what a lock file holds.
	local := source != "read from Redis" && model.KB.LocalDatabaseOnly(w.u.Pass.Pkg.Imports())
	for i, a := range args {
		obj := w.Target(a)
		if obj == nil {
			continue
		}
		if local {
			w.add(obj, Label{Bits: LocalFile})
			continue
		}
		name := obj.Name()
		if i < len(cols) && cols[i] != "" && cols[i] != "*" {
			name = cols[i]
		}
		l := ForeignAt(call.Pos(), name+" "+source)
		l.Bits |= rl.Bits & FromStore
		if vocab.Validity.Match(name) {
			l.Bits |= DeadlineName
		}
		w.add(obj, l)
	}
}

// ttlRoot returns the variable, constant or field a TTL argument is made
// of: ttl, s.ttl, time.Duration(secs)*time.Second, ttl/2.
func (w *Labeller) ttlRoot(e ast.Expr) types.Object {
	if tv, ok := w.Info.Types[e]; ok && tv.Value != nil {
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

func (w *Labeller) ttlRootExpr(e ast.Expr) types.Object {
	for i := 0; i < maxUnwrap; i++ {
		if in, ok := dataflow.InnerExpr(e, w.Info, dataflow.Loads|dataflow.Converts); ok {
			e = in
			continue
		}
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return w.Info.Uses[x]
		case *ast.SelectorExpr:
			if sel := w.Info.Selections[x]; sel != nil {
				if sel.Kind() == types.FieldVal {
					return sel.Obj()
				}
				return nil
			}
			return w.Info.Uses[x.Sel]
		case *ast.BinaryExpr:
			if tv, ok := w.Info.Types[x.X]; ok && tv.Value != nil {
				e = x.Y
			} else if tv, ok := w.Info.Types[x.Y]; ok && tv.Value != nil {
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

// Eval returns the labels of an expression's value.
func (w *Labeller) Eval(e ast.Expr) Label {
	switch x := e.(type) {
	case *ast.ParenExpr:
		return w.Eval(x.X)
	case *ast.Ident:
		obj := w.Info.Uses[x]
		if obj == nil {
			obj = w.Info.Defs[x]
		}
		return w.Object(obj)
	case *ast.SelectorExpr:
		return w.selector(x)
	case *ast.CallExpr:
		return w.call(x)
	case *ast.BinaryExpr:
		switch x.Op {
		case token.ADD, token.SUB, token.MUL, token.QUO, token.REM:
			return w.Eval(x.X).Union(w.Eval(x.Y))
		}
		return Label{}
	case *ast.UnaryExpr:
		switch x.Op {
		case token.AND, token.SUB, token.ADD:
			return w.Eval(x.X)
		}
		return Label{}
	case *ast.StarExpr:
		return w.Eval(x.X)
	case *ast.IndexExpr:
		l := w.Eval(x.X)
		if obj := w.Target(x.X); obj != nil && w.inproc.Map(obj) {
			l.Bits |= InProc
		}
		return l
	case *ast.SliceExpr:
		return w.Eval(x.X)
	case *ast.TypeAssertExpr:
		return w.Eval(x.X)
	}
	return Label{}
}

// Object returns the labels of a variable or constant, including a lock
// TTL recognised by its name (lockTTL, leaseDuration).
func (w *Labeller) Object(obj types.Object) Label {
	if obj == nil {
		return Label{}
	}
	l := w.objs[obj]
	if v, ok := obj.(*types.Var); ok && l.Bits == 0 && nowParam(v) {
		// func (r *Repo) Claim(ctx, id string, now time.Time): the caller
		// hands in its reading of its clock (an injected clock), which no
		// call of this package labels.
		l = LocalAt(v.Pos(), v.Name()+" (a parameter: the caller's reading of its clock)")
	}
	switch obj.(type) {
	case *types.Var, *types.Const:
		// A value read back from this machine's file or SQLite database
		// (LocalFile) is a stored instant or duration this host wrote,
		// whatever its name: not a TTL the coordinator enforces.
		if clocktype.Durationish(obj.Type()) && clocktype.LockTTLName(obj.Name()) && !w.AssignedInstant(obj) && !l.Has(LocalFile) {
			if v, ok := obj.(*types.Var); ok && clocktype.RecordTTLField(v) {
				l = l.Union(RecordTTLAt(obj.Pos(), obj.Name()+", a lease record's duration"))
			} else {
				l = l.Union(NamedTTLAt(obj.Pos(), obj.Name()+", a lock TTL by its name"))
			}
		}
		if l.Has(ForeignTime|WallOnly) && vocab.Validity.Match(obj.Name()) {
			l.Bits |= DeadlineName
		}
		if l.Has(ForeignTime) && vocab.LockType.Match(obj.Name()) {
			l.Bits |= LockNamed
		}
	}
	return l
}

// AssignedInstant reports whether an integer variable or field holds an
// instant whatever its name says: it is assigned a reading of this host's
// clock that is not an elapsed time (l.timeout = time.Now().Add(d).Unix()).
func (w *Labeller) AssignedInstant(obj types.Object) bool {
	if n, ok := types.Unalias(obj.Type()).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" {
		return false // time.Duration
	}
	b, ok := obj.Type().Underlying().(*types.Basic)
	if !ok || b.Info()&types.IsInteger == 0 {
		return false
	}
	l := w.objs[obj]
	return l.Has(LocalClock) && !l.Has(ElapsedTime)
}

// learnAtomic lets a value stored with sync/atomic keep its labels:
// atomic.StoreInt64(&l.until, t.UnixNano()), l.until.Store(...).
func (w *Labeller) learnAtomic(call *ast.CallExpr, fn *types.Func, recv ast.Expr) {
	if fn.Pkg() == nil || fn.Pkg().Path() != "sync/atomic" {
		return
	}
	name := fn.Name()
	if !strings.HasPrefix(name, "Store") && !strings.HasPrefix(name, "Swap") && !strings.HasPrefix(name, "CompareAndSwap") {
		return
	}
	switch {
	case recv == nil && len(call.Args) >= 2:
		w.add(w.Target(call.Args[0]), w.Eval(call.Args[len(call.Args)-1]))
	case recv != nil && len(call.Args) >= 1:
		w.add(w.Target(recv), w.Eval(call.Args[len(call.Args)-1]))
	}
}

func (w *Labeller) selector(x *ast.SelectorExpr) Label {
	sel := w.Info.Selections[x]
	if sel == nil {
		return w.Object(w.Info.Uses[x.Sel]) // package-qualified
	}
	if sel.Kind() != types.FieldVal {
		return Label{}
	}
	f, _ := sel.Obj().(*types.Var)
	// The fields of an untrusted value are untrusted, except those that
	// cannot hold an instant (an enum: State == JOINING is no clock
	// comparison).
	var l Label
	var base Label
	if !w.Enum(f.Type()) {
		base = w.Eval(x.X)
		l = base.Union(w.embedded(sel))
	}
	owner := clocktype.FieldOwner(sel)
	if owner != nil && w.inproc.Entry(owner) {
		l.Bits |= InProc
	}
	fm := func(m map[model.Field]string) string {
		v, _ := clocktype.ModelField(m, owner, f)
		return v
	}
	stored := false
	if what := fm(model.KB.LeaseRecordFields); what != "" {
		l = l.Union(ForeignAt(x.Pos(), what))
		l.Bits |= FromStore | DeadlineName
		stored = true
	}
	if what := fm(model.KB.LockTTLFields); what != "" {
		if _, record := clocktype.ModelField(model.KB.RecordTTLFields, owner, f); record {
			l = l.Union(RecordTTLAt(x.Pos(), what))
		} else {
			l = l.Union(TTLAt(x.Pos(), what))
		}
	}
	if what := fm(model.KB.StoredFields); what != "" {
		l = l.Union(ForeignAt(x.Pos(), what))
		stored = true
	}
	if clocktype.IsLeaseField(sel, owner, f) {
		l.Bits |= LeaseField
		if owner != nil && (clocktype.StoredInstant(f) || w.AssignedInstant(f)) && clocktype.Serialized(owner, f) && fm(model.KB.LockTTLFields) == "" {
			l = l.Union(ForeignAt(f.Pos(), "the stored field "+owner.Obj().Name()+"."+f.Name()))
			stored = true
		}
	}
	fl := w.Object(f)
	if stored || fl.Has(ForeignTime) {
		// A field read back from storage holds what another host wrote,
		// even where this package also stores a reading of its own clock
		// into it.
		fl.Bits &^= LocalClock
		fl.Local = Origin{}
	}
	l = l.Union(fl)
	if l.Has(ForeignTime|WallOnly) && (vocab.Validity.Match(f.Name()) || w.AssignedInstant(f)) {
		l.Bits |= DeadlineName // a deadline: expires_at, or a Timeout assigned time.Now().Add(d).Unix()
	}
	if l.Has(ForeignTime) && vocab.LockType.Match(f.Name()) {
		l.Bits |= LockNamed // the record's LockUpdateTime: an instant of the lock itself
	}
	if base.Has(LocalFile) && !base.Has(ForeignTime) {
		// A record read back from a file on this host (a lock file's
		// heartbeat) holds what this host's processes wrote, with this
		// host's clock, whatever its fields are called.
		l.Bits &^= ForeignTime | FromStore
		l.Foreign = Origin{}
	}
	return l
}

// embedded returns the labels of the embedded fields a promoted field is
// selected through: evt.LockUpdateTime after Decode(&evt.EventData) holds
// what was decoded.
func (w *Labeller) embedded(sel *types.Selection) Label {
	var l Label
	idx := sel.Index()
	t := sel.Recv()
	for _, k := range idx[:len(idx)-1] {
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok || k >= st.NumFields() {
			break
		}
		ef := st.Field(k)
		l = l.Union(w.objs[ef])
		t = ef.Type()
	}
	return l
}

func (w *Labeller) call(call *ast.CallExpr) Label {
	if tv, ok := w.Info.Types[call.Fun]; ok && tv.IsType() {
		if len(call.Args) == 1 {
			return w.Eval(call.Args[0]) // a conversion
		}
		return Label{}
	}
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := w.Info.Uses[id].(*types.Builtin); ok {
			var l Label
			if b.Name() == "min" || b.Name() == "max" {
				for _, a := range call.Args {
					l = l.Union(w.Eval(a))
				}
			}
			return l
		}
	}
	if v := w.funcVar(call.Fun); v != nil && w.injectedClocks()[v] {
		return LocalAt(call.Pos(), v.Name()+"() (time.Now, injected)")
	}
	fn := w.Callee(call)
	if fn == nil || fn.Pkg() == nil {
		return Label{}
	}
	recv := w.RecvExpr(call)
	arg := func(i int) Label {
		if i < len(call.Args) {
			return w.Eval(call.Args[i])
		}
		return Label{}
	}
	recvLabel := func() Label {
		if recv != nil {
			return w.Eval(recv)
		}
		return Label{}
	}
	pkg, rn, name := fn.Pkg().Path(), model.RecvName(fn), fn.Name()
	if _, ok := w.stampReads()[call.Lparen]; ok {
		l := ForeignAt(call.Pos(), "the expiry stamp read from the SET NX lock key (written with the clock of the host that took the lock)")
		l.Bits |= FromStore | DeadlineName
		return l
	}
	if store, ok := w.lockObjectReads()[call.Lparen]; ok {
		l := ForeignAt(call.Pos(), "a time read from the "+store+" lock object (the holder's clock or the store's, not this host's)")
		l.Bits |= FromStore | DeadlineName
		return l
	}
	switch {
	case model.MatchesAny(model.LockFiles.Reads, fn):
		return Label{Bits: LocalFile}
	case model.MatchesAny(model.KB.ClockReads, fn):
		return LocalAt(call.Pos(), ShortName(fn)+"()")
	case name == "Now" && rn != "" && clocktype.Timeish(clocktype.ResultType(fn)):
		return LocalAt(call.Pos(), "the clock's Now()") // an injected clock
	case model.MatchesAny(model.KB.ClockElapsed, fn):
		l := LocalAt(call.Pos(), ShortName(fn)).Union(arg(0))
		l.Bits |= ElapsedTime
		return l
	}
	for f, what := range model.KB.TimeConstructors {
		if f.Matches(fn) {
			l := recvLabel()
			for i := range call.Args {
				l = l.Union(arg(i))
			}
			l.Bits |= WallOnly
			if !l.Has(LocalClock | LocalFile) {
				l = l.Union(ForeignAt(call.Pos(), what))
			}
			return l
		}
	}
	switch {
	case pkg == "time" && rn == "Time":
		switch {
		case slices.Contains(model.KB.Time.Strippers, name), slices.Contains(model.KB.Time.Texts, name):
			l := recvLabel()
			l.Bits |= WallOnly
			return l
		case slices.Contains(model.KB.Time.Arithmetic, name), model.MatchesAny(model.KB.TimeComparisons, fn):
			l := recvLabel().Union(arg(0))
			if name == "Sub" {
				l.Bits |= ElapsedTime
			}
			return l
		}
		return Label{}
	case model.MatchesAny(model.KB.TimeComparisons, fn):
		return recvLabel().Union(arg(0))
	case pkg == "time" && rn == "Duration":
		return recvLabel()
	case pkg == "time" && name == "ParseDuration":
		return arg(0)
	case model.MatchesAny(model.KB.TimeWrappers, fn):
		return arg(0)
	case model.MatchesAny(model.KB.TimeStrips, fn):
		l := recvLabel()
		l.Bits |= WallOnly
		return l
	case pkg == "strconv" && (strings.HasPrefix(name, "Parse") || name == "Atoi"):
		if l := arg(0); l.Bits != 0 || name == "ParseBool" || name == "ParseFloat" || name == "ParseComplex" {
			return l
		}
		// An integer parsed from text of unknown origin (object metadata,
		// a KV value, a header): compared with this host's Unix() it is an
		// instant written elsewhere, with another clock.
		return ForeignAt(call.Pos(), "an integer parsed from text ("+ShortName(fn)+")")
	case pkg == "io" && name == "ReadAll":
		return arg(0) // the bytes of a reader read from a store
	case pkg == "strconv" && (strings.HasPrefix(name, "Format") || name == "Itoa"):
		return arg(0) // an instant's text (a score, an ARGV, a DynamoDB number)
	case pkg == "fmt" && (name == "Sprint" || name == "Sprintf" || name == "Sprintln"):
		var l Label
		for i := range call.Args {
			l = l.Union(arg(i))
		}
		return l
	case slices.Contains(model.KB.ReplyPackages, pkg) && strings.HasSuffix(rn, "Cmd") && slices.Contains(model.KB.StoredReplies, name):
		if rl := recvLabel(); rl.Has(FromStore) {
			return rl // a stamp (stamplock)
		}
		l := ForeignAt(call.Pos(), "a value read from Redis")
		if q, ok := ast.Unparen(recv).(*ast.CallExpr); ok && len(q.Args) > 1 && w.LockKeyExpr(q.Args[1]) {
			l.Bits |= FromStore | DeadlineName
			l.Foreign.What = "a value read from the Redis lock key"
		}
		return l
	}
	if model.MatchesAny(model.KB.Replies, fn) {
		return arg(0) // redis.Int64(conn.Do("GET", key))
	}
	for f, what := range model.KB.StoredReads {
		if f.Matches(fn) {
			return ForeignAt(call.Pos(), what)
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
	if text, ok := w.SQLText(call); ok {
		if st := w.Parse(text); vocab.LockTable.Match(st.Table) {
			return Label{Bits: FromStore}
		}
		return Label{}
	}
	if orig := fn.Origin(); orig.Pkg() == w.u.Pass.Pkg {
		return w.summ[orig]
	}
	return Label{}
}

// Parse parses SQL text once per package.
func (w *Labeller) Parse(text string) *sqlfence.Statement {
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

// SQLText returns the constant SQL text of a call to an SQL sink.
func (w *Labeller) SQLText(call *ast.CallExpr) (string, bool) {
	fn := w.Callee(call)
	if fn == nil {
		return "", false
	}
	for _, s := range model.KB.Sinks {
		if s.Cond != model.CondSQL || !model.MatchesAny(s.Funcs, fn) || s.Query >= len(call.Args) {
			continue
		}
		return w.ConstString(call.Args[s.Query])
	}
	return "", false
}

// LockKeyExpr reports whether a Redis key expression's constant part
// names a lock ("lock:" + id, fmt.Sprintf("lease/%s", id)).
func (w *Labeller) LockKeyExpr(e ast.Expr) bool {
	for i := 0; i < maxKeyParts; i++ {
		if s, ok := w.ConstString(e); ok {
			return vocab.LockKey.Match(s)
		}
		switch x := ast.Unparen(e).(type) {
		case *ast.BinaryExpr:
			e = x.X
			continue
		case *ast.CallExpr:
			if fn := w.Callee(x); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "fmt" && fn.Name() == "Sprintf" && len(x.Args) > 0 {
				e = x.Args[0]
				continue
			}
		case *ast.Ident:
			if obj, ok := w.Info.Uses[x].(*types.Var); ok && vocab.Lease.Match(obj.Name()) {
				return true // lockKey, leaseKey
			}
		}
		return false
	}
	return false
}

// FuncText names a knowledge-base function for messages, skipping a
// major-version path element: "redsync.WithExpiry", "redislock.Client.Obtain".
func FuncText(f model.Func) string {
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

// ShortName names a function for messages: "Time.Add", "time.Now".
func ShortName(fn *types.Func) string {
	if fn.Pkg() == nil {
		return fn.Name()
	}
	if rn := model.RecvName(fn); rn != "" {
		return rn + "." + fn.Name()
	}
	return model.KB.PackageName(fn.Pkg()) + "." + fn.Name()
}

// nowParam reports whether v is a parameter of an instant type named as
// the current time ("now", "nowUTC"): the caller's reading of its clock.
func nowParam(v *types.Var) bool {
	if v.Kind() != types.ParamVar || !clocktype.Timeish(v.Type()) {
		return false
	}
	if b, ok := v.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsInteger != 0 {
		return false // an integer "now" may be a counter or a tick
	}
	return slices.Contains(vocab.Words(v.Name()), "now")
}

// namesHost reports whether a record names the machine that wrote it (a
// Hostname field): a lock file holding one is shared between machines
// (a network file system), so its instants are another machine's clock.
func namesHost(t types.Type) bool {
	st, ok := calls.StructOf(t)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		if vocab.HostName.Match(st.Field(i).Name()) {
			return true
		}
	}
	return false
}
