package driver

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// A related location in another package's file, read from export data
// (one byte per line, with a line table only up to its last declaration),
// resolves to the line it names, also past that table; one in the
// package's own files resolves as usual.
func TestRelatedInExportedFile(t *testing.T) {
	fset := token.NewFileSet()
	own, err := parser.ParseFile(fset, "own.go", "package p\n\nfunc F() {\n}\n", 0)
	if err != nil {
		t.Fatal(err)
	}
	fake := fset.AddFile("/mod/dep/dep.go", -1, 1<<16)
	lines := make([]int, 11) // declarations up to line 11
	for i := range lines {
		lines[i] = i
	}
	fake.SetLines(lines)
	d := analysis.Diagnostic{Pos: own.Decls[0].Pos(), Message: "m", Related: []analysis.RelatedInformation{
		{Pos: token.Pos(fake.Base() + 10), Message: "declared"}, // line 11
		{Pos: token.Pos(fake.Base() + 18), Message: "written"},  // line 19, past the table
		{Pos: own.Decls[0].Pos(), Message: "own"},
	}}
	got := resolve(fset, []*ast.File{own}, d)
	for i, want := range []struct {
		file string
		line int
	}{{"/mod/dep/dep.go", 11}, {"/mod/dep/dep.go", 19}, {"own.go", 3}} {
		if p := got.Related[i].Pos; p.Filename != want.file || p.Line != want.line {
			t.Errorf("related %d: got %s:%d, want %s:%d", i, p.Filename, p.Line, want.file, want.line)
		}
	}
}
