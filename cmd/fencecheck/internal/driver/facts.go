package driver

import (
	"bytes"
	"cmp"
	"encoding/gob"
	"fmt"
	"go/types"
	"reflect"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/objectpath"
)

// factSet holds the facts a package exported, gob-encoded as go vet would
// pass them between processes: they outlive the types they describe, and
// an analyzer sees exactly what it would see under go vet.
type factSet struct {
	objects map[objectKey][]byte
	pkg     map[reflect.Type][]byte
}

type objectKey struct {
	path objectpath.Path
	typ  reflect.Type
}

func (s *factSet) len() int { return len(s.objects) + len(s.pkg) }

// liveFacts are the facts of the package being analysed, by object, until
// they are encoded.
type liveFacts struct {
	objects map[liveKey]analysis.Fact
	pkg     map[reflect.Type]analysis.Fact
}

type liveKey struct {
	obj types.Object
	typ reflect.Type
}

func newLiveFacts() *liveFacts {
	return &liveFacts{objects: map[liveKey]analysis.Fact{}, pkg: map[reflect.Type]analysis.Fact{}}
}

// encode serializes the facts that importers can name: those about objects
// that have an object path (package-level objects, fields, methods). Facts
// about local objects stay in the package, as under go vet.
func (l *liveFacts) encode() (*factSet, error) {
	s := &factSet{objects: map[objectKey][]byte{}, pkg: map[reflect.Type][]byte{}}
	var enc objectpath.Encoder
	for k, f := range l.objects {
		path, err := enc.For(k.obj)
		if err != nil {
			continue
		}
		b, err := encodeFact(f)
		if err != nil {
			return nil, err
		}
		s.objects[objectKey{path, k.typ}] = b
	}
	for t, f := range l.pkg {
		b, err := encodeFact(f)
		if err != nil {
			return nil, err
		}
		s.pkg[t] = b
	}
	return s, nil
}

func encodeFact(f analysis.Fact) ([]byte, error) {
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(f); err != nil {
		return nil, fmt.Errorf("encoding %T fact: %v", f, err)
	}
	return buf.Bytes(), nil
}

// decodeFact fills f, which must be a pointer, from b.
func decodeFact(b []byte, f analysis.Fact) bool {
	reflect.ValueOf(f).Elem().SetZero() // gob leaves fields absent from b alone
	return gob.NewDecoder(bytes.NewReader(b)).Decode(f) == nil
}

// copyFact copies the value of from into to (both pointers to one type).
func copyFact(to, from analysis.Fact) {
	reflect.ValueOf(to).Elem().Set(reflect.ValueOf(from).Elem())
}

// facts implements the fact functions of one analysis pass.
type facts struct {
	a     *analysis.Analyzer
	types map[reflect.Type]bool // the fact types a declares
	u     *unit
	live  *liveFacts
	enc   objectpath.Encoder
}

func (f *facts) checkType(op string, fact analysis.Fact) reflect.Type {
	t := reflect.TypeOf(fact)
	if !f.types[t] {
		panic(fmt.Sprintf("analyzer %s: %s: fact type %s is not among its FactTypes", f.a.Name, op, t))
	}
	return t
}

func (f *facts) importObject(obj types.Object, fact analysis.Fact) bool {
	if obj == nil {
		panic(fmt.Sprintf("analyzer %s: ImportObjectFact: nil object", f.a.Name))
	}
	t := f.checkType("ImportObjectFact", fact)
	if obj.Pkg() == f.u.pkg {
		if have, ok := f.live.objects[liveKey{obj, t}]; ok {
			copyFact(fact, have)
			return true
		}
		return false
	}
	if obj.Pkg() == nil || !f.visibleObject(obj) {
		return false
	}
	n := f.u.byPath[obj.Pkg().Path()]
	if n == nil || n.facts == nil {
		return false
	}
	path, err := f.enc.For(obj)
	if err != nil {
		return false
	}
	b, ok := n.facts.objects[objectKey{path, t}]
	return ok && decodeFact(b, fact)
}

func (f *facts) exportObject(obj types.Object, fact analysis.Fact) {
	if obj == nil || obj.Pkg() != f.u.pkg {
		panic(fmt.Sprintf("analyzer %s: ExportObjectFact: %v is not an object of package %s", f.a.Name, obj, f.u.pkg.Path()))
	}
	t := f.checkType("ExportObjectFact", fact)
	f.live.objects[liveKey{obj, t}] = fact
}

func (f *facts) importPackage(pkg *types.Package, fact analysis.Fact) bool {
	if pkg == nil {
		panic(fmt.Sprintf("analyzer %s: ImportPackageFact: nil package", f.a.Name))
	}
	t := f.checkType("ImportPackageFact", fact)
	if pkg == f.u.pkg {
		if have, ok := f.live.pkg[t]; ok {
			copyFact(fact, have)
			return true
		}
		return false
	}
	n := f.u.direct[pkg.Path()]
	if n == nil || n.facts == nil {
		return false
	}
	b, ok := n.facts.pkg[t]
	return ok && decodeFact(b, fact)
}

func (f *facts) exportPackage(fact analysis.Fact) {
	f.live.pkg[f.checkType("ExportPackageFact", fact)] = fact
}

// allObjects returns the analyzer's facts about objects of this package
// and of the dependencies whose types it can see, in a stable order.
func (f *facts) allObjects() []analysis.ObjectFact {
	var out []analysis.ObjectFact
	for k, fact := range f.live.objects {
		if f.types[k.typ] {
			out = append(out, analysis.ObjectFact{Object: k.obj, Fact: fact})
		}
	}
	for path, pkg := range f.visible() {
		n := f.u.byPath[path]
		if n == nil || n.facts == nil {
			continue
		}
		for k, b := range n.facts.objects {
			if !f.types[k.typ] {
				continue
			}
			obj, err := objectpath.Object(pkg, k.path)
			if err != nil || !f.visibleObject(obj) {
				continue // not in the export data this package saw, or not passed on
			}
			fact := reflect.New(k.typ.Elem()).Interface().(analysis.Fact)
			if decodeFact(b, fact) {
				out = append(out, analysis.ObjectFact{Object: obj, Fact: fact})
			}
		}
	}
	slices.SortFunc(out, func(a, b analysis.ObjectFact) int {
		return cmp.Or(
			cmp.Compare(a.Object.Pkg().Path(), b.Object.Pkg().Path()),
			cmp.Compare(a.Object.Pos(), b.Object.Pos()),
			cmp.Compare(a.Object.Name(), b.Object.Name()),
			cmp.Compare(reflect.TypeOf(a.Fact).String(), reflect.TypeOf(b.Fact).String()))
	})
	return out
}

// allPackages returns the analyzer's package facts, in a stable order.
func (f *facts) allPackages() []analysis.PackageFact {
	var out []analysis.PackageFact
	for t, fact := range f.live.pkg {
		if f.types[t] {
			out = append(out, analysis.PackageFact{Package: f.u.pkg, Fact: fact})
		}
	}
	for path, pkg := range f.visible() {
		n := f.u.direct[path]
		if n == nil || n.facts == nil {
			continue
		}
		for t, b := range n.facts.pkg {
			fact := reflect.New(t.Elem()).Interface().(analysis.Fact)
			if f.types[t] && decodeFact(b, fact) {
				out = append(out, analysis.PackageFact{Package: pkg, Fact: fact})
			}
		}
	}
	slices.SortFunc(out, func(a, b analysis.PackageFact) int {
		return cmp.Or(
			cmp.Compare(a.Package.Path(), b.Package.Path()),
			cmp.Compare(reflect.TypeOf(a.Fact).String(), reflect.TypeOf(b.Fact).String()))
	})
	return out
}

// visibleObject reports whether go vet would hand a fact about obj, an
// object of another package, to this package. unitchecker passes on the
// facts of direct imports, and from further down only those about types,
// fields and methods: a package re-exports no fact about another package's
// functions, variables or constants (x/tools internal/facts, Set.Encode).
// Package facts come from direct imports only. (And a fact can only be
// found for an object the export data of the imports mentions: go vet's
// compiler export data also mentions what inlinable bodies use, the run's
// own does not, which matters only to AllObjectFacts.)
func (f *facts) visibleObject(obj types.Object) bool {
	if f.u.direct[obj.Pkg().Path()] != nil {
		return true
	}
	_, isType := obj.(*types.TypeName)
	return isType || obj.Parent() != obj.Pkg().Scope()
}

// visible returns the imported packages whose types this package saw:
// the direct imports and what their export data mentions.
func (f *facts) visible() map[string]*types.Package {
	out := map[string]*types.Package{}
	for _, imp := range f.u.pkg.Imports() {
		out[imp.Path()] = imp
		for _, ind := range imp.Imports() {
			if _, ok := out[ind.Path()]; !ok {
				out[ind.Path()] = ind
			}
		}
	}
	return out
}
