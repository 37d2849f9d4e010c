package testutil

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// BuildSSA type-checks one file of Go source, package p importing only
// the standard library, and builds its SSA: the small shapes the core
// packages' unit tests look at.
func BuildSSA(tb testing.TB, src string) *ssa.Package {
	tb.Helper()
	pkg, _, _ := BuildSSAFile(tb, src)
	return pkg
}

// BuildSSAFile is BuildSSA that also returns the file's syntax and type
// information.
func BuildSSAFile(tb testing.TB, src string) (*ssa.Package, *ast.File, *types.Info) {
	tb.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		tb.Fatal(err)
	}
	pkg, info, err := ssautil.BuildPackage(&types.Config{Importer: importer.Default()}, fset, types.NewPackage("p", "p"), []*ast.File{f}, ssa.SanityCheckFunctions)
	if err != nil {
		tb.Fatal(err)
	}
	return pkg, f, info
}

// BuildFuncs is BuildSSA's package-level functions, sorted by name: the
// functions of a package a per-package rule reads.
func BuildFuncs(tb testing.TB, src string) []*ssa.Function {
	tb.Helper()
	pkg := BuildSSA(tb, src)
	var out []*ssa.Function
	for _, m := range pkg.Members {
		if fn, ok := m.(*ssa.Function); ok && fn.Synthetic == "" {
			out = append(out, fn)
		}
	}
	slices.SortFunc(out, func(a, b *ssa.Function) int { return strings.Compare(a.Name(), b.Name()) })
	return out
}

// SQLHeader starts a source for BuildSSA or BuildFuncs whose functions run
// SQL: package p with context, database/sql and time imported (and used),
// and a constant state, running.
const SQLHeader = `package p

import (
	"context"
	"database/sql"
	"time"
)

const running = "running"

var _ = time.Now
`

// SinkArgs returns the first argument of every call of a function named
// sink in fn, in order: the values a fixture hands to the reader under
// test.
func SinkArgs(fn *ssa.Function) []ssa.Value {
	var out []ssa.Value
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok {
				if callee := c.Call.StaticCallee(); callee != nil && callee.Name() == "sink" {
					out = append(out, c.Call.Args[0])
				}
			}
		}
	}
	return out
}
