package wallclock

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/clocklabel"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlfence"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/internal/checks"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// Lease expiries written through functions of other packages. sqlc (and
// hand-written stores) put the statement in one package and the clock
// reading in another: the generated InsertLock binds arg.ExpiresAt to an
// upsert that compares expires_at with NOW(), a store's AcquireLock passes
// its expiration parameter on, and a job computes time.Now().Add(ttl) and
// calls AcquireLock. Each function whose parameter becomes such an expiry
// exports an ExpiryParamFact; a call passing an expiry computed from this
// host's clock to one is reported at the call.

// ExpiryParamFact says that a function stores some of its parameters as
// the expiry of a lease row that is compared with another clock.
type ExpiryParamFact struct {
	Params []ExpiryParam
}

// ExpiryParam is one parameter stored as a lease expiry.
type ExpiryParam struct {
	Param   int    // index, receiver excluded
	Field   string // the field of the struct (or pointer to struct) passed, "" for the value itself
	Column  string // "locks.expires_at"
	Compare string // how the expiry is compared, for messages
	Where   string // "locks.sql.go:38": the statement that stores it
}

func (*ExpiryParamFact) AFact() {}

func (f *ExpiryParamFact) String() string {
	var parts []string
	for _, p := range f.Params {
		parts = append(parts, fmt.Sprintf("param %d%s -> %s", p.Param, map[bool]string{true: "." + p.Field}[p.Field != ""], p.Column))
	}
	return "expiry(" + strings.Join(parts, "; ") + ")"
}

// exportExpiryFacts records the parameters of this package's functions that
// a statement stores as a compared lease expiry.
func (w *checker) exportExpiryFacts(uses []*sqlCall, cmps []*sqlCmp) {
	for _, q := range uses {
		if q.st.Kind != sqlfence.Write || !acquisition(q.st) {
			continue
		}
		decl, _ := q.fn.Object().(*types.Func)
		if decl == nil {
			continue
		}
		for _, a := range q.st.Sets {
			if !leaseExpiry(q.st, a.Column) {
				continue
			}
			b := q.bind(a.Param)
			if b == nil {
				continue
			}
			if _, local := w.localInstant(b); local {
				continue // reported at the statement
			}
			c := w.comparator(q, a.Column, cmps)
			if c == nil {
				continue
			}
			idx, field, ok := w.paramOf(decl, b, 0)
			if !ok {
				continue
			}
			col := a.Column
			if q.st.Table != "" {
				col = q.st.Table + "." + a.Column
			}
			compare := c.text
			if c.q != q {
				compare += " at " + w.posText(c.q.ci.Pos())
			}
			w.addExpiryParam(decl, ExpiryParam{Param: idx, Field: field, Column: col, Compare: compare, Where: w.posText(q.ci.Pos())})
		}
	}
	// Callers of those functions (and of imported ones) in this package
	// pass the parameter on: a few rounds reach a fixed point.
	for round := 0; round < 4; round++ {
		if !w.expiryCalls(false) {
			break
		}
	}
	for fn, f := range w.expFacts {
		sort.Slice(f.Params, func(i, j int) bool { return f.Params[i].Param < f.Params[j].Param })
		w.u.Pass.ExportObjectFact(fn, f)
	}
}

func (w *checker) addExpiryParam(fn *types.Func, p ExpiryParam) bool {
	if w.expFacts == nil {
		w.expFacts = map[*types.Func]*ExpiryParamFact{}
	}
	f := w.expFacts[fn]
	if f == nil {
		f = &ExpiryParamFact{}
		w.expFacts[fn] = f
	}
	for _, x := range f.Params {
		if x.Param == p.Param && x.Field == p.Field {
			return false
		}
	}
	f.Params = append(f.Params, p)
	return true
}

// checkExpiryCalls reports calls passing an expiry computed from this
// host's clock to a function that stores it as a compared lease expiry.
func (w *checker) checkExpiryCalls() { w.expiryCalls(true) }

// expiryCalls visits the calls of functions with an ExpiryParamFact: with
// report, it reports those passing a local expiry; without, it records the
// enclosing function's parameters passed on. It returns whether a fact
// was added.
func (w *checker) expiryCalls(report bool) bool {
	names := w.expiryNames()
	if len(names) == 0 {
		return false // no function of this package or its dependencies stores an expiry
	}
	if w.ciAt == nil {
		w.ciAt = map[token.Pos]ssa.CallInstruction{}
		for _, fn := range w.u.Funcs {
			for ci := range calls.In(fn) {
				w.ciAt[ci.Common().Pos()] = ci
			}
		}
	}
	added := false
	for _, f := range w.u.Pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			decl, _ := w.info.Defs[fd.Name].(*types.Func)
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				fn := w.Callee(call)
				if fn == nil || !names[fn.Name()] {
					return true
				}
				for _, p := range w.expiryParamsOf(call) {
					v := w.argField(call, p)
					if v == nil {
						continue
					}
					if lab, local := w.localInstant(v); local {
						if report && !w.testFile(call.Pos()) {
							w.reportExpiryCall(call, v, lab, p)
						}
						continue
					}
					if report || decl == nil {
						continue
					}
					if idx, field, ok := w.paramOf(decl, v, 0); ok {
						q := p
						q.Param, q.Field = idx, field
						q.Compare = p.Compare
						if w.addExpiryParam(decl, q) {
							added = true
						}
					}
				}
				return true
			})
		}
	}
	return added
}

func (w *checker) reportExpiryCall(call *ast.CallExpr, v ast.Expr, lab clocklabel.Label, p ExpiryParam) {
	ci := w.ciAt[call.Lparen]
	key := call.Lparen
	if ci != nil {
		key = ci.Pos()
	}
	if w.keys[key] {
		return
	}
	fn := w.Callee(call)
	name := "the callee"
	if fn != nil {
		name = recvDot(fn)
	}
	msg := fmt.Sprintf("%s passes %s, an expiry computed from this host's clock (%s), to %s, which stores it into the lease column %s (%s), compared with another clock (%s): "+
		"the two clocks differ by their skew and either can jump, and the holder can pause, so the lease ends early or late by that much "+
		"and another party can take it over while this holder still acts; compute the expiry with the clock that compares it "+
		"(now() + interval in the statement), and fence the holder's writes with a token",
		callText(call), types.ExprString(v), lab.Local.What, name, p.Column, p.Where, p.Compare)
	var related []analysis.RelatedInformation
	if lab.Local.Pos.IsValid() {
		related = append(related, analysis.RelatedInformation{Pos: lab.Local.Pos, Message: "this host's clock is read here"})
	}
	if w.keys == nil {
		w.keys = map[token.Pos]bool{}
	}
	w.keys[key] = true
	w.u.Report(unit.Finding{Code: checks.WallClockTTL, Pos: call.Pos(), End: call.End(), Message: msg, Related: related, Key: key})
}

func callText(call *ast.CallExpr) string {
	s := types.ExprString(call.Fun)
	if len(s) > 60 {
		s = s[len(s)-60:]
	}
	return "this call of " + s
}

// expiryNames returns the names of the functions with an expiry fact,
// this package's and the imported ones: a call of any other name needs no
// look-up (and no search of an interface's implementations).
func (w *checker) expiryNames() map[string]bool {
	names := map[string]bool{}
	for fn := range w.expFacts {
		names[fn.Name()] = true
	}
	if w.importedExpiry == nil {
		w.importedExpiry = map[string]bool{}
		for _, of := range w.u.Pass.AllObjectFacts() {
			if _, ok := of.Fact.(*ExpiryParamFact); ok && of.Object.Pkg() != w.u.Pass.Pkg {
				w.importedExpiry[of.Object.Name()] = true
			}
		}
	}
	for n := range w.importedExpiry {
		names[n] = true
	}
	return names
}

// expiryParamsOf returns the expiry parameters of a call's callee: its own
// fact (this package's or imported), or for an interface method the facts
// of its implementations.
func (w *checker) expiryParamsOf(call *ast.CallExpr) []ExpiryParam {
	fn := w.Callee(call)
	if fn == nil {
		return nil
	}
	if ps := w.expiryFactOf(fn.Origin()); ps != nil {
		return ps
	}
	ci := w.ciAt[call.Lparen]
	if ci == nil || !ci.Common().IsInvoke() {
		return nil
	}
	var out []ExpiryParam
	for _, impl := range w.u.Implementations(ci.Common()) {
		if m, ok := impl.Object().(*types.Func); ok {
			out = append(out, w.expiryFactOf(m)...)
		}
	}
	for _, m := range w.u.DepImplementations(ci.Common()) {
		out = append(out, w.expiryFactOf(m)...)
	}
	return out
}

func (w *checker) expiryFactOf(fn *types.Func) []ExpiryParam {
	if f := w.expFacts[fn]; f != nil {
		return f.Params
	}
	if fn.Pkg() == nil || fn.Pkg() == w.u.Pass.Pkg {
		return nil
	}
	var f ExpiryParamFact
	if w.u.Pass.ImportObjectFact(fn, &f) {
		return f.Params
	}
	return nil
}

// argField returns the value a call passes for an expiry parameter: the
// argument, or the field of the composite literal it is (or points to, or
// a local variable defined by one).
func (w *checker) argField(call *ast.CallExpr, p ExpiryParam) ast.Expr {
	if p.Param >= len(call.Args) || call.Ellipsis.IsValid() && p.Param >= len(call.Args)-1 {
		return nil
	}
	arg := call.Args[p.Param]
	if p.Field == "" {
		return arg
	}
	for i := 0; i < 4; i++ {
		switch x := ast.Unparen(arg).(type) {
		case *ast.UnaryExpr:
			if x.Op != token.AND {
				return nil
			}
			arg = x.X
			continue
		case *ast.CompositeLit:
			for _, el := range x.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok && id.Name == p.Field {
						return kv.Value
					}
				}
			}
			return nil
		case *ast.Ident:
			def := w.SingleDef(w.info.Uses[x])
			if def == nil {
				return nil
			}
			arg = def
			continue
		}
		return nil
	}
	return nil
}

// paramOf traces a value back to a parameter of fn: the parameter itself,
// one of its fields, through conversions, address-of, composite literals
// and this package's one-argument helpers, and local variables assigned
// once.
func (w *checker) paramOf(fn *types.Func, e ast.Expr, depth int) (int, string, bool) {
	if depth > 6 {
		return 0, "", false
	}
	sig := fn.Type().(*types.Signature)
	param := func(obj types.Object) int {
		for i := 0; i < sig.Params().Len(); i++ {
			if sig.Params().At(i) == obj {
				return i
			}
		}
		return -1
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		obj := w.info.Uses[x]
		if i := param(obj); i >= 0 {
			return i, "", true
		}
		if def := w.SingleDef(obj); def != nil {
			return w.paramOf(fn, def, depth+1)
		}
	case *ast.SelectorExpr:
		if id, ok := ast.Unparen(x.X).(*ast.Ident); ok {
			if sel := w.info.Selections[x]; sel != nil && sel.Kind() == types.FieldVal {
				if i := param(w.info.Uses[id]); i >= 0 {
					return i, x.Sel.Name, true
				}
			}
		}
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return w.paramOf(fn, x.X, depth+1)
		}
	case *ast.CompositeLit:
		for _, el := range x.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				el = kv.Value
			}
			if i, f, ok := w.paramOf(fn, el, depth+1); ok {
				return i, f, true
			}
		}
	case *ast.CallExpr:
		if tv, ok := w.info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
			return w.paramOf(fn, x.Args[0], depth+1)
		}
		if c := w.Callee(x); c != nil && len(x.Args) == 1 && c.Pkg() == w.u.Pass.Pkg {
			return w.paramOf(fn, x.Args[0], depth+1)
		}
	}
	return 0, "", false
}
