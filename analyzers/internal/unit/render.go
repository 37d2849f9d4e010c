package unit

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"path/filepath"

	"golang.org/x/tools/go/ssa"
)

// The checks' messages name places and calls the same way, whichever
// package of a check writes them.

// Where renders a position as "file.go:12" for messages.
func (u *Unit) Where(pos token.Pos) string {
	p := u.Pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}

// Span returns the source range of the call expression of ci (the whole
// `rdb.Del(ctx, key)`), falling back to the instruction's position.
func (u *Unit) Span(ci ssa.CallInstruction) (token.Pos, token.Pos) {
	if ce := u.Index.Call(ci.Common().Pos()); ce != nil {
		return ce.Pos(), ce.End()
	}
	return ci.Pos(), token.NoPos
}

// CallName renders the function a call calls as the code writes it
// ("l.store.UpdateLease"), or the callee's name.
func (u *Unit) CallName(ci ssa.CallInstruction, callee *types.Func) string {
	if ce := u.Index.Call(ci.Common().Pos()); ce != nil {
		return u.Source(ce.Fun)
	}
	return callee.Name()
}

// Source renders an expression as Go source.
func (u *Unit) Source(e ast.Expr) string {
	var b bytes.Buffer
	if err := format.Node(&b, u.Pass.Fset, e); err != nil {
		return types.ExprString(e)
	}
	return b.String()
}
