package sqlcall

import (
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
	"golang.org/x/tools/go/ssa"
)

// TestBound: a placeholder of the driver is bound from the call's
// arguments, a spliced value from the Go value formatted into the text.
func TestBound(t *testing.T) {
	src := `package p

import "fmt"

func exec(q string, args ...any) {}

func f(tok, id int64) {
	exec(fmt.Sprintf("UPDATE t SET a = 1 WHERE id = $1 AND fence <= %d", tok), id)
}
`
	pkg := testutil.BuildSSA(t, src)
	fn := pkg.Func("f")
	var call *ssa.Call
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok && c.Call.StaticCallee() == pkg.Func("exec") {
				call = c
			}
		}
	}
	sc, ok := Read(&call.Call, 0, 1, nil)
	if !ok {
		t.Fatal("text unknown")
	}
	if sc.Constant {
		t.Error("a formatted statement is reported constant")
	}
	tok, id := fn.Params[0], fn.Params[1]
	bound := map[string]ssa.Value{}
	for _, p := range sc.Parse().Placeholders {
		b := sc.Bound(p)
		bound[p.String()] = b.Value
	}
	if v := bound["$1"]; v == nil || unwrap(v) != id {
		t.Errorf("$1 bound to %v, want id", v)
	}
	if v := bound["@fc_hole_1"]; v != tok {
		t.Errorf("@fc_hole_1 bound to %v, want tok (placeholders %v)", v, sc.Parse().Placeholders)
	}
}

func unwrap(v ssa.Value) ssa.Value {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		return mi.X
	}
	return v
}
