package callindex

import (
	"go/ast"
	"go/types"
	"reflect"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
	"golang.org/x/tools/go/ssa"
)

const src = `package p

func helper(x int) int { return x + 1 }

func id[T any](v T) T { return v }

func f() int {
	a := helper(1)
	defer helper(2)
	g := func() int { return helper(3) }
	return a + g() + id(4)
}

func decl()
`

func TestIndex(t *testing.T) {
	pkg, file, info := testutil.BuildSSAFile(t, src)
	f := pkg.Func("f")
	var lit *ssa.Function
	if len(f.AnonFuncs) == 1 {
		lit = f.AnonFuncs[0]
	}
	funcs := []*ssa.Function{pkg.Func("helper"), f, lit}
	ix := New([]*ast.File{file}, info, funcs)

	// Every call, go and defer of the functions, in order.
	var sites []string
	for _, s := range ix.Sites() {
		sites = append(sites, s.Fn.Name()+":"+s.Call.Common().Value.Name())
	}
	want := []string{"f:helper", "f:helper", "f:f$1", "f:id[int]", "f$1:helper"}
	if !reflect.DeepEqual(sites, want) {
		t.Errorf("Sites: got %v, want %v", sites, want)
	}

	// Static callers, and the syntax of each call.
	var lines []int
	for _, ci := range ix.Callers(pkg.Func("helper")) {
		call := ix.Call(ci.Common().Pos())
		if call == nil {
			t.Fatalf("no syntax for %v", ci)
		}
		if ix.File(call) != file {
			t.Errorf("File of %v: not the file", ci)
		}
		lines = append(lines, pkg.Prog.Fset.Position(call.Pos()).Line)
	}
	if want := []int{8, 9, 10}; !reflect.DeepEqual(lines, want) {
		t.Errorf("Callers(helper) at lines %v, want %v", lines, want)
	}
	if got := ix.Callers(f); len(got) != 0 {
		t.Errorf("Callers(f) = %v, want none", got)
	}

	// Parents: the defer statement encloses its call.
	deferred := ix.Callers(pkg.Func("helper"))[1]
	if _, ok := ix.Parent(ix.Call(deferred.Common().Pos())).(*ast.DeferStmt); !ok {
		t.Errorf("Parent of the deferred call is %T, want *ast.DeferStmt", ix.Parent(ix.Call(deferred.Common().Pos())))
	}
	if ix.Parent(file) != nil {
		t.Errorf("a file has no parent")
	}

	// Declarations with a body.
	obj := func(name string) *types.Func { return pkg.Pkg.Scope().Lookup(name).(*types.Func) }
	if d := ix.Decl(obj("helper")); d == nil || d.Name.Name != "helper" {
		t.Errorf("Decl(helper) = %v", d)
	}
	if d := ix.Decl(obj("decl")); d != nil {
		t.Errorf("Decl(decl) = %v, want nil (no body)", d)
	}
}
