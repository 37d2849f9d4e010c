// Package testunit builds the unit of analysis (package unit) of one small
// source file, for the unit tests of the packages a check is made of. It is
// apart from testutil because the tests of packages that unit imports use
// testutil: testutil importing unit would be a cycle.
package testunit

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/callindex"
	"github.com/fencecheck/fencecheck/analyzers/internal/ssaprog"
	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"golang.org/x/tools/go/analysis"
)

// Build type-checks src (package p, importing only the standard library)
// and returns its unit as the engine makes it: the pass's syntax and
// types, the SSA of its source functions (ssaprog) and their call index.
// It has no sections and no engine.
func Build(tb testing.TB, src string) *unit.Unit {
	tb.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		tb.Fatal(err)
	}
	info := &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Implicits:    map[ast.Node]types.Object{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		Scopes:       map[ast.Node]*types.Scope{},
		Instances:    map[*ast.Ident]types.Instance{},
		FileVersions: map[*ast.File]string{},
	}
	files := []*ast.File{f}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, files, info)
	if err != nil {
		tb.Fatal(err)
	}
	return of(&analysis.Pass{Fset: fset, Files: files, Pkg: pkg, TypesInfo: info})
}

// BuildStubbed is Build for a package at path that imports the
// repository's library stubs under the directories stubs of testdata/src
// (testutil.LoadStubbed).
func BuildStubbed(tb testing.TB, path, src string, stubs ...string) *unit.Unit {
	tb.Helper()
	p := testutil.LoadStubbed(tb, path, src, stubs...)[0]
	return of(&analysis.Pass{Fset: p.Fset, Files: p.Syntax, Pkg: p.Types, TypesInfo: p.TypesInfo})
}

func of(pass *analysis.Pass) *unit.Unit {
	ssaPkg, funcs := ssaprog.Build(pass)
	return &unit.Unit{Pass: pass, Pkg: ssaPkg, Funcs: funcs, Index: callindex.New(pass.Files, pass.TypesInfo, funcs)}
}
