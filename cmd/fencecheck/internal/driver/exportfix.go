package driver

import (
	"go/types"

	"golang.org/x/tools/go/packages"
)

// x/tools' export data writer (gcexportdata.Write, v0.52.0) qualifies the
// methods of an interface with the package of the declaration it is
// writing, not with the package that declared the methods, and writes each
// interface once. So for
//
//	package events
//	type ReaderOption stream.ConsumerOption // interface{ apply(*config) }
//
// events' export data says that ReaderOption's method is events.apply. An
// unexported method is identified by its package, so an importer that reads
// both packages finds that stream's options do not implement ReaderOption
// ("missing method apply"), on code the compiler accepts. Whether it
// does depends on which of the two was read first into a shared universe
// (the interface of stream.ConsumerOption, when first read from events'
// data, is wrong in the same way), so the failure came and went between
// runs. The compiler's own export data has no such problem; go vet and the
// golangci-lint plugin use that.
//
// A method's position survives in the export data, and the file it is in
// says which package declared it: after each read, the interfaces that
// newly arrived are repaired, with their unexported methods moved back to
// the package of their file.

// fileOwners maps each Go file of the import graph to its package.
func fileOwners(nodes map[*packages.Package]*node) map[string]*packages.Package {
	owners := map[string]*packages.Package{}
	for p := range nodes {
		for _, f := range p.CompiledGoFiles {
			owners[f] = p
		}
		for _, f := range p.GoFiles {
			owners[f] = p
		}
	}
	return owners
}

// repairInterfaces repairs the defined interface types that the last read
// added to the universe.
func (u *universe) repairInterfaces() {
	if u.owners == nil {
		return
	}
	fixed := map[*types.Interface]*types.Interface{}
	for _, pkg := range u.imports {
		scope := pkg.Scope()
		if u.checked[pkg] == scope.Len() {
			continue // nothing new since the last repair
		}
		u.checked[pkg] = scope.Len()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() {
				continue
			}
			named, ok := tn.Type().(*types.Named)
			if !ok {
				continue
			}
			iface, ok := named.Underlying().(*types.Interface)
			if !ok {
				continue
			}
			if repl, done := fixed[iface]; done {
				if repl != nil {
					named.SetUnderlying(repl)
				}
				continue
			}
			repl := u.repaired(iface)
			fixed[iface] = repl
			if repl != nil {
				named.SetUnderlying(repl)
			}
		}
	}
}

// repaired returns iface with its unexported methods qualified by the
// package of the file that declares them, or nil if they already are.
func (u *universe) repaired(iface *types.Interface) *types.Interface {
	n := iface.NumExplicitMethods()
	var methods []*types.Func
	for i := range n {
		m := iface.ExplicitMethod(i)
		if m.Exported() || m.Pkg() == nil || !m.Pos().IsValid() {
			continue
		}
		owner := u.owners[u.fset.Position(m.Pos()).Filename]
		if owner == nil || owner.PkgPath == m.Pkg().Path() {
			continue
		}
		if methods == nil {
			methods = make([]*types.Func, n)
			for j := range n {
				methods[j] = iface.ExplicitMethod(j)
			}
		}
		methods[i] = types.NewFunc(m.Pos(), u.pkgFor(owner), m.Name(), m.Type().(*types.Signature))
	}
	if methods == nil {
		return nil
	}
	embeddeds := make([]types.Type, iface.NumEmbeddeds())
	for i := range embeddeds {
		embeddeds[i] = iface.EmbeddedType(i)
	}
	return types.NewInterfaceType(methods, embeddeds).Complete()
}

// pkgFor returns the universe's package for p, adding an empty one (to be
// filled when its export data is read) the way the export data reader
// does for a package it meets first in another's data.
func (u *universe) pkgFor(p *packages.Package) *types.Package {
	pkg := u.imports[p.PkgPath]
	if pkg == nil {
		pkg = types.NewPackage(p.PkgPath, p.Name)
		u.imports[p.PkgPath] = pkg
	}
	return pkg
}
