package engine

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// An application's own lock type (a readers-writer lock over etcd mutexes,
// a Redis lock struct) has methods that take the lock and return with it
// held: acquire wrappers. Its other methods (the release, the bookkeeping
// of a readers counter) write to the coordinator too, but those writes are
// the lock's protocol, not effects of the code that holds the lock: a
// section does not follow calls into them, as it does not follow calls
// into a known lock library. A section inside the lock type's own methods
// still judges their bodies (an unfenced counter Put under the inner mutex
// is reported there).

// lockTypeMethod reports whether fn is a method of a type some method of
// which is an acquire wrapper, local or imported.
func (a *analysis_) lockTypeMethod(fn *types.Func) bool {
	named := receiverNamed(fn)
	if named == nil {
		return false
	}
	if v, ok := a.lockTypes[named]; ok {
		return v
	}
	is := false
	ms := types.NewMethodSet(types.NewPointer(named))
	for i := range ms.Len() {
		m, ok := ms.At(i).Obj().(*types.Func)
		if !ok {
			continue
		}
		if a.wrappers[m] != nil {
			is = true
			break
		}
		var f AcquireFact
		if m.Pkg() != nil && m.Pkg() != a.pass.Pkg && a.pass.ImportObjectFact(m, &f) {
			is = true
			break
		}
	}
	a.lockTypes[named] = is
	return is
}

// lockBookkeeping reports whether a call from a section in fn into callee
// is the lock type's own protocol: callee is a method of a lock type, and
// fn is not a method of that same type.
func (a *analysis_) lockBookkeeping(fn *ssa.Function, callee *types.Func) bool {
	if callee == nil || !a.lockTypeMethod(callee) {
		return false
	}
	for p := fn; p != nil; p = p.Parent() { // fn, or the method a literal in it belongs to
		if own, ok := p.Object().(*types.Func); ok && receiverNamed(own) == receiverNamed(callee) {
			return false
		}
	}
	return true
}

// receiverNamed returns the named type of fn's receiver (without pointer
// and type arguments), or nil for a plain function or an interface method.
func receiverNamed(fn *types.Func) *types.Named {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return nil
	}
	t := sig.Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil
	}
	if _, isIface := n.Underlying().(*types.Interface); isIface {
		return nil
	}
	return n.Origin()
}
