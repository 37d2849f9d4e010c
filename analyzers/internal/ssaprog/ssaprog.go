// Package ssaprog builds go/ssa for one analysis pass on demand.
//
// It does what x/tools' buildssa pass does, but only when the engine asks:
// most packages of a code base contain no lock API and must not pay for SSA
// (see docs/performance.md). Like buildssa it creates the package's
// dependencies without bodies, so building SSA for a package never builds
// SSA for its imports.
package ssaprog

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// Build returns the SSA package of pass and its source functions (declared
// functions, methods and, recursively, their function literals) in source
// order.
func Build(pass *analysis.Pass) (*ssa.Package, []*ssa.Function) {
	prog := ssa.NewProgram(pass.Fset, ssa.InstantiateGenerics)
	// Like buildssa, create only the direct imports (without bodies): SSA
	// creates the members of other packages on demand. Creating the whole
	// import graph cost 61% of the CPU and 86% of the allocations on
	// client-go (docs/performance.md).
	for _, p := range pass.Pkg.Imports() {
		prog.CreatePackage(p, nil, nil, true)
	}
	pkg := prog.CreatePackage(pass.Pkg, pass.Files, pass.TypesInfo, false)
	pkg.Build()

	var funcs []*ssa.Function
	var add func(fn *ssa.Function)
	add = func(fn *ssa.Function) {
		if fn == nil || len(fn.Blocks) == 0 {
			return
		}
		funcs = append(funcs, fn)
		for _, anon := range fn.AnonFuncs {
			add(anon)
		}
	}
	for _, f := range pass.Files {
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			add(prog.FuncValue(obj))
		}
	}
	// Package initialisers hold the function literals of package-level
	// variables (var handler = func() {...}).
	if init := pkg.Func("init"); init != nil {
		for _, anon := range init.AnonFuncs {
			add(anon)
		}
	}
	return pkg, funcs
}
