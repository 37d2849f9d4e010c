package wallclock

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/dataflow"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"golang.org/x/tools/go/ssa"
)

// Look-alikes FC4001 keeps silent because nothing in them crosses a host
// boundary, whatever their names say:
//
//   - an in-process lock or lease table: a map of entries with a deadline,
//     kept in a struct together with the sync.Mutex (or RWMutex) that
//     guards it. The deadline is written and compared by the same process
//     under that mutex; it is the lock's own state, not a shadow of a
//     coordinator's TTL (a development stand-in for a Redis lock passes its
//     TTL to redsync elsewhere, which makes the duration a lock TTL);
//   - a struct guarded by an embedded sync.RWMutex is not a lease record
//     because its mutex field is named "Mutex";
//   - an enum compared with a constant (State == JOINING) is no comparison
//     of instants, even inside a record read from storage;
//   - two values of the same field compared (a heap or a sort ordering
//     expiries) involve no clock reading;
//   - test files assert on timestamps; they hold no lease across hosts.

// syncType reports whether t (or what it points to) is a type of package
// sync: a mutex or other in-process synchronisation.
func syncType(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "sync"
}

// enum reports whether t is an enumeration: a named integer type (not
// time.Duration) whose package declares at least two constants of it, as
// iota blocks and protobuf enums do.
func (w *checker) enum(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	if b, ok := n.Underlying().(*types.Basic); !ok || b.Info()&types.IsInteger == 0 {
		return false
	}
	if n.Obj().Pkg().Path() == "time" {
		return false
	}
	if v, ok := w.enums[n]; ok {
		return v
	}
	count := 0
	scope := n.Obj().Pkg().Scope()
	for _, name := range scope.Names() {
		if c, ok := scope.Lookup(name).(*types.Const); ok && types.Identical(c.Type(), n) {
			count++
			if count >= 2 {
				break
			}
		}
	}
	v := count >= 2
	if w.enums == nil {
		w.enums = map[*types.Named]bool{}
	}
	w.enums[n] = v
	return v
}

// inProcState computes, once per package, the struct types and map
// variables that hold an in-process lock table: a map (a field of a struct
// that also has a sync mutex field, or a package-level map next to a
// package-level mutex) whose elements are instants or entry structs that
// are never serialized and hold no handle of a lock or storage API.
func (w *checker) inProcState() {
	if w.inprocMaps != nil {
		return
	}
	w.inprocMaps = map[types.Object]bool{}
	w.inprocTypes = map[*types.Named]bool{}
	entry := func(elem types.Type) bool {
		if p, ok := elem.Underlying().(*types.Pointer); ok {
			elem = p.Elem()
		}
		if timeish(elem) || durationish(elem) {
			return true
		}
		n, ok := types.Unalias(elem).(*types.Named)
		if !ok || n.Obj().Pkg() != w.u.Pass.Pkg {
			return false
		}
		st, ok := n.Underlying().(*types.Struct)
		if !ok {
			return false
		}
		for i := 0; i < st.NumFields(); i++ {
			if taggedForStorage(st.Tag(i)) || remoteHandle(st.Field(i).Type()) {
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
		w.inprocMaps[v] = true
		elem := m.Elem()
		if p, ok := elem.Underlying().(*types.Pointer); ok {
			elem = p.Elem()
		}
		if n, ok := types.Unalias(elem).(*types.Named); ok {
			if _, isStruct := n.Underlying().(*types.Struct); isStruct {
				w.inprocTypes[n] = true
			}
		}
	}
	scope := w.u.Pass.Pkg.Scope()
	pkgMutex := false
	var pkgMaps []*types.Var
	for _, name := range scope.Names() {
		switch o := scope.Lookup(name).(type) {
		case *types.Var:
			if syncType(o.Type()) {
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
				if syncType(st.Field(i).Type()) {
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
	for _, f := range w.u.Pass.Files {
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
							if obj := w.target(ix.X); obj != nil && w.inprocMaps[obj] {
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
			obj, _ := w.info.Defs[fd.Name].(*types.Func)
			if fn := w.ssaOf(obj); fn != nil && w.usesLockAPI(fn) {
				for _, m := range writes {
					delete(w.inprocMaps, m)
					if n := mapEntry(m); n != nil {
						shadow[n] = true
					}
				}
			}
		}
	}
	for n := range shadow {
		delete(w.inprocTypes, n)
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
func (w *checker) ssaOf(obj *types.Func) *ssa.Function {
	if obj == nil {
		return nil
	}
	if w.ssaFns == nil {
		w.ssaFns = map[*types.Func]*ssa.Function{}
		for _, fn := range w.u.Funcs {
			if o, ok := fn.Object().(*types.Func); ok {
				w.ssaFns[o] = fn
			}
		}
	}
	return w.ssaFns[obj]
}

// inProcEntry reports whether n is the entry type of an in-process lock
// table.
func (w *checker) inProcEntry(n *types.Named) bool {
	w.inProcState()
	return w.inprocTypes[n.Origin()]
}

// inProcMap reports whether obj is an in-process map of deadlines or
// entries guarded by a sync mutex.
func (w *checker) inProcMap(obj types.Object) bool {
	w.inProcState()
	return w.inprocMaps[obj]
}

// taggedForStorage reports whether a struct tag carries a serialization
// key (json, bson, db, ...).
func taggedForStorage(tag string) bool {
	for _, k := range model.KB.StructTags {
		if strings.Contains(tag, k+":\"") {
			return true
		}
	}
	return false
}

// remoteHandle reports whether t is (or points to) a type of a lock or
// storage API: an entry holding one shadows remote state.
func remoteHandle(t types.Type) bool {
	n := calls.ElemNamed(t)
	if n == nil || n.Obj().Pkg() == nil {
		return false
	}
	p := n.Obj().Pkg().Path()
	return model.KB.LockPackages[p] || model.KB.SinkPackages[p]
}

// sameField reports whether both operands of a comparison read the same
// field or map (h[i].expiry < h[j].expiry): an ordering of stored values,
// not a comparison with the clock.
func (w *checker) sameField(a, b ast.Expr) bool {
	fa, fb := w.fieldOf(a), w.fieldOf(b)
	return fa != nil && fa == fb
}

// fieldOf returns the field or variable an operand reads, through
// conversions, address-of, dereferences, calls of methods of time.Time
// without arguments (t.Unix()) and index expressions.
func (w *checker) fieldOf(e ast.Expr) types.Object {
	for i := 0; i < 8; i++ {
		if in, ok := dataflow.InnerExpr(e, w.info, dataflow.AddressOf|dataflow.Loads|dataflow.Elements); ok {
			e = in
			continue
		}
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			if sel := w.info.Selections[x]; sel != nil && sel.Kind() == types.FieldVal {
				return sel.Obj()
			}
			return nil
		case *ast.CallExpr:
			if recv := w.recvExpr(x); recv != nil && len(x.Args) == 0 {
				e = recv
				continue
			}
			return nil
		default:
			return nil
		}
	}
	return nil
}

// testFile reports whether pos lies in a _test.go file.
func (w *checker) testFile(pos token.Pos) bool {
	return calls.InTestFile(w.u.Pass.Fset, pos)
}
