package dataflow_test

import (
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/dataflow"
	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
	"golang.org/x/tools/go/ssa"
)

// Each function labels the results of src() (and srcB()) and hands the
// values to look at to keep(name, v).
const source = `package p

import "fmt"

type S struct{ f int }

func src() int            { return 4 }
func srcB() int           { return 5 }
func keep(name string, v any) {}
func id(x int) int        { return x }
func fill(dst *int, x int) { *dst = 1 }
func cond() bool          { return true }

func arith() {
	x := src()
	keep("sum", x*2+1)
	keep("neg", -x)
	keep("cmp", x > 3)
}

func conv() {
	x := src()
	keep("int64", int64(x))
	keep("float", float64(x))
}

func phi() {
	v := 0
	if cond() {
		v = src()
	}
	keep("phi", v)
}

func field() {
	s := &S{}
	s.f = src()
	keep("load", s.f)
}

func maps() {
	m := map[string]int{}
	m["k"] = src()
	keep("lookup", m["k"])
}

func capture() {
	x := src()
	f := func() int { return x + 1 }
	keep("closure", f)
}

func call() {
	x := src()
	keep("id", id(x))
	var d int
	fill(&d, x)
	keep("filled", d)
	keep("sprintf", fmt.Sprintf("%d", x))
}

func origins() {
	a := src()
	b := srcB()
	keep("first", a+b)
}
`

func build(t *testing.T) *ssa.Package { return testutil.BuildSSA(t, source) }

// kept returns the values fn hands to keep, by name, before boxing.
func kept(t *testing.T, fn *ssa.Function) map[string]ssa.Value {
	t.Helper()
	out := map[string]ssa.Value{}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(*ssa.Call)
			if !ok || c.Call.StaticCallee() == nil || c.Call.StaticCallee().Name() != "keep" {
				continue
			}
			name := constant.StringVal(c.Call.Args[0].(*ssa.Const).Value)
			out[name] = dataflow.Unwrap(c.Call.Args[1])
		}
	}
	if len(out) == 0 {
		t.Fatalf("%s keeps nothing", fn.Name())
	}
	return out
}

func calleeName(c *ssa.CallCommon) string {
	if fn := c.StaticCallee(); fn != nil {
		if fn.Pkg != nil && fn.Pkg.Pkg.Path() == "fmt" {
			return "fmt." + fn.Name()
		}
		return fn.Name()
	}
	return ""
}

// sources labels each call of src or srcB with the callee's name.
func sources(f *dataflow.Labels[string], instr ssa.Instruction) {
	if c, ok := instr.(*ssa.Call); ok && strings.HasPrefix(calleeName(&c.Call), "src") {
		f.Mark(c, &dataflow.Label[string]{Source: calleeName(&c.Call), Pos: c.Pos()})
	}
}

// generous is the fence taint's shape: every derived value, every call
// that receives the value and the references it is given, every
// container.
func generous() *dataflow.Policy[string] {
	return &dataflow.Policy[string]{
		Source: sources,
		Call: func(f *dataflow.Labels[string], x *ssa.Call, v ssa.Value, l *dataflow.Label[string]) {
			f.Mark(x, l)
			for _, a := range x.Call.Args {
				if a != v && dataflow.IsReference(a.Type()) {
					f.Into(a, l)
				}
			}
		},
		Put: func(f *dataflow.Labels[string], _ ssa.Instruction, _, into ssa.Value, l *dataflow.Label[string]) {
			f.Into(into, l)
		},
	}
}

// narrow is the token-quality shape: computed values, local variables,
// Sprintf, containers held but not labelled, closures analysed with their
// bindings.
func narrow(closures map[*ssa.Function]*dataflow.Labels[string]) *dataflow.Policy[string] {
	p := &dataflow.Policy[string]{Source: sources, Derive: dataflow.Computed}
	p.Call = func(f *dataflow.Labels[string], x *ssa.Call, v ssa.Value, l *dataflow.Label[string]) {
		if calleeName(&x.Call) == "fmt.Sprintf" {
			f.Mark(x, l)
		}
	}
	p.Put = func(f *dataflow.Labels[string], instr ssa.Instruction, v, into ssa.Value, l *dataflow.Label[string]) {
		switch a := into.(type) {
		case *ssa.Alloc:
			f.Mark(a, l)
		case *ssa.IndexAddr:
			f.Hold(dataflow.Root(a), l)
			f.Mark(dataflow.Root(a), l) // the variadic array
		default:
			f.Hold(dataflow.Root(into), l)
		}
	}
	p.Closure = func(f *dataflow.Labels[string], mc *ssa.MakeClosure, v ssa.Value, l *dataflow.Label[string]) {
		fn := mc.Fn.(*ssa.Function)
		inner := dataflow.New(fn, &dataflow.Policy[string]{Derive: dataflow.Computed})
		for i, b := range mc.Bindings {
			if f.Of(b) != nil {
				inner.Mark(fn.FreeVars[i], f.Of(b))
			}
		}
		inner.Run()
		closures[fn] = inner
	}
	return p
}

func run(t *testing.T, pkg *ssa.Package, name string, p *dataflow.Policy[string]) (*dataflow.Labels[string], map[string]ssa.Value) {
	t.Helper()
	fn := pkg.Func(name)
	f := dataflow.New(fn, p)
	f.Run()
	return f, kept(t, fn)
}

// TestPolicies asserts which kept values carry src's label under each
// policy.
func TestPolicies(t *testing.T) {
	pkg := build(t)
	cases := []struct {
		fn               string
		generous, narrow map[string]bool
	}{
		{"arith", map[string]bool{"sum": true, "neg": true, "cmp": true}, map[string]bool{"sum": true, "neg": true, "cmp": false}},
		{"conv", map[string]bool{"int64": true, "float": true}, map[string]bool{"int64": true, "float": true}},
		{"phi", map[string]bool{"phi": true}, map[string]bool{"phi": true}},
		{"field", map[string]bool{"load": true}, map[string]bool{"load": false}},
		{"maps", map[string]bool{"lookup": true}, map[string]bool{"lookup": false}},
		{"capture", map[string]bool{"closure": true}, map[string]bool{"closure": false}},
		{"call", map[string]bool{"id": true, "filled": true, "sprintf": true}, map[string]bool{"id": false, "filled": false, "sprintf": true}},
	}
	for _, c := range cases {
		for _, pol := range []struct {
			name string
			p    *dataflow.Policy[string]
			want map[string]bool
		}{{"generous", generous(), c.generous}, {"narrow", narrow(map[*ssa.Function]*dataflow.Labels[string]{}), c.narrow}} {
			f, vals := run(t, pkg, c.fn, pol.p)
			for name, want := range pol.want {
				v := vals[name]
				if v == nil {
					t.Fatalf("%s keeps no %q", c.fn, name)
				}
				l := f.Of(v)
				if got := l != nil; got != want {
					t.Errorf("%s, %s policy: %q (%s) labelled = %v, want %v", c.fn, pol.name, name, v, got, want)
				}
				if l != nil && l.Source != "src" {
					t.Errorf("%s, %s policy: %q labelled by %q, want src", c.fn, pol.name, name, l.Source)
				}
			}
		}
	}
}

// TestHeld: the narrow policy records the struct and the map a value was
// stored into without labelling what is read back.
func TestHeld(t *testing.T) {
	pkg := build(t)
	for _, fn := range []string{"field", "maps"} {
		f, vals := run(t, pkg, fn, narrow(map[*ssa.Function]*dataflow.Labels[string]{}))
		for name, v := range vals {
			c := dataflow.Strip(v, dataflow.Designators|dataflow.Lookups)
			if f.Held(c) == nil {
				t.Errorf("%s: the container of %q (%s) holds no label", fn, name, c)
			}
		}
	}
}

// TestClosure: the narrow policy hands a closure its labelled binding; the
// closure's result carries it.
func TestClosure(t *testing.T) {
	pkg := build(t)
	closures := map[*ssa.Function]*dataflow.Labels[string]{}
	run(t, pkg, "capture", narrow(closures))
	if len(closures) != 1 {
		t.Fatalf("%d closures analysed, want 1", len(closures))
	}
	for fn, f := range closures {
		if f.Results() != 1 || f.Returned(0) == nil || f.Returned(0).Source != "src" {
			t.Errorf("%s does not return src's label", fn)
		}
	}
}

// TestOrigin: a value computed from two sources keeps the first label to
// reach it, with the position of its source.
func TestOrigin(t *testing.T) {
	pkg := build(t)
	f, vals := run(t, pkg, "origins", generous())
	l := f.Of(vals["first"])
	if l == nil || l.Source != "src" {
		t.Fatalf("a+b labelled %v, want src", l)
	}
	var srcCall *ssa.Call
	for _, b := range pkg.Func("origins").Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok && calleeName(&c.Call) == "src" {
				srcCall = c
			}
		}
	}
	if l.Pos != srcCall.Pos() {
		t.Errorf("the label's position is %v, want src()'s %v", l.Pos, srcCall.Pos())
	}
}

// TestStopAndBound: a value the policy stops carries no label, nor what is
// computed from it only; a bounded walk follows no further.
func TestStopAndBound(t *testing.T) {
	pkg := build(t)
	p := narrow(map[*ssa.Function]*dataflow.Labels[string]{})
	p.Stop = func(v ssa.Value) bool { _, isConv := v.(*ssa.Convert); return isConv }
	f, vals := run(t, pkg, "conv", p)
	if f.Of(vals["int64"]) != nil || f.Of(vals["float"]) != nil {
		t.Errorf("a stopped conversion carries a label")
	}
	p = generous()
	p.MaxVisits = 1
	f, vals = run(t, pkg, "arith", p)
	if f.Of(vals["sum"]) != nil {
		t.Errorf("x*2+1 labelled two steps from the source with one visit allowed")
	}
}

// TestRoot peels the layers asked for and no others.
func TestRoot(t *testing.T) {
	pkg := build(t)
	vals := kept(t, pkg.Func("field"))
	load := vals["load"] // *(&s.f)
	root := dataflow.Root(load)
	if _, ok := root.(*ssa.Alloc); !ok {
		t.Errorf("Root(s.f) = %s, want the allocation of s", root)
	}
	if in, ok := dataflow.Inner(load, dataflow.Fields); ok {
		t.Errorf("Inner(load, Fields) = %s, want no step (a load is not a field)", in)
	}
	if got := dataflow.Strip(load, dataflow.Loads); got == load {
		t.Errorf("Strip(load, Loads) did not peel the load")
	}
	conv := kept(t, pkg.Func("conv"))["int64"]
	if got := dataflow.Unwrap(conv); got != conv {
		t.Errorf("Unwrap peeled a conversion that changes the value")
	}
	if _, ok := dataflow.Strip(conv, dataflow.Converts).(*ssa.Call); !ok {
		t.Errorf("Strip(int64(x), Converts) = %s, want the call src()", dataflow.Strip(conv, dataflow.Converts))
	}
}

// TestInnerExpr peels the syntax layers asked for, parentheses always.
func TestInnerExpr(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "q.go", "package q\nvar p *[]int\nvar x = int64((*p)[0])\nvar y = -x\n", 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}
	if _, err := (&types.Config{}).Check("q", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	value := func(name string) ast.Expr {
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok {
				for _, s := range g.Specs {
					if vs := s.(*ast.ValueSpec); vs.Names[0].Name == name {
						return vs.Values[0]
					}
				}
			}
		}
		return nil
	}
	peel := func(e ast.Expr, layers dataflow.Layers) string {
		for {
			in, ok := dataflow.InnerExpr(e, info, layers)
			if !ok {
				return types.ExprString(e)
			}
			e = in
		}
	}
	for _, c := range []struct {
		expr   string
		layers dataflow.Layers
		want   string
	}{
		{"x", dataflow.Converts | dataflow.Loads | dataflow.Elements, "p"},
		{"x", dataflow.Converts | dataflow.Elements, "(*p)"},
		{"x", dataflow.Loads, "int64((*p)[0])"},
		{"y", dataflow.Unary, "x"},
		{"y", dataflow.AddressOf, "-x"},
	} {
		if got := peel(value(c.expr), c.layers); got != c.want {
			t.Errorf("peeling %s with %b = %s, want %s", c.expr, c.layers, got, c.want)
		}
	}
}
