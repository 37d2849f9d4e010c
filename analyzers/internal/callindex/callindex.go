// Package callindex indexes one package's calls and declarations, once
// per unit of analysis, for the engine and every check that runs on the
// package: the call instructions of its source functions, the static call
// sites of each function, the syntax of each call, the declaration of
// each function and the parent of each syntax node. Each part is built on
// first use and then shared.
package callindex

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"golang.org/x/tools/go/ssa"
)

// Index is the index of one package. It is not safe for concurrent use:
// a unit of analysis runs its checks one after the other.
type Index struct {
	files []*ast.File
	info  *types.Info
	funcs []*ssa.Function

	sites   []Site                                  // built on first use
	callers map[*ssa.Function][]ssa.CallInstruction // by static callee, built on first use
	syntax  map[token.Pos]*ast.CallExpr             // by Lparen, built on first use
	file    map[*ast.CallExpr]*ast.File             // built with syntax
	parent  map[ast.Node]ast.Node                   // built on first use
	decls   map[*types.Func]*ast.FuncDecl           // built on first use
}

// Site is a call, go or defer instruction and the function it is in.
type Site struct {
	Fn   *ssa.Function
	Call ssa.CallInstruction
}

// New returns the index of a package: its syntax and type information, and
// its source functions (the SSA functions the unit analyses).
func New(files []*ast.File, info *types.Info, funcs []*ssa.Function) *Index {
	return &Index{files: files, info: info, funcs: funcs}
}

// Sites returns every call, go and defer instruction of the package's
// source functions, function by function, in instruction order.
func (ix *Index) Sites() []Site {
	if ix.sites == nil {
		ix.sites = []Site{}
		for _, fn := range ix.funcs {
			for ci := range calls.In(fn) {
				ix.sites = append(ix.sites, Site{fn, ci})
			}
		}
	}
	return ix.sites
}

// Callers returns the static call sites of fn (an instance of a generic
// function is its own callee) in the package.
func (ix *Index) Callers(fn *ssa.Function) []ssa.CallInstruction {
	if ix.callers == nil {
		ix.callers = map[*ssa.Function][]ssa.CallInstruction{}
		for _, s := range ix.Sites() {
			if callee := s.Call.Common().StaticCallee(); callee != nil {
				ix.callers[callee] = append(ix.callers[callee], s.Call)
			}
		}
	}
	return ix.callers[fn]
}

// Call returns the call expression whose Lparen is at pos: the syntax of
// a call instruction (ci.Common().Pos()), or nil.
func (ix *Index) Call(pos token.Pos) *ast.CallExpr {
	ix.buildSyntax()
	return ix.syntax[pos]
}

// File returns the file of a call expression of the package.
func (ix *Index) File(c *ast.CallExpr) *ast.File {
	ix.buildSyntax()
	return ix.file[c]
}

func (ix *Index) buildSyntax() {
	if ix.syntax != nil {
		return
	}
	ix.syntax = map[token.Pos]*ast.CallExpr{}
	ix.file = map[*ast.CallExpr]*ast.File{}
	for _, f := range ix.files {
		ast.Inspect(f, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok {
				ix.syntax[c.Lparen] = c
				ix.file[c] = f
			}
			return true
		})
	}
}

// Parent returns the syntax node that encloses n, nil for a file.
func (ix *Index) Parent(n ast.Node) ast.Node {
	if ix.parent == nil {
		ix.parent = map[ast.Node]ast.Node{}
		for _, f := range ix.files {
			var stack []ast.Node
			ast.Inspect(f, func(n ast.Node) bool {
				if n == nil {
					stack = stack[:len(stack)-1]
					return true
				}
				if len(stack) > 0 {
					ix.parent[n] = stack[len(stack)-1]
				}
				stack = append(stack, n)
				return true
			})
		}
	}
	return ix.parent[n]
}

// Decl returns the declaration with a body of a function of the package,
// or nil.
func (ix *Index) Decl(fn *types.Func) *ast.FuncDecl {
	if ix.decls == nil {
		ix.decls = map[*types.Func]*ast.FuncDecl{}
		for _, f := range ix.files {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
					if obj, ok := ix.info.Defs[fd.Name].(*types.Func); ok {
						ix.decls[obj] = fd
					}
				}
			}
		}
	}
	return ix.decls[fn]
}
