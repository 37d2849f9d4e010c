package engine

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/fact"
	"github.com/fencecheck/fencecheck/analyzers/internal/program"
	"golang.org/x/tools/go/analysis"
)

const reachSrc = `package orders

import "context"

type Locker interface {
	LockOrder(ctx context.Context, id int64) error
	UnlockOrder(ctx context.Context, id int64) error
	Held(id int64) bool
	Name() string
}

type Service struct{ L Locker }

func (s *Service) Pay(ctx context.Context, id int64) error {
	if err := s.L.LockOrder(ctx, id); err != nil {
		return err
	}
	defer s.L.UnlockOrder(ctx, id)
	_ = s.L.Held(id)
	_ = s.L.Name()
	return nil
}
`

// A package that takes a lock only through its own interface: its calls
// that can report success are wanted in the first pass, and it is admitted
// in the further pass only when an implementation acquires.
func TestAdmitByInterface(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "orders.go", reachSrc, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Selections: map[*ast.SelectorExpr]*types.Selection{}}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("example.com/orders", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	pass := &analysis.Pass{Fset: fset, Files: []*ast.File{f}, Pkg: pkg, TypesInfo: info}
	keys := interfaceAcquisitions(pass)
	slices.Sort(keys)
	want := []string{
		"Held func(int64) bool",
		"LockOrder func(context.Context, int64) error",
		"UnlockOrder func(context.Context, int64) error",
	}
	if !slices.Equal(keys, want) {
		t.Errorf("wanted acquisitions %q, want %q (Name reports no success)", keys, want)
	}
	prog := program.NewProgram()
	if admitByInterface(pass, prog) {
		t.Error("admitted in the first pass")
	}
	if w := prog.Wanted(); len(w) != 0 {
		t.Errorf("answers %v before any implementation is known", w)
	}
	lock := program.Impl{Pkg: "example.com/orderlock", Type: "Locker", Methods: map[string]string{}}
	prog.Add(types.NewPackage("example.com/orderlock", "orderlock"), "UnlockOrder func(context.Context, int64) error", lock)
	prog.Resolve()
	if admitByInterface(pass, prog) {
		t.Error("admitted although no implementation acquires")
	}
	lock.Acquire = &fact.AcquireFact{}
	prog.Add(types.NewPackage("example.com/orderlock2", "orderlock2"), "LockOrder func(context.Context, int64) error", lock)
	if !admitByInterface(pass, prog) {
		t.Error("not admitted although an implementation of LockOrder acquires")
	}
}
