// Package inproc finds the in-process lock tables of a package: maps of
// deadlines or of entry structs kept next to the sync mutex that guards
// them, never serialized and holding no handle of a lock or storage API.
// Their deadlines are written and compared by the same process: the lock's
// own state, not a shadow of a coordinator's TTL. A map written by a
// function that uses a lock API shadows a distributed lock and is not one.
package inproc

import (
	"go/ast"
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/clocktype"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"golang.org/x/tools/go/ssa"
)

// State is the in-process lock tables of one package, computed on first
// use.
type State struct {
	u           *unit.Unit
	target      func(ast.Expr) types.Object // the variable or field an expression writes
	usesLockAPI func(*ssa.Function) bool

	inprocMaps  map[types.Object]bool
	inprocTypes map[*types.Named]bool
	ssaFns      map[*types.Func]*ssa.Function
}

// New returns the in-process lock tables of u's package; target names the
// variable or field an expression writes, usesLockAPI tells whether a
// function uses a lock API.
func New(u *unit.Unit, target func(ast.Expr) types.Object, usesLockAPI func(*ssa.Function) bool) *State {
	return &State{u: u, target: target, usesLockAPI: usesLockAPI}
}

// inProcState computes, once per package, the struct types and map
// variables that hold an in-process lock table: a map (a field of a struct
// that also has a sync mutex field, or a package-level map next to a
// package-level mutex) whose elements are instants or entry structs that
// are never serialized and hold no handle of a lock or storage API.
func (s *State) inProcState() {
	if s.inprocMaps != nil {
		return
	}
	s.inprocMaps = map[types.Object]bool{}
	s.inprocTypes = map[*types.Named]bool{}
	entry := func(elem types.Type) bool {
		if p, ok := elem.Underlying().(*types.Pointer); ok {
			elem = p.Elem()
		}
		if clocktype.Timeish(elem) || clocktype.Durationish(elem) {
			return true
		}
		n, ok := types.Unalias(elem).(*types.Named)
		if !ok || n.Obj().Pkg() != s.u.Pass.Pkg {
			return false
		}
		st, ok := n.Underlying().(*types.Struct)
		if !ok {
			return false
		}
		for i := 0; i < st.NumFields(); i++ {
			if clocktype.TaggedForStorage(st.Tag(i)) || clocktype.RemoteHandle(st.Field(i).Type()) {
				return false
			}
		}
		return true
	}
	mark := func(v *types.Var) {
		m, ok := v.Type().Underlying().(*types.Map)
		if !ok || !entry(m.Elem()) {
			return
		}
		s.inprocMaps[v] = true
		elem := m.Elem()
		if p, ok := elem.Underlying().(*types.Pointer); ok {
			elem = p.Elem()
		}
		if n, ok := types.Unalias(elem).(*types.Named); ok {
			if _, isStruct := n.Underlying().(*types.Struct); isStruct {
				s.inprocTypes[n] = true
			}
		}
	}
	scope := s.u.Pass.Pkg.Scope()
	pkgMutex := false
	var pkgMaps []*types.Var
	for _, name := range scope.Names() {
		switch o := scope.Lookup(name).(type) {
		case *types.Var:
			if clocktype.SyncType(o.Type()) {
				pkgMutex = true
			} else if _, ok := o.Type().Underlying().(*types.Map); ok {
				pkgMaps = append(pkgMaps, o)
			}
		case *types.TypeName:
			st, ok := o.Type().Underlying().(*types.Struct)
			if !ok {
				continue
			}
			guarded := false
			for i := 0; i < st.NumFields(); i++ {
				if clocktype.SyncType(st.Field(i).Type()) {
					guarded = true
				}
			}
			if !guarded {
				continue
			}
			for i := 0; i < st.NumFields(); i++ {
				mark(st.Field(i))
			}
		}
	}
	if pkgMutex {
		for _, v := range pkgMaps {
			mark(v)
		}
	}
	// A map written by a function that uses a lock API shadows a
	// distributed lock (the acquisition times of redsync mutexes), it is
	// not the lock itself.
	shadow := map[*types.Named]bool{}
	for _, f := range s.u.Pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			var writes []types.Object
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if as, ok := n.(*ast.AssignStmt); ok {
					for _, lhs := range as.Lhs {
						if ix, ok := ast.Unparen(lhs).(*ast.IndexExpr); ok {
							if obj := s.target(ix.X); obj != nil && s.inprocMaps[obj] {
								writes = append(writes, obj)
							}
						}
					}
				}
				return true
			})
			if len(writes) == 0 {
				continue
			}
			obj, _ := s.u.Pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if fn := s.ssaOf(obj); fn != nil && s.usesLockAPI(fn) {
				for _, m := range writes {
					delete(s.inprocMaps, m)
					if n := mapEntry(m); n != nil {
						shadow[n] = true
					}
				}
			}
		}
	}
	for n := range shadow {
		delete(s.inprocTypes, n)
	}
}

// mapEntry returns the named struct type of a map's elements.
func mapEntry(m types.Object) *types.Named {
	mt, ok := m.Type().Underlying().(*types.Map)
	if !ok {
		return nil
	}
	elem := mt.Elem()
	if p, ok := elem.Underlying().(*types.Pointer); ok {
		elem = p.Elem()
	}
	n, _ := types.Unalias(elem).(*types.Named)
	return n
}

// ssaOf returns the SSA function of a declared function of this package.
func (s *State) ssaOf(obj *types.Func) *ssa.Function {
	if obj == nil {
		return nil
	}
	if s.ssaFns == nil {
		s.ssaFns = map[*types.Func]*ssa.Function{}
		for _, fn := range s.u.Funcs {
			if o, ok := fn.Object().(*types.Func); ok {
				s.ssaFns[o] = fn
			}
		}
	}
	return s.ssaFns[obj]
}

// Entry reports whether n is the entry type of an in-process lock
// table.
func (s *State) Entry(n *types.Named) bool {
	s.inProcState()
	return s.inprocTypes[n.Origin()]
}

// Map reports whether obj is an in-process map of deadlines or
// entries guarded by a sync mutex.
func (s *State) Map(obj types.Object) bool {
	s.inProcState()
	return s.inprocMaps[obj]
}
