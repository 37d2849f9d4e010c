package annotation

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	src := `package p

//fencecheck:lock success=bool
func Acquire() (bool, error) { return true, nil }

//fencecheck:release
func Release() {}

//fencecheck:sink carried_by=1,2
func Charge(a, tok int) {}

//fencecheck:fence
func Epoch() int64 { return 0 }

//fencecheck:check
func Valid() bool { return true }

//fencecheck:lokc
func Typo() {}

//fencecheck:sink carried_by=x
func Bad() {}

type Lease struct {
	//fencecheck:fence
	Epoch int64
	Owner string //fencecheck:sink
}

type Locker interface {
	//fencecheck:lock success=bool
	TryLock() (bool, error)
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	s := Parse([]*ast.File{f}, info)
	get := func(name string) *Func { return s.Funcs[pkg.Scope().Lookup(name).(*types.Func)] }
	if a := get("Acquire"); a == nil || a.Kind != Lock || !a.Bool {
		t.Errorf("Acquire: %+v", a)
	}
	if a := get("Release"); a == nil || a.Kind != Release {
		t.Errorf("Release: %+v", a)
	}
	if a := get("Charge"); a == nil || a.Kind != Sink || len(a.CarriedBy) != 2 || a.CarriedBy[1] != 2 {
		t.Errorf("Charge: %+v", a)
	}
	if a := get("Epoch"); a == nil || a.Kind != Fence {
		t.Errorf("Epoch: %+v", a)
	}
	if a := get("Valid"); a == nil || a.Kind != Check {
		t.Errorf("Valid: %+v", a)
	}
	if get("Typo") != nil || get("Bad") != nil {
		t.Errorf("malformed annotations were accepted")
	}
	lease := pkg.Scope().Lookup("Lease").Type().Underlying().(*types.Struct)
	if !s.Fields[lease.Field(0)] || s.Fields[lease.Field(1)] {
		t.Errorf("fields: %v", s.Fields)
	}
	locker := pkg.Scope().Lookup("Locker").Type().Underlying().(*types.Interface)
	if a := s.Funcs[locker.Method(0)]; a == nil || a.Kind != Lock || !a.Bool {
		t.Errorf("interface method TryLock: %+v", a)
	}
	if len(s.Problems) != 3 {
		t.Fatalf("got %d problems, want 3: %+v", len(s.Problems), s.Problems)
	}
	for i, want := range []string{"unknown annotation", "carried_by wants parameter indexes", "only //fencecheck:fence applies to fields"} {
		if !strings.Contains(s.Problems[i].Message, want) {
			t.Errorf("problem %d = %q, want %q", i, s.Problems[i].Message, want)
		}
	}
}

func FuzzParseFunc(f *testing.F) {
	for _, s := range []string{"//fencecheck:lock success=bool", "//fencecheck:sink carried_by=1,2", "//fencecheck:", "//fencecheck:check x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := parseFunc(s)
		if (a == nil) == (err == nil) {
			t.Fatalf("%q: annotation %v and error %v", s, a, err)
		}
	})
}
