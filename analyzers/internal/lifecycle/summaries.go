package lifecycle

import (
	"go/types"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// The hand-rolled lifecycle checks summarise functions (a lease renewal, a
// release by name) and judge their calls. A call reaches a summary
// through a function of this package, a fact of another package's
// function, an implementation of the called interface method in this
// package or a dependency, or, in the standalone command, anywhere in the
// program.

// The kinds of the lifecycle checks' summaries in a standalone run's
// Program (unit.Engine.RecordSummary).
const (
	kindRenewal = "renewal" // a RenewalFact (FC5002)
	kindRelease = "release" // a ReleaseFact (FC5001)
	kindRead    = "read"    // a ReadFact (FC5001)
)

// summaryOf returns the summary of the function a call runs, and the
// implementation it comes from for an interface call ("" for a static
// call): local holds this package's summaries, and kind names them for
// the Program (kindRenewal, kindRelease, kindRead).
func summaryOf[F any, PF interface {
	*F
	analysis.Fact
}](l *checker, ci ssa.CallInstruction, local map[*types.Func]PF, kind string) (PF, string) {
	c := ci.Common()
	callee := calls.Callee(c)
	if callee == nil {
		return nil, ""
	}
	if !c.IsInvoke() {
		if f := local[callee]; f != nil {
			return f, ""
		}
		f := PF(new(F))
		if callee.Pkg() != nil && callee.Pkg() != l.u.Pass.Pkg && l.u.Pass.ImportObjectFact(callee, f) {
			return f, ""
		}
		return nil, ""
	}
	for _, impl := range l.u.Implementations(c) {
		if obj, ok := impl.Object().(*types.Func); ok && local[obj] != nil {
			return local[obj], implName(obj)
		}
	}
	for _, m := range l.depSummaries(c, reflect.TypeFor[PF]()) {
		f := PF(new(F))
		if l.u.Pass.ImportObjectFact(m, f) {
			return f, implName(m)
		}
	}
	// The standalone command: an implementation in a package this one
	// cannot see (an unexported store type behind a constructor).
	for _, s := range l.u.ProgramSummaries(c, kind) {
		return s.Fact.(PF), filepath.Base(s.Pkg) + "." + s.Type + "." + c.Method.Name()
	}
	return nil, ""
}

// depSummaries returns the methods of dependencies with a fact of type t
// that implement the method of an interface call, as DepImplementations
// does for effects.
func (l *checker) depSummaries(c *ssa.CallCommon, t reflect.Type) []*types.Func {
	iface, ok := c.Value.Type().Underlying().(*types.Interface)
	if !ok || !calls.UserInterface(c) {
		return nil
	}
	if l.factMethods == nil {
		l.factMethods = map[reflect.Type]map[string][]*types.Func{}
	}
	byName := l.factMethods[t]
	if byName == nil {
		byName = map[string][]*types.Func{}
		for _, of := range l.u.Pass.AllObjectFacts() {
			m, ok := of.Object.(*types.Func)
			if !ok || reflect.TypeOf(of.Fact) != t || m.Pkg() == nil || m.Pkg() == l.u.Pass.Pkg {
				continue
			}
			if sig, ok := m.Type().(*types.Signature); ok && sig.Recv() != nil && !types.IsInterface(sig.Recv().Type()) {
				byName[m.Name()] = append(byName[m.Name()], m)
			}
		}
		for _, ms := range byName {
			slices.SortFunc(ms, func(x, y *types.Func) int { return strings.Compare(x.FullName(), y.FullName()) })
		}
		l.factMethods[t] = byName
	}
	var out []*types.Func
	for _, m := range byName[c.Method.Name()] {
		recv := m.Type().(*types.Signature).Recv().Type()
		named := recv
		if p, ok := named.(*types.Pointer); ok {
			named = p.Elem()
		}
		n, ok := types.Unalias(named).(*types.Named)
		if !ok || n.TypeParams().Len() > 0 || calls.TestDouble(n.Obj().Pkg().Path()) {
			continue
		}
		var it types.Type = n
		if !types.Implements(it, iface) {
			if it = types.NewPointer(n); !types.Implements(it, iface) {
				continue
			}
		}
		if sel := types.NewMethodSet(it).Lookup(c.Method.Pkg(), c.Method.Name()); sel != nil && sel.Obj() == m {
			out = append(out, m)
		}
	}
	return out
}

// exportSummaries exports this package's summaries as facts and records
// its methods in the Program as summaries of the given kind.
func exportSummaries[PF analysis.Fact](l *checker, local map[*types.Func]PF, kind string) {
	for _, fn := range l.u.Funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Parent() != nil {
			continue
		}
		if f, ok := local[obj]; ok {
			l.u.Pass.ExportObjectFact(obj, f)
			l.u.RecordSummary(fn, obj, kind, f)
		}
	}
}
