package wallclock

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/dataflow"
)

// Look-alikes FC4001 keeps silent because nothing in them crosses a host
// boundary, whatever their names say:
//
//   - an in-process lock or lease table: a map of entries with a deadline,
//     kept in a struct together with the sync.Mutex (or RWMutex) that
//     guards it. The deadline is written and compared by the same process
//     under that mutex; it is the lock's own state, not a shadow of a
//     coordinator's TTL (a development stand-in for a Redis lock passes its
//     TTL to redsync elsewhere, which makes the duration a lock TTL);
//   - a struct guarded by an embedded sync.RWMutex is not a lease record
//     because its mutex field is named "Mutex";
//   - an enum compared with a constant (State == JOINING) is no comparison
//     of instants, even inside a record read from storage;
//   - two values of the same field compared (a heap or a sort ordering
//     expiries) involve no clock reading;
//   - test files assert on timestamps; they hold no lease across hosts.

// sameField reports whether both operands of a comparison read the same
// field or map (h[i].expiry < h[j].expiry): an ordering of stored values,
// not a comparison with the clock.
func (w *checker) sameField(a, b ast.Expr) bool {
	fa, fb := w.fieldOf(a), w.fieldOf(b)
	return fa != nil && fa == fb
}

// fieldOf returns the field or variable an operand reads, through
// conversions, address-of, dereferences, calls of methods of time.Time
// without arguments (t.Unix()) and index expressions.
func (w *checker) fieldOf(e ast.Expr) types.Object {
	for i := 0; i < 8; i++ {
		if in, ok := dataflow.InnerExpr(e, w.info, dataflow.AddressOf|dataflow.Loads|dataflow.Elements); ok {
			e = in
			continue
		}
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			if sel := w.info.Selections[x]; sel != nil && sel.Kind() == types.FieldVal {
				return sel.Obj()
			}
			return nil
		case *ast.CallExpr:
			if recv := w.RecvExpr(x); recv != nil && len(x.Args) == 0 {
				e = recv
				continue
			}
			return nil
		default:
			return nil
		}
	}
	return nil
}

// testFile reports whether pos lies in a _test.go file.
func (w *checker) testFile(pos token.Pos) bool {
	return calls.InTestFile(w.u.Pass.Fset, pos)
}
