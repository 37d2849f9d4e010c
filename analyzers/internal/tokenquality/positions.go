package tokenquality

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/dataflow"
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlfence"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"golang.org/x/tools/go/ssa"
)

// finding is a non-fence value found at a fence position.
type finding struct {
	pos    token.Pos
	key    token.Pos
	effect token.Pos // the effect the finding is about, when it is one
	instr  ssa.Instruction
	o      *origin
	// desc says what happens at the position, with %s for the value.
	desc    string
	flagged []ssa.Value // values that now carry the misplaced value
	ordered bool        // the value is ordered (< <= > >=), not only stored
	// explicit: the position is a fence whatever the package does with
	// locks: it is named for one ("fence_token", X-Fencing-Token), it is
	// in a lock or lease table, or it is an etcd revision comparison.
	// Elsewhere an epoch, generation or revision may be an optimistic
	// concurrency version, which a clock reading serves well enough.
	explicit bool
}

// fenceNamed: a name that says "fence" itself (fence, fencing, fenceToken).
func fenceNamed(name string) bool { return vocab.FenceStem.Match(name) }

// value returns the origin of v itself (not of what was stored into it).
func (t *taint) value(v ssa.Value) *origin {
	if v == nil {
		return nil
	}
	if o := t.Of(v); o != nil {
		return o
	}
	return t.Of(calls.Unwrap(v))
}

func (q *checker) add(f *finding) {
	if !f.pos.IsValid() {
		return
	}
	k := fmt.Sprintf("%s@%d", codeOf(f.o.Source.Kind), f.pos)
	if _, dup := q.found[k]; dup {
		return
	}
	if !f.key.IsValid() {
		f.key = f.pos
	}
	q.found[k] = f
	q.order = append(q.order, k)
}

// positions records the fence positions that tainted values of t reach.
func (q *checker) positions(t *taint) {
	var mine []*finding
	var effects []*effect.Effect
	add := func(f *finding) {
		if f != nil && f.o != nil {
			mine = append(mine, f)
		}
	}
	for _, b := range t.Fn.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.BinOp:
				add(q.comparison(t, x))
			case *ssa.Store:
				add(q.fieldStore(t, x))
			case *ssa.MapUpdate:
				add(q.mapKey(t, x))
			case ssa.CallInstruction:
				c := x.Common()
				if e := effect.Classify(x, t.toks); e != nil {
					effects = append(effects, e)
					switch e.Sink.Cond {
					case model.CondSQL:
						add(q.sqlWrite(t, x, e))
					case model.CondChain:
						add(q.chainWrite(t, x, e))
					}
					continue
				}
				add(q.callPosition(t, x, c))
			}
		}
	}
	// A value flagged at a header, metadata key or request field makes the
	// effect that sends it the problem's key, so that this finding replaces
	// FC1001's on that effect.
	for _, f := range mine {
		if len(f.flagged) > 0 && !f.effect.IsValid() {
			carriers := carriersOf(t.Fn, f.flagged)
			for _, e := range effects {
				if reaches(e, carriers) {
					f.key, f.effect = e.Call.Pos(), e.Call.Pos()
					break
				}
			}
		}
		q.add(f)
	}
}

// comparison: a non-fence value ordered in Go (tok > last.Fence).
func (q *checker) comparison(t *taint, x *ssa.BinOp) *finding {
	if !calls.IsOrder(x.Op) {
		return nil
	}
	o, other := t.value(x.X), x.Y
	if o == nil {
		o, other = t.value(x.Y), x.X
	}
	if o == nil {
		return nil
	}
	if _, isConst := other.(*ssa.Const); isConst {
		return nil // rand.Intn(100) < 10, lease > 0
	}
	be := q.binaryAt(x.Pos())
	named := be != nil && (orderName(q.exprName(be.X)) || orderName(q.exprName(be.Y)))
	explicit := be != nil && (fenceNamed(q.exprName(be.X)) || fenceNamed(q.exprName(be.Y)))
	named = named || scannedFence(other)
	against := t.toks.Has(other)
	switch {
	case against:
	case o.Source.Kind == model.Counter:
		// An in-process counter may order in-process things (a cache
		// generation); only under a lock is it taken for a fence.
		if !named || q.sectionOf(x) == nil {
			return nil
		}
	case o.Source.Numeric, named:
	default:
		return nil
	}
	expr := "a " + x.Op.String() + " comparison"
	if be != nil {
		expr = "`" + types.ExprString(be) + "`"
	}
	desc := "%s is ordered like a fencing token in " + expr
	if against {
		desc = "%s is ordered against the real fencing token in " + expr
	}
	return &finding{pos: x.Pos(), instr: x, o: o, desc: desc, ordered: true, explicit: explicit}
}

// fieldStore: a non-fence value stored in a fence-named struct field
// (Fence: tok in a composite literal, w.epoch = tok), or in the Value of a
// Key/Value pair whose Key is fence-named (bson.E, kafka.Header).
func (q *checker) fieldStore(t *taint, x *ssa.Store) *finding {
	fa, ok := x.Addr.(*ssa.FieldAddr)
	if !ok {
		return nil
	}
	o := t.value(x.Val)
	if o == nil || q.counterOrigin(fa) != nil {
		return nil // not a source value, or the counter's own increment
	}
	fv := calls.FieldVar(fa.X.Type(), fa.Field)
	if fv == nil {
		return nil
	}
	pos := x.Pos()
	if !pos.IsValid() {
		pos = fa.Pos()
	}
	flagged := []ssa.Value{fa.X, calls.Root(fa)}
	if storeName(fv.Name()) {
		owner := "struct"
		if n := fieldOwner(fa.X.Type()); n != nil {
			owner = n.Obj().Name()
		}
		return &finding{pos: pos, instr: x, o: o, flagged: flagged, explicit: fenceNamed(fv.Name()),
			desc: fmt.Sprintf("%%s is stored in the fence field %s.%s", owner, fv.Name())}
	}
	if fv.Name() != "Value" && fv.Name() != "Val" {
		return nil
	}
	// The sibling Key of the same pair.
	refs := fa.X.Referrers()
	if refs == nil {
		return nil
	}
	for _, ref := range *refs {
		kfa, ok := ref.(*ssa.FieldAddr)
		if !ok || kfa.X != fa.X {
			continue
		}
		if kv := calls.FieldVar(kfa.X.Type(), kfa.Field); kv == nil || kv.Name() != "Key" {
			continue
		}
		for _, r2 := range *kfa.Referrers() {
			if st, ok := r2.(*ssa.Store); ok && st.Addr == kfa {
				if k, ok := calls.ConstString(st.Val); ok && storeName(k) {
					return &finding{pos: pos, instr: x, o: o, flagged: flagged, explicit: fenceNamed(k),
						desc: fmt.Sprintf("%%s is stored under the fence key %q", k)}
				}
			}
		}
	}
	return nil
}

// mapKey: a non-fence value stored under a fence-named map key
// (bson.M{"fence": tok}, ExpressionAttributeValues[":fence"], Header["X-Fence"]).
func (q *checker) mapKey(t *taint, x *ssa.MapUpdate) *finding {
	k, ok := calls.ConstString(x.Key)
	if !ok || !storeName(k) {
		return nil
	}
	o := t.carried(x.Value)
	if o == nil {
		return nil
	}
	desc := fmt.Sprintf("%%s is stored under the fence key %q", k)
	if httpHeader(x.Map.Type()) {
		desc = fmt.Sprintf("%%s is sent in the fence header %q", k)
	}
	return &finding{pos: x.Pos(), instr: x, o: o, desc: desc, flagged: []ssa.Value{x.Map, calls.Root(x.Map)}, explicit: fenceNamed(k)}
}

func httpHeader(t types.Type) bool {
	n := fieldOwner(t)
	return n != nil && n.Obj().Name() == "Header" && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "net/http"
}

// callPosition: headers (Header.Set/Add), gRPC metadata
// (AppendToOutgoingContext, Pairs, MD.Set/Append) and etcd Compare.
func (q *checker) callPosition(t *taint, x ssa.CallInstruction, c *ssa.CallCommon) *finding {
	fn := calls.Callee(c)
	if fn == nil || fn.Pkg() == nil {
		return nil
	}
	pkg, recv, name := fn.Pkg().Path(), model.RecvName(fn), fn.Name()
	var call ssa.Value
	if v, ok := x.(*ssa.Call); ok {
		call = v
	}
	pairs := func(kv []ssa.Value, where string, flagged ...ssa.Value) *finding {
		for i := 0; i+1 < len(kv); i += 2 {
			k, ok := calls.ConstString(kv[i])
			if !ok || !storeName(k) {
				continue
			}
			if o := t.value(kv[i+1]); o != nil {
				return &finding{pos: x.Pos(), instr: x, o: o, flagged: flagged, explicit: fenceNamed(k),
					desc: fmt.Sprintf("%%s is sent in the %s %q", where, k)}
			}
		}
		return nil
	}
	switch {
	case pkg == "net/http" && recv == "Header" && (name == "Set" || name == "Add"):
		r := calls.Receiver(c)
		return pairs(calls.Args(c), "fence header", r, calls.Root(r))
	case pkg == "google.golang.org/grpc/metadata" && recv == "" && (name == "AppendToOutgoingContext" || name == "Pairs"):
		i := 0
		if name == "AppendToOutgoingContext" {
			i = 1
		}
		kv, ok := calls.Variadic(calls.Arg(c, i))
		if !ok {
			return nil
		}
		return pairs(kv, "gRPC metadata key", call)
	case pkg == "google.golang.org/grpc/metadata" && recv == "MD" && (name == "Set" || name == "Append"):
		vals, ok := calls.Variadic(calls.Arg(c, 1))
		if !ok {
			return nil
		}
		r := calls.Receiver(c)
		for _, v := range vals {
			if f := pairs([]ssa.Value{calls.Arg(c, 0), v}, "gRPC metadata key", r, calls.Root(r)); f != nil {
				return f
			}
		}
	case pkg == "go.etcd.io/etcd/client/v3" && recv == "" && name == "Compare":
		op, ok := calls.ConstString(calls.Arg(c, 1))
		if !ok || (op != "<" && op != ">") {
			return nil
		}
		if o := t.value(calls.Arg(c, 2)); o != nil {
			return &finding{pos: x.Pos(), instr: x, o: o, flagged: []ssa.Value{call}, ordered: true, explicit: true,
				desc: fmt.Sprintf("%%s is ordered like a fencing token in an etcd Compare(..., %q, ...)", op)}
		}
	}
	return nil
}

// sqlArg returns the Go value bound to a positional placeholder.
func sqlArg(c *ssa.CallCommon, first int, p sqlfence.Placeholder) ssa.Value {
	args := calls.Args(c)
	i := p.ArgIndex()
	if i < 0 || first >= len(args) {
		return nil
	}
	if c.Signature().Variadic() && first == len(args)-1 {
		binds, ok := calls.Variadic(args[first])
		if !ok || i >= len(binds) {
			return nil
		}
		return binds[i]
	}
	if first+i < len(args) {
		return args[first+i]
	}
	return nil
}

// sqlGuards judges the guards and assignments of a statement whose bind
// arguments start at first on call c. The most serious misuse wins:
// ordering, then an equality check, then a plain store.
func (q *checker) sqlGuards(t *taint, st *sqlfence.Statement, c *ssa.CallCommon, first int, what string, sets bool) *finding {
	found := func(o *origin, column, desc string, ordered bool) *finding {
		return &finding{o: o, desc: desc, ordered: ordered, explicit: fenceNamed(column) || vocab.LockTable.Match(st.Table)}
	}
	for _, g := range st.Guards {
		if !calls.IsOrder(opToken(g.Op)) || !sqlOrderName(g.Column) {
			continue
		}
		if o := t.value(sqlArg(c, first, g.Param)); o != nil {
			return found(o, g.Column, fmt.Sprintf("%s orders %%s against the fence column %q (%s %s %s)", what, g.Column, g.Column, g.Op, placeholder(g.Param)), true)
		}
	}
	if !vocab.LockTable.Match(st.Table) { // equality with an owner value there is the ownership check
		for _, g := range st.Guards {
			if (g.Op != "=" && g.Op != "<>") || !storeName(g.Column) {
				continue
			}
			if o := t.value(sqlArg(c, first, g.Param)); o != nil {
				return found(o, g.Column, fmt.Sprintf("%s checks the fence column %q against %%s (%s %s %s)", what, g.Column, g.Column, g.Op, placeholder(g.Param)), false)
			}
		}
	}
	if sets {
		for _, a := range st.Sets {
			if !storeName(a.Column) {
				continue
			}
			if o := t.value(sqlArg(c, first, a.Param)); o != nil {
				return found(o, a.Column, fmt.Sprintf("%s stores %%s in the fence column %q", what, a.Column), false)
			}
		}
	}
	return nil
}

// placeholder renders a placeholder as written: "?" rather than "?#2".
func placeholder(p sqlfence.Placeholder) string {
	if p.Style == sqlfence.Question {
		return "?"
	}
	return p.String()
}

func opToken(op string) token.Token {
	switch op {
	case "<":
		return token.LSS
	case "<=":
		return token.LEQ
	case ">":
		return token.GTR
	case ">=":
		return token.GEQ
	}
	return token.ILLEGAL
}

func (q *checker) sqlWrite(t *taint, x ssa.CallInstruction, e *effect.Effect) *finding {
	if e.Stmt == nil {
		return nil
	}
	what := fmt.Sprintf("%s (%s)", e.What, e.Via())
	f := q.sqlGuards(t, e.Stmt, x.Common(), e.Sink.Args, what, true)
	if f != nil {
		f.pos, f.key, f.effect, f.instr = x.Pos(), x.Pos(), x.Pos(), x
	}
	return f
}

// chainWrite: a query builder write whose Where chain orders or checks a
// fence column against the value, or Update("fence", v).
func (q *checker) chainWrite(t *taint, x ssa.CallInstruction, e *effect.Effect) *finding {
	what := fmt.Sprintf("%s (%s)", e.What, e.Via())
	c := x.Common()
	at := func(f *finding) *finding {
		f.pos, f.key, f.effect, f.instr = x.Pos(), x.Pos(), x.Pos(), x
		return f
	}
	for st, where := range effect.Wheres(e.Receiver) {
		if st == nil {
			continue
		}
		if f := q.sqlGuards(t, st, where, 1, what, false); f != nil {
			return at(f)
		}
	}
	if name := e.Callee.Name(); name == "Update" || name == "UpdateColumn" {
		if col, ok := calls.ConstString(calls.Arg(c, 0)); ok && storeName(col) {
			if o := t.value(calls.Arg(c, 1)); o != nil {
				return at(&finding{o: o, explicit: fenceNamed(col),
					desc: fmt.Sprintf("%s stores %%s in the fence column %q", what, strings.ToLower(col))})
			}
		}
	}
	return nil
}

// carrying is the dataflow policy of the values that carry what a flagged
// value carries: a request whose header was set, a context built from
// metadata, a local variable holding one of them.
var carrying = dataflow.Policy[bool]{
	Derive: func(x, _ ssa.Value) bool {
		switch x.(type) {
		case *ssa.Phi, *ssa.MakeInterface, *ssa.ChangeType, *ssa.ChangeInterface, *ssa.Extract, *ssa.UnOp:
			return true
		}
		return false
	},
	Call: func(f *dataflow.Labels[bool], x *ssa.Call, _ ssa.Value, l *dataflow.Label[bool]) { f.Mark(x, l) },
	Put: func(f *dataflow.Labels[bool], instr ssa.Instruction, _, into ssa.Value, l *dataflow.Label[bool]) {
		if _, ok := instr.(*ssa.Store); ok {
			f.Mark(calls.Root(into), l)
		}
	},
	MaxVisits: maxCarriers,
}

// carriersOf returns the values that carry what the flagged values of fn
// carry.
func carriersOf(fn *ssa.Function, flagged []ssa.Value) *dataflow.Labels[bool] {
	f := dataflow.New(fn, &carrying)
	flag := &dataflow.Label[bool]{Source: true}
	for _, v := range flagged {
		f.Mark(v, flag)
	}
	f.Run()
	return f
}

// reaches reports whether a request effect sends a value of set, or an
// etcd transaction's If() receives one.
func reaches(e *effect.Effect, set *dataflow.Labels[bool]) bool {
	has := func(v ssa.Value) bool { return set.Of(v) != nil }
	in := func(v ssa.Value) bool {
		if v == nil {
			return false
		}
		u := calls.Unwrap(v)
		if has(v) || has(u) || has(calls.Root(u)) {
			return true
		}
		if elems, ok := calls.Variadic(u); ok {
			for _, el := range elems {
				if has(el) || has(calls.Root(el)) {
					return true
				}
			}
		}
		return false
	}
	switch e.Sink.Cond {
	case model.CondRequest:
		// the request, its context and the body: not the client
		for _, a := range calls.Args(e.Call.Common()) {
			if in(a) {
				return true
			}
		}
		return false
	case model.CondTxn:
	default:
		return false
	}
	for v, i := e.Receiver, 0; v != nil && i < maxChainCalls; i++ {
		call, ok := calls.Unwrap(v).(*ssa.Call)
		if !ok {
			break
		}
		for _, a := range call.Call.Args {
			if in(a) {
				return true
			}
		}
		v = calls.Receiver(&call.Call)
	}
	return false
}

// scannedFence reports whether v was read from a fence-named column:
// row.Scan(&v) of a SELECT whose column at that position is one.
func scannedFence(v ssa.Value) bool {
	ld, ok := calls.Unwrap(v).(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return false
	}
	a, ok := ld.X.(*ssa.Alloc)
	if !ok {
		return false
	}
	for _, ref := range *a.Referrers() {
		// &v is stored into the Scan call's variadic array.
		st, ok := ref.(*ssa.Store)
		if !ok || calls.Unwrap(st.Val) != a {
			if mi, isMI := ref.(*ssa.MakeInterface); isMI {
				for _, r2 := range *mi.Referrers() {
					if st2, ok := r2.(*ssa.Store); ok && st2.Val == mi {
						if scanColumn(st2) {
							return true
						}
					}
				}
			}
			continue
		}
		if scanColumn(st) {
			return true
		}
	}
	return false
}

// scanColumn: st stores a destination into element i of a Scan call's
// arguments; is column i of the scanned SELECT fence-named?
func scanColumn(st *ssa.Store) bool {
	ia, ok := st.Addr.(*ssa.IndexAddr)
	if !ok {
		return false
	}
	idx, ok := ia.Index.(*ssa.Const)
	if !ok {
		return false
	}
	refs := ia.X.Referrers()
	if refs == nil {
		return false
	}
	for _, ref := range *refs {
		sl, ok := ref.(*ssa.Slice)
		if !ok {
			continue
		}
		for _, r2 := range *sl.Referrers() {
			call, ok := r2.(*ssa.Call)
			if !ok {
				continue
			}
			fn := calls.Callee(&call.Call)
			if fn == nil || fn.Name() != "Scan" {
				continue
			}
			q, ok := calls.Unwrap(calls.Receiver(&call.Call)).(*ssa.Call)
			if !ok {
				continue
			}
			for _, a := range calls.Args(&q.Call) {
				text, ok := calls.ConstString(a)
				if !ok {
					continue
				}
				cols := sqlfence.Parse(text).ReadColumns
				if i := int(idx.Int64()); i < len(cols) && sqlOrderName(cols[i]) {
					return true
				}
			}
		}
	}
	return false
}
