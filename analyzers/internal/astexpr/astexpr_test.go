package astexpr

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"reflect"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
)

const src = `package p

import "fmt"

type T struct{ n int }

func (t *T) m(a int) {}

var script = fmt.Sprint("return 1")

func exec(q string, args ...any) {}

func f(t *T, p *int) {
	const q = "UPDATE t"
	once := T{n: 1}
	twice := 1
	twice = 2
	args := []any{1, 2}
	args = append(args, 3)
	mixed := []any{1}
	mixed = nil
	t.m(once.n)
	exec(q, args...)
	exec(q, mixed...)
	exec(q, 7, 8)
	*p = twice
	fmt.Println(script)
}
`

// find returns the calls in f whose function's name is name, in order.
func find(f *ast.File, name string) []*ast.CallExpr {
	var out []*ast.CallExpr
	ast.Inspect(f, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			switch fun := c.Fun.(type) {
			case *ast.Ident:
				if fun.Name == name {
					out = append(out, c)
				}
			case *ast.SelectorExpr:
				if fun.Sel.Name == name {
					out = append(out, c)
				}
			}
		}
		return true
	})
	return out
}

func exprs(es []ast.Expr) []string {
	var out []string
	for _, e := range es {
		out = append(out, types.ExprString(e))
	}
	return out
}

func TestReader(t *testing.T) {
	pkg, file, info := testutil.BuildSSAFile(t, src)
	r := &Reader{Info: info, Pkg: pkg.Pkg, Files: []*ast.File{file}}

	m := find(file, "m")[0]
	if fn := r.Callee(m); fn == nil || fn.Name() != "m" {
		t.Errorf("Callee(t.m(...)) = %v, want m", fn)
	}
	if recv := r.RecvExpr(m); recv == nil || types.ExprString(recv) != "t" {
		t.Errorf("RecvExpr(t.m(...)) = %v, want t", recv)
	}
	if got := r.Target(m.Args[0]); got == nil || got.Name() != "n" {
		t.Errorf("Target(once.n) = %v, want the field n", got)
	}

	execs := find(file, "exec")
	if s, ok := r.ConstString(execs[0].Args[0]); !ok || s != "UPDATE t" {
		t.Errorf("ConstString(q) = %q, %v", s, ok)
	}
	if got := exprs(r.BindExprs(execs[0], 1)); !reflect.DeepEqual(got, []string{"1", "2"}) {
		t.Errorf("BindExprs(args...) = %v, want the literal's elements", got)
	}
	if got := r.BindExprs(execs[1], 1); got != nil {
		t.Errorf("BindExprs(mixed...) = %v, want nil: the slice is reassigned", exprs(got))
	}
	if got := exprs(r.BindExprs(execs[2], 1)); !reflect.DeepEqual(got, []string{"7", "8"}) {
		t.Errorf("BindExprs(7, 8) = %v", got)
	}

	// A variable assigned once resolves to its literal; one assigned twice
	// does not.
	once := r.Target(m.Args[0].(*ast.SelectorExpr).X)
	if def, ok := r.SingleDef(once).(*ast.CompositeLit); !ok || len(def.Elts) != 1 {
		t.Errorf("SingleDef(once) = %v, want T{n: 1}", def)
	}
	if lit, ok := r.ResolveLit(m.Args[0].(*ast.SelectorExpr).X).(*ast.CompositeLit); !ok || len(lit.Elts) != 1 {
		t.Errorf("ResolveLit(once) = %v, want T{n: 1}", lit)
	}
	var twice types.Object
	for id, o := range info.Defs {
		if id.Name == "twice" {
			twice = o
		}
	}
	if def := r.SingleDef(twice); def != nil {
		t.Errorf("SingleDef(twice) = %v, want nil", types.ExprString(def))
	}

	// A package variable's value.
	v := pkg.Pkg.Scope().Lookup("script").(*types.Var)
	if e := r.PkgVarValue(v); e == nil || types.ExprString(e) != `fmt.Sprint("return 1")` {
		t.Errorf("PkgVarValue(script) = %v", e)
	}
	if id := Ident(&ast.ParenExpr{X: ast.NewIdent("x")}); id == nil || id.Name != "x" {
		t.Errorf("Ident((x)) = %v", id)
	}
}

// TestAppended: every element a slice variable is given, made by make and
// grown by append; nil when the variable is assigned anything else.
func TestAppended(t *testing.T) {
	fset := token.NewFileSet()
	src := `package p

func f(x, y, z int, other []any) {
	dest := make([]any, 0, 3)
	dest = append(dest, &x, &y)
	dest = append(dest, &z)
	use(dest...)
	mixed := []any{&x}
	mixed = other
	use(mixed...)
}

func use(...any) {}
`
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	pkg, err := (&types.Config{}).Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	r := &Reader{Info: info, Pkg: pkg, Files: []*ast.File{f}}
	var spreads []ast.Expr
	ast.Inspect(f, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && c.Ellipsis.IsValid() {
			spreads = append(spreads, c.Args[len(c.Args)-1])
		}
		return true
	})
	if len(spreads) != 2 {
		t.Fatalf("%d spreads, want 2", len(spreads))
	}
	if got := r.Appended(spreads[0]); len(got) != 3 {
		t.Errorf("dest: %d elements, want 3", len(got))
	}
	if got := r.Appended(spreads[1]); got != nil {
		t.Errorf("mixed: %d elements, want nil (assigned another slice)", len(got))
	}
}
