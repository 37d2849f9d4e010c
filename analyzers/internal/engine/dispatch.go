package engine

import (
	"go/types"
	"maps"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// Interface calls across packages. An interface call inside a section is
// resolved against
//
//   - the concrete types of the analysed package (walk.go, every driver);
//   - the concrete types of its dependencies, through their methods'
//     facts (every driver: go vet hands a package the facts of its
//     dependencies' methods);
//   - in the standalone command only, the concrete types of every package
//     of the analysed program (Program), which a package cannot import.
//
// Test doubles never count: types declared in _test.go files and the types
// of packages named mock*, fake*, *test or *mocks.

// depImpl is a concrete method of a dependency that an interface method
// may dispatch to.
type depImpl struct {
	method *types.Func
	id     string // "pkg/path.Type", to tell it from the same one in the Program
}

// depImplementations returns the methods of the dependencies' concrete
// types that implement the interface of an interface call. Only methods
// with a fact can matter (an effect summary or an acquisition), so the
// candidates are the methods the imported facts are about: no scan of the
// dependencies' types.
func (a *analysis_) depImplementations(c *ssa.CallCommon) []depImpl {
	iface, ok := c.Value.Type().Underlying().(*types.Interface)
	if !ok || !calls.UserInterface(c) {
		return nil
	}
	key := implKey{iface, c.Method}
	if out, ok := a.depImpls[key]; ok {
		return out
	}
	var out []depImpl
	for _, m := range a.factMethods()[c.Method.Name()] {
		recv := m.Type().(*types.Signature).Recv().Type()
		named := recv
		if p, ok := named.(*types.Pointer); ok {
			named = p.Elem()
		}
		n, ok := types.Unalias(named).(*types.Named)
		if !ok || n.TypeParams().Len() > 0 {
			continue
		}
		path := n.Obj().Pkg().Path()
		if calls.TestDouble(path) || model.KB.IsLibraryPackage(path) || calls.InTestFile(a.pass.Fset, n.Obj().Pos()) {
			continue
		}
		var t types.Type = n
		if !types.Implements(t, iface) {
			t = types.NewPointer(n)
			if !types.Implements(t, iface) {
				continue
			}
		}
		if sel := types.NewMethodSet(t).Lookup(c.Method.Pkg(), c.Method.Name()); sel == nil || sel.Obj() != m {
			continue
		}
		out = append(out, depImpl{m, path + "." + n.Obj().Name()})
	}
	a.depImpls[key] = out
	return out
}

// factMethods returns the concrete methods of other packages that imported
// facts are about, by name.
func (a *analysis_) factMethods() map[string][]*types.Func {
	if a.methodFacts != nil {
		return a.methodFacts
	}
	a.methodFacts = map[string][]*types.Func{}
	for _, of := range a.pass.AllObjectFacts() {
		m, ok := of.Object.(*types.Func)
		if !ok || m.Pkg() == nil || m.Pkg() == a.pass.Pkg {
			continue
		}
		sig, ok := m.Type().(*types.Signature)
		if !ok || sig.Recv() == nil || types.IsInterface(sig.Recv().Type()) {
			continue
		}
		switch of.Fact.(type) {
		case *EffectsFact, *AcquireFact:
		default:
			continue
		}
		if !slices.Contains(a.methodFacts[m.Name()], m) {
			a.methodFacts[m.Name()] = append(a.methodFacts[m.Name()], m)
		}
	}
	return a.methodFacts
}

// dispatch visits the effects an interface call may perform in other
// packages: those of the dependencies' implementations (facts) and, in the
// standalone command, those of the rest of the program.
func (a *analysis_) dispatch(summary bool, ci ssa.CallInstruction, toks interface{ Has(ssa.Value) bool }, site ssa.CallInstruction, visit visitFunc, local bool) {
	c := ci.Common()
	deps := a.depImplementations(c)
	var seen []string
	for _, d := range deps {
		seen = append(seen, d.id)
		if a.lockBookkeeping(ci.Parent(), d.method) {
			continue // the lock type's own protocol (locktype.go)
		}
		a.remoteEffects(ci, d.method, toks, site, visit)
	}
	prog := a.prog
	if prog == nil || summary {
		return
	}
	k, iface := methodKey(c)
	if k == "" {
		return
	}
	if !prog.resolving() {
		if !local && len(deps) == 0 {
			prog.want(a.pass.Pkg, k, false)
		}
		return
	}
	for _, im := range prog.lookup(k, iface) {
		if im.Pkg == a.pass.Pkg.Path() || slices.Contains(seen, im.Pkg+"."+im.Type) {
			continue
		}
		args := append([]ssa.Value{c.Value}, c.Args...)
		for _, re := range im.Effects {
			if slices.ContainsFunc(re.CarriedBy, func(i int) bool { return i < len(args) && (toks.Has(args[i]) || effect.VersionCompare(args[i])) }) {
				continue
			}
			e := effect.Remote(ci, c.Method, re.What, re.Via, re.Family, model.Cond(re.Cond), re.Where+" in "+filepath.Base(im.Pkg)+"."+im.Type+"."+c.Method.Name())
			e.Table = re.Table
			visit(e, site)
		}
	}
}

// Program is what the standalone command knows about the whole analysed
// program: the concrete methods with effects or acquisitions of every
// package analysed so far, and the packages whose sections make interface
// calls that nothing they can see implements. It holds strings only.
type Program struct {
	mu      sync.Mutex
	impls   map[string][]Impl // by method name and signature
	wanted  map[string][]want
	resolve bool

	// What each package being analysed added, while the standalone
	// command caches results (cache.go); nil otherwise.
	logs map[*types.Package]*contribution
	// The fact types of the run's analyzers, by name, to decode the
	// checks' summaries of a cached contribution.
	factTypes map[string]reflect.Type
}

// want is an interface call that nothing its package can see implements:
// for its effects, as an acquisition, or for a check's summary.
type want struct {
	key  string
	lock bool
	kind string // the kind of a check's summary (Impl.Summaries); "" for effects and acquisitions
}

// Impl is a concrete method of the program, summarised.
type Impl struct {
	Pkg, Type string
	Methods   map[string]string // the method set of *Type: name -> signature
	Effects   []RemoteEffect
	Acquire   *AcquireFact
	// Summaries are the checks' own summaries of the method (a lease
	// renewal, a release by name), by kind (unit.Engine.RecordSummary).
	// add replaces the map rather than writing to it: lookup hands out
	// copies of Impl.
	Summaries map[string]analysis.Fact
}

// NewProgram returns an empty Program.
func NewProgram() *Program {
	return &Program{impls: map[string][]Impl{}, wanted: map[string][]want{}}
}

// Resolve switches p to its second pass: interface calls are resolved
// against what the first pass recorded.
func (p *Program) Resolve() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.resolve = true
}

func (p *Program) resolving() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.resolve
}

func (p *Program) want(tp *types.Package, key string, lock bool) {
	p.addWant(tp, tp.Path(), want{key: key, lock: lock})
}

// addWant records w for the package with path pkg, and in tp's log
// (cache.go) if tp is not nil.
func (p *Program) addWant(tp *types.Package, pkg string, w want) {
	if model.KB.IsLibraryPackage(pkg) {
		return // a lock library's own code: no findings to make
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.log(tp).wanted(pkg, w)
	if !slices.Contains(p.wanted[pkg], w) {
		p.wanted[pkg] = append(p.wanted[pkg], w)
	}
}

// Wanted returns the packages with an interface call in a section that an
// implementation elsewhere in the program may answer, each with the
// answers it would get (the implementations, in a stable order): a package
// analysed again is analysed once more only when that changes (an acquire
// wrapper found in the previous run answers a call one level up).
func (p *Program) Wanted() map[string]string {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := map[string]string{}
	for pkg, ws := range p.wanted {
		var answers []string
		for _, w := range ws {
			for _, im := range p.impls[w.key] {
				ok := false
				switch {
				case im.Pkg == pkg:
				case w.kind != "":
					ok = im.Summaries[w.kind] != nil
				case w.lock:
					ok = im.Acquire != nil
				default:
					ok = len(im.Effects) > 0
				}
				if ok {
					answers = append(answers, w.key+" "+im.Pkg+"."+im.Type)
				}
			}
		}
		if len(answers) > 0 {
			slices.Sort(answers)
			out[pkg] = strings.Join(slices.Compact(answers), "\n")
		}
	}
	return out
}

func (p *Program) add(tp *types.Package, key string, im Impl) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.log(tp).added(key, im)
	for i, old := range p.impls[key] {
		if old.Pkg == im.Pkg && old.Type == im.Type {
			// The same method, summarised by another check: the first
			// summary of each kind stands.
			merged := map[string]analysis.Fact{}
			maps.Copy(merged, im.Summaries)
			maps.Copy(merged, old.Summaries)
			p.impls[key][i].Summaries = merged
			return // the package and its test variant
		}
	}
	p.impls[key] = append(p.impls[key], im)
}

// lookup returns the recorded methods for key whose type implements iface.
func (p *Program) lookup(key string, iface *types.Interface) []Impl {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []Impl
	for _, im := range p.impls[key] {
		ok := true
		for i := range iface.NumMethods() {
			m := iface.Method(i)
			if im.Methods[m.Name()] != sigKey(m.Type().(*types.Signature)) {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, im)
		}
	}
	return out
}

// methodKey returns the key of an interface call's method and the
// interface, or "".
func methodKey(c *ssa.CallCommon) (string, *types.Interface) {
	iface, ok := c.Value.Type().Underlying().(*types.Interface)
	if !ok || !calls.UserInterface(c) || model.KB.IsLockAPI(c.Method) {
		return "", nil
	}
	return c.Method.Name() + " " + sigKey(c.Method.Type().(*types.Signature)), iface
}

// sigKey renders a method signature without its receiver and without
// parameter and result names, with full package paths: identical types
// render identically in every package, and an implementation that names
// its results differently from the interface (`(n int64, err error)` for
// `(height int64, err error)`) still matches.
func sigKey(sig *types.Signature) string {
	bare := types.NewSignatureType(nil, nil, nil, unnamed(sig.Params()), unnamed(sig.Results()), sig.Variadic())
	return types.TypeString(bare, func(p *types.Package) string { return p.Path() })
}

// unnamed returns t with its variables' names dropped.
func unnamed(t *types.Tuple) *types.Tuple {
	vars := make([]*types.Var, t.Len())
	for i := range t.Len() {
		vars[i] = types.NewParam(t.At(i).Pos(), t.At(i).Pkg(), "", t.At(i).Type())
	}
	return types.NewTuple(vars...)
}

// record adds this package's concrete methods with effects or an
// acquisition to the Program, if there is one.
func (a *analysis_) record(fn *ssa.Function, obj *types.Func, effects *EffectsFact, acquire *AcquireFact) {
	a.recordImpl(fn, obj, func(im *Impl) {
		im.Acquire = acquire
		if effects != nil {
			im.Effects = effects.Effects
		}
	})
}

// recordImpl adds a concrete method of this package to the Program, if
// there is one, with what fill says about it.
func (a *analysis_) recordImpl(fn *ssa.Function, obj *types.Func, fill func(*Impl)) {
	prog := a.prog
	if prog == nil || calls.TestDouble(a.pass.Pkg.Path()) || model.KB.IsLibraryPackage(a.pass.Pkg.Path()) || fn.Signature.Recv() == nil {
		return // test doubles, and the lock and effect libraries' own internals
	}
	if calls.InTestFile(a.pass.Fset, fn.Pos()) {
		return
	}
	rt := fn.Signature.Recv().Type()
	if p, ok := rt.(*types.Pointer); ok {
		rt = p.Elem()
	}
	n, ok := types.Unalias(rt).(*types.Named)
	if !ok || n.TypeParams().Len() > 0 {
		return
	}
	methods := a.methodSets[n]
	if methods == nil {
		// One map per type, shared by the records of its methods.
		ms := types.NewMethodSet(types.NewPointer(n))
		methods = map[string]string{}
		for i := range ms.Len() {
			if f, ok := ms.At(i).Obj().(*types.Func); ok {
				methods[f.Name()] = sigKey(f.Type().(*types.Signature))
			}
		}
		if a.methodSets == nil {
			a.methodSets = map[*types.Named]map[string]string{}
		}
		a.methodSets[n] = methods
	}
	im := Impl{Pkg: a.pass.Pkg.Path(), Type: n.Obj().Name(), Methods: methods}
	fill(&im)
	prog.add(a.pass.Pkg, obj.Name()+" "+sigKey(obj.Type().(*types.Signature)), im)
}

// interfaceLock returns the lock an interface call takes when every
// implementation it may dispatch to (in this package, in its dependencies
// and, in the standalone command, in the rest of the program) is an
// acquire wrapper reporting success the same way; nil otherwise.
func (a *analysis_) interfaceLock(c *ssa.CallCommon) *model.Lock {
	if !a.mayAcquire(c) {
		return nil // no acquire wrapper anywhere answers to this method's name
	}
	var locks []*model.Lock
	n := 0
	for _, fn := range a.implementations(c) {
		n++
		if obj, ok := fn.Object().(*types.Func); ok && a.wrappers[obj] != nil {
			locks = append(locks, a.wrappers[obj])
		}
	}
	deps := a.depImplementations(c)
	var seen []string
	for _, d := range deps {
		n++
		seen = append(seen, d.id)
		var f AcquireFact
		if a.pass.ImportObjectFact(d.method, &f) {
			locks = append(locks, f.lock())
		}
	}
	if prog := a.prog; prog != nil {
		if k, iface := methodKey(c); k != "" {
			if prog.resolving() {
				for _, im := range prog.lookup(k, iface) {
					if im.Pkg == a.pass.Pkg.Path() || slices.Contains(seen, im.Pkg+"."+im.Type) {
						continue
					}
					n++
					if im.Acquire != nil {
						locks = append(locks, im.Acquire.lock())
					}
				}
			}
		}
	}
	if n == 0 || len(locks) != n {
		return nil
	}
	for _, l := range locks[1:] {
		if l.Success != locks[0].Success || l.Result != locks[0].Result {
			return nil
		}
	}
	return locks[0]
}

// mayAcquire is the cheap test before interfaceLock looks for
// implementations: some acquire wrapper of this package, of a dependency
// or (in the standalone command's second pass) of the program has the
// called method's name. In the first pass it records the call as one the
// program may answer.
func (a *analysis_) mayAcquire(c *ssa.CallCommon) bool {
	if c.Method == nil {
		return false
	}
	name := c.Method.Name()
	if prog := a.prog; prog != nil {
		if k, _ := methodKey(c); k != "" {
			if !prog.resolving() {
				prog.want(a.pass.Pkg, k, true)
			} else if prog.acquires(k) {
				return true
			}
		}
	}
	if a.wrapperNames[name] {
		return true
	}
	for _, m := range a.factMethods()[name] {
		var f AcquireFact
		if a.pass.ImportObjectFact(m, &f) {
			return true
		}
	}
	return false
}

// acquires reports whether a method recorded under key is an acquire
// wrapper.
func (p *Program) acquires(key string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.ContainsFunc(p.impls[key], func(im Impl) bool { return im.Acquire != nil })
}

// wantKind records an interface call whose implementation may carry a
// check's summary of the given kind elsewhere in the program.
func (p *Program) wantKind(tp *types.Package, key, kind string) {
	p.addWant(tp, tp.Path(), want{key: key, kind: kind})
}
