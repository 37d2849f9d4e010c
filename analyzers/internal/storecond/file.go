package storecond

import (
	"go/constant"
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"golang.org/x/tools/go/ssa"
)

// A file system is a store too: a lock file or directory is taken by a
// create that fails when the name exists, which the kernel decides
// atomically.

// Create is a file create: the path it creates and whether it fails when
// the path exists (an exclusive create, the condition of a lock file).
type Create struct {
	Path      ssa.Value
	Exclusive bool
	// Known is false when the flags are not constant.
	Known bool
}

// fileCreates are the standard library's creates: the index of the path
// they create, and how they treat an existing one.
var fileCreates = []struct {
	fn   model.Func
	path int
	flag int  // the index of the open flags, or -1
	excl bool // without flags: fails when the path exists
}{
	{model.Func{Pkg: "os", Name: "OpenFile"}, 0, 1, false},
	{model.Func{Pkg: "os", Name: "Mkdir"}, 0, -1, true},
	{model.Func{Pkg: "os", Name: "Link"}, 1, -1, true},
	{model.Func{Pkg: "os", Name: "Create"}, 0, -1, false}, // truncates what exists
}

// FileCreate returns the file create ci is (os.OpenFile, os.Mkdir,
// os.Link, os.Create), or nil.
func FileCreate(ci ssa.CallInstruction) *Create {
	c := ci.Common()
	fn := calls.Callee(c)
	for _, fc := range fileCreates {
		if !fc.fn.Matches(fn) {
			continue
		}
		cr := &Create{Path: calls.Arg(c, fc.path), Exclusive: fc.excl, Known: true}
		if fc.flag >= 0 {
			bits, ok := exclusiveBits(fn.Pkg())
			k, isConst := calls.Arg(c, fc.flag).(*ssa.Const)
			if !ok || !isConst || k.Value == nil {
				cr.Known = false
				return cr
			}
			cr.Exclusive = k.Int64()&bits == bits
		}
		return cr
	}
	return nil
}

// exclusiveBits returns os.O_CREATE|os.O_EXCL, read from the package
// (their values differ by operating system).
func exclusiveBits(pkg *types.Package) (int64, bool) {
	var bits int64
	for _, name := range []string{"O_CREATE", "O_EXCL"} {
		c, ok := pkg.Scope().Lookup(name).(*types.Const)
		if !ok {
			return 0, false
		}
		v, ok := constant.Int64Val(constant.ToInt(c.Val()))
		if !ok {
			return 0, false
		}
		bits |= v
	}
	return bits, true
}
