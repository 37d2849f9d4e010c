package prefilter

import (
	"go/ast"
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"golang.org/x/tools/go/analysis"
)

// ProtocolMarkers are the source texts a driver looks for, before parsing
// a package, that make LockProtocol possible: the declaration of a
// release method.
var ProtocolMarkers = []string{") Unlock(", ") Release(", ") ReleaseLock("}

// LockProtocol reports whether the package declares a type with a lock's
// protocol (vocab.AcquireMethod and vocab.ReleaseMethod methods) whose
// release calls a method named as a store's delete (vocab.StoreDelete:
// Delete, Del, Remove): a lock implemented over a client of its own,
// whose release FC5001 judges although the package imports no library.
func LockProtocol(pass *analysis.Pass) bool {
	acq := map[types.Type]bool{}
	del := map[types.Type]bool{}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || len(fd.Recv.List) != 1 || fd.Body == nil {
				continue
			}
			t := pass.TypesInfo.TypeOf(fd.Recv.List[0].Type)
			if p, ok := t.(*types.Pointer); ok {
				t = p.Elem()
			}
			if t == nil {
				continue
			}
			switch {
			case vocab.AcquireMethod(fd.Name.Name):
				acq[t] = true
			case vocab.ReleaseMethod(fd.Name.Name) && callsDelete(fd.Body):
				del[t] = true
			}
		}
	}
	for t := range del {
		if acq[t] {
			return true
		}
	}
	return false
}

// callsDelete reports whether body calls a method named as a store's
// delete.
func callsDelete(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && !found {
			if sel, ok := c.Fun.(*ast.SelectorExpr); ok {
				if ws := vocab.Words(sel.Sel.Name); len(ws) > 0 && vocab.StoreDelete.MatchWord(ws[0]) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}
