package annotation

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/model"
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
	// The annotations compiled into the knowledge base's types.
	lib := s.Library
	if len(lib.Locks) != 2 || lib.Locks[0] != get("Acquire").Lock || lib.Locks[0].Lib != "lock Acquire" ||
		lib.Locks[0].Success != model.BoolTrue || lib.Locks[0].Result != 0 ||
		len(lib.Locks[0].Release) != 1 || lib.Locks[0].Release[0] != (model.Func{Pkg: "p", Name: "Release"}) {
		t.Errorf("locks: %+v", lib.Locks)
	}
	if l := lib.Locks[1]; l.Acquire[0] != (model.Func{Pkg: "p", Recv: "Locker", Name: "TryLock"}) {
		t.Errorf("interface method lock: %+v", l.Acquire)
	}
	if len(lib.Sinks) != 1 || lib.Sinks[0] != get("Charge").Sink || lib.Sinks[0].Funcs[0] != (model.Func{Pkg: "p", Name: "Charge"}) ||
		len(lib.Sinks[0].CarriedBy) != 2 || lib.Sinks[0].Cond != model.CondRequest {
		t.Errorf("sinks: %+v", lib.Sinks)
	}
	if len(lib.Fences) != 1 || lib.Fences[0].Name != "Epoch" || len(lib.Validity) != 1 || lib.Validity[0].Name != "Valid" {
		t.Errorf("fences %v, checks %v", lib.Fences, lib.Validity)
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
