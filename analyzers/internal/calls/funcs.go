package calls

import (
	"go/build"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"golang.org/x/tools/go/ssa"
)

// This file answers questions about functions and operands that the
// checks ask as often as the questions about calls: where a function is
// declared, which literal encloses which, which struct field an index
// names, whether an operator orders its operands.

// Outermost returns the declared function a function literal is nested in
// (at any depth), or fn itself when it is not a literal.
func Outermost(fn *ssa.Function) *ssa.Function {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	return fn
}

// Encloses reports whether inner is outer or a function literal nested in
// it.
func Encloses(outer, inner *ssa.Function) bool {
	for f := inner; f != nil; f = f.Parent() {
		if f == outer {
			return true
		}
	}
	return false
}

// Local reports whether fn has a body declared in pkg: a function, method
// or literal of the package. An instance of one of its generic functions,
// which SSA builds without a package, is not (see LocalOrInstance).
func Local(fn *ssa.Function, pkg *ssa.Package) bool {
	return fn != nil && len(fn.Blocks) > 0 && fn.Pkg != nil && fn.Pkg == pkg
}

// LocalOrInstance is Local, counting also the instances of pkg's generic
// functions and of the methods of its generic types.
func LocalOrInstance(fn *ssa.Function, pkg *ssa.Package) bool {
	if fn == nil || len(fn.Blocks) == 0 {
		return false
	}
	if fn.Pkg != nil {
		return fn.Pkg == pkg
	}
	o := Outermost(fn).Origin()
	return o != nil && o.Pkg == pkg
}

// FieldVar returns field i of the struct t is or points to, or nil.
func FieldVar(t types.Type, i int) *types.Var {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if s, ok := t.Underlying().(*types.Struct); ok && i >= 0 && i < s.NumFields() {
		return s.Field(i)
	}
	return nil
}

// IsOrder reports whether op orders its operands: < <= > >=.
func IsOrder(op token.Token) bool {
	return op == token.LSS || op == token.LEQ || op == token.GTR || op == token.GEQ
}

// IsComparison reports whether op compares its operands: an order or
// == and !=.
func IsComparison(op token.Token) bool {
	return IsOrder(op) || op == token.EQL || op == token.NEQ
}

// ReceiverNamed returns the named type of fn's receiver (without pointer
// and type arguments), or nil for a plain function or an interface method.
func ReceiverNamed(fn *types.Func) *types.Named {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return nil
	}
	t := sig.Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil
	}
	if _, isIface := n.Underlying().(*types.Interface); isIface {
		return nil
	}
	return n.Origin()
}

// UserInterface reports whether an interface call's method belongs to an
// interface declared outside the standard library. A standard interface
// (io.Writer, fmt.Stringer, http.Handler) is a generic contract that
// unrelated types of the program implement; resolving it across packages
// would attribute every one of their effects to any Write or ServeHTTP.
func UserInterface(c *ssa.CallCommon) bool {
	if c.Method == nil || c.Method.Pkg() == nil {
		return false // error.Error
	}
	return UserPackage(c.Method.Pkg().Path())
}

// UserPackage reports whether the package with import path path is outside
// the standard library.
func UserPackage(path string) bool {
	if std, ok := stdPackages.Load(path); ok {
		return !std.(bool)
	}
	fi, err := os.Stat(filepath.Join(build.Default.GOROOT, "src", filepath.FromSlash(path)))
	std := err == nil && fi.IsDir()
	stdPackages.Store(path, std)
	return !std
}

var stdPackages sync.Map // import path -> bool

// InTestFile reports whether pos lies in a _test.go file (the file as
// written, whatever //line directives say).
func InTestFile(fset *token.FileSet, pos token.Pos) bool {
	return strings.HasSuffix(fset.PositionFor(pos, false).Filename, "_test.go")
}

// TestDouble reports whether the package path names a package of test
// doubles: mock*, fake*, *test or *mocks.
func TestDouble(path string) bool {
	name := strings.ToLower(filepath.Base(path))
	return strings.HasPrefix(name, "mock") || strings.HasPrefix(name, "fake") ||
		strings.HasSuffix(name, "test") || strings.HasSuffix(name, "mocks")
}

// Before reports whether a runs before b on every path to b (in one
// function).
func Before(a, b ssa.Instruction) bool {
	if a.Block() != b.Block() {
		return a.Block().Dominates(b.Block())
	}
	for _, instr := range a.Block().Instrs {
		switch instr {
		case a:
			return true
		case b:
			return false
		}
	}
	return false
}

// Reaches reports whether b can run after a (in one function): later in
// a's block, or in a block reachable from it.
func Reaches(a, b ssa.Instruction) bool {
	if a.Block() == b.Block() && Before(a, b) {
		return true
	}
	seen := map[*ssa.BasicBlock]bool{}
	stack := append([]*ssa.BasicBlock(nil), a.Block().Succs...)
	for len(stack) > 0 {
		blk := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[blk] {
			continue
		}
		if blk == b.Block() {
			return true
		}
		seen[blk] = true
		stack = append(stack, blk.Succs...)
	}
	return false
}

// StructOf returns the struct a type is, or points to.
func StructOf(t types.Type) (*types.Struct, bool) {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	return st, ok
}

// ArgFor returns what call c passes for v when v is a parameter of the
// function c calls (a receiver is its first argument), and v otherwise:
// a key or a name a helper is handed, seen at its caller.
func ArgFor(c *ssa.CallCommon, v ssa.Value) ssa.Value {
	p, ok := v.(*ssa.Parameter)
	if !ok || c == nil {
		return v
	}
	if i := ParamIndex(p.Parent(), p); i >= 0 && i < len(c.Args) {
		return c.Args[i]
	}
	return v
}

// ParamIndex is p's index in fn.Params (the receiver first for methods),
// or -1.
func ParamIndex(fn *ssa.Function, p *ssa.Parameter) int {
	for i, q := range fn.Params {
		if q == p {
			return i
		}
	}
	return -1
}
