package engine

import (
	"go/types"
	"path/filepath"
	"slices"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/fact"
	"github.com/fencecheck/fencecheck/analyzers/internal/ifacelock"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/program"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
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
		case *fact.EffectsFact, *fact.AcquireFact, *fact.ClaimFact:
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
func (a *analysis_) dispatch(summary bool, ci ssa.CallInstruction, toks interface{ Has(ssa.Value) bool }, site ssa.CallInstruction, visit emitFunc, local bool) {
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
	if prog == nil {
		return
	}
	k, iface := methodKey(c)
	if k == "" {
		return
	}
	if summary {
		if !local && len(deps) == 0 {
			a.notePending(ci, k, iface) // left to the callers (pending.go)
		}
		return
	}
	if !prog.Resolving() {
		if !local && len(deps) == 0 {
			prog.Want(a.pass.Pkg, k, false)
		}
		return
	}
	for _, im := range prog.Lookup(k, iface) {
		if im.Pkg == a.pass.Pkg.Path() || slices.Contains(seen, im.Pkg+"."+im.Type) {
			continue
		}
		args := append([]ssa.Value{c.Value}, c.Args...)
		for _, re := range im.Effects {
			if re.Claim {
				continue // a one-way claim: fenced by its own condition
			}
			if slices.ContainsFunc(re.CarriedBy, func(i int) bool { return i < len(args) && (toks.Has(args[i]) || effect.VersionCompare(args[i])) }) {
				continue
			}
			e := effect.Remote(ci, c.Method, re.What, re.Via, re.Family, model.Cond(re.Cond), re.Where+" in "+filepath.Base(im.Pkg)+"."+im.Type+"."+c.Method.Name())
			e.Table = re.Table
			if re.KeyFrom > 0 && re.KeyFrom <= len(args) {
				e.KeyArg = args[re.KeyFrom-1]
			}
			visit(e, site)
		}
	}
}

// methodKey returns the key of an interface call's method and the
// interface, or "".
func methodKey(c *ssa.CallCommon) (string, *types.Interface) {
	iface, ok := c.Value.Type().Underlying().(*types.Interface)
	if !ok || !calls.UserInterface(c) || model.KB.IsLockAPI(c.Method) {
		return "", nil
	}
	return c.Method.Name() + " " + program.SigKey(c.Method.Type().(*types.Signature)), iface
}

// record adds this package's concrete methods with effects or an
// acquisition to the Program, if there is one.
func (a *analysis_) record(fn *ssa.Function, obj *types.Func, effects *fact.EffectsFact, acquire *fact.AcquireFact) {
	a.recordImpl(fn, obj, func(im *program.Impl) {
		im.Acquire = acquire
		if effects != nil {
			im.Effects = effects.Effects
		}
	})
}

// recordImpl adds a concrete method of this package to the Program, if
// there is one, with what fill says about it.
func (a *analysis_) recordImpl(fn *ssa.Function, obj *types.Func, fill func(*program.Impl)) {
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
				methods[f.Name()] = program.SigKey(f.Type().(*types.Signature))
			}
		}
		if a.methodSets == nil {
			a.methodSets = map[*types.Named]map[string]string{}
		}
		a.methodSets[n] = methods
	}
	im := program.Impl{Pkg: a.pass.Pkg.Path(), Type: n.Obj().Name(), Methods: methods}
	fill(&im)
	prog.Add(a.pass.Pkg, obj.Name()+" "+program.SigKey(obj.Type().(*types.Signature)), im)
}

// interfaceLock returns the lock an interface call takes when every
// implementation it may dispatch to (in this package, in its dependencies
// and, in the standalone command, in the rest of the program) is an
// acquire wrapper reporting success the same way; nil otherwise.
func (a *analysis_) interfaceLock(c *ssa.CallCommon) *model.Lock {
	if l := a.implementedLock(c); l != nil {
		return l
	}
	return a.declaredLock(c)
}

// declaredLock returns the lock an interface call's method declares by its
// name and signature (package ifacelock: Lock(ctx, key, ttl) error,
// TryLock(ctx, id) (*Lock, error)) when the implementations in view do not
// say otherwise: the package's own implementations, when it has some that
// are not test doubles, decide, and a package whose implementations all
// lock in-process (a map of mutexes) holds no distributed lock. An
// implementation elsewhere (another package, another module, the
// application's main) is not in view of a driver that analyses one
// package at a time; the declaration stands for it.
func (a *analysis_) declaredLock(c *ssa.CallCommon) *model.Lock {
	if c.Method == nil || !calls.UserInterface(c) {
		return nil
	}
	l := ifacelock.Declared(c.Method)
	if l == nil {
		return nil
	}
	own := 0
	for _, fn := range a.implementations(c) {
		obj, ok := fn.Object().(*types.Func)
		if !ok {
			continue
		}
		if a.wrappers[obj] != nil {
			return l // one of them acquires: the others are the single-instance fallback
		}
		if named := calls.ReceiverNamed(obj); named != nil && ifacelock.TestDoubleType(named.Obj().Name()) || calls.InTestFile(a.pass.Fset, fn.Pos()) {
			continue
		}
		own++
	}
	if own > 0 {
		return nil
	}
	return l
}

// implementedLock is interfaceLock's answer from the implementations in
// view: every one an acquire wrapper reporting success the same way.
func (a *analysis_) implementedLock(c *ssa.CallCommon) *model.Lock {
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
		var f fact.AcquireFact
		if a.pass.ImportObjectFact(d.method, &f) {
			locks = append(locks, f.Lock())
		}
	}
	if prog := a.prog; prog != nil {
		if k, iface := methodKey(c); k != "" {
			if prog.Resolving() {
				for _, im := range prog.Lookup(k, iface) {
					if im.Pkg == a.pass.Pkg.Path() || slices.Contains(seen, im.Pkg+"."+im.Type) {
						continue
					}
					n++
					if im.Acquire != nil {
						locks = append(locks, im.Acquire.Lock())
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
	return withInterfaceRelease(c, locks[0])
}

// withInterfaceRelease returns l, taken through a method of the program's
// own interface (locker.Lock(ctx, key, ttl)), with the interface's own
// release methods among its releases: a method of the same interface whose
// implementation releases the lock (named as one of l.Release), or, when
// none is, one named as a release (vocab.ReleaseVerb: Unlock, Release). The
// caller releases through the interface (defer locker.Unlock(ctx, key)),
// never through the implementation's method, so without them a helper
// that locks and unlocks around its work reads as an acquire wrapper, and
// its callers' later calls as held under a lock it already gave up.
func withInterfaceRelease(c *ssa.CallCommon, l *model.Lock) *model.Lock {
	if c.Method == nil || c.Method.Pkg() == nil {
		return l
	}
	named, ok := types.Unalias(c.Value.Type()).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return l
	}
	iface, ok := named.Underlying().(*types.Interface)
	if !ok {
		return l
	}
	var byImpl, byName []model.Func
	for m := range iface.Methods() {
		if m == c.Method || m.Name() == c.Method.Name() {
			continue
		}
		if m.Pkg() == nil {
			continue
		}
		// The method as a call names it: declared in an embedded
		// interface (Locker in RWLocker), its receiver is that one.
		f := model.Func{Pkg: m.Pkg().Path(), Recv: model.RecvName(m), Name: m.Name()}
		if slices.ContainsFunc(l.Release, func(r model.Func) bool { return r.Name == m.Name() }) {
			byImpl = append(byImpl, f)
		} else if vocab.ReleaseVerb.Match(m.Name()) {
			byName = append(byName, f)
		}
	}
	extra := byImpl
	if len(extra) == 0 {
		extra = byName
	}
	if len(extra) == 0 {
		return l
	}
	cp := *l
	cp.Release = append(slices.Clone(l.Release), extra...)
	return &cp
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
			if !prog.Resolving() {
				prog.Want(a.pass.Pkg, k, true)
			} else if prog.Acquires(k) {
				return true
			}
		}
	}
	if a.wrapperNames[name] {
		return true
	}
	for _, m := range a.factMethods()[name] {
		var f fact.AcquireFact
		if a.pass.ImportObjectFact(m, &f) {
			return true
		}
	}
	return false
}
