package calls

import (
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
	"golang.org/x/tools/go/ssa"
)

// TestStructField: the Mode of an options struct is known when the
// literal at the call sets it to a constant, or leaves it out; not when it
// is a variable, set on some paths only, or comes from elsewhere.
func TestStructField(t *testing.T) {
	pkg := testutil.BuildSSA(t, `package p

type Args struct {
	Mode string
	TTL  int
}

type base struct{ err error }

func (b *base) Err() error { return b.err }

type Cmd struct{ base }

func set(key string, a Args) *Cmd { return &Cmd{} }

func f(mode string, in Args, nx bool) {
	set("literal", Args{Mode: "NX", TTL: 1})
	set("omitted", Args{TTL: 1})
	set("zero", Args{})
	set("variable", Args{Mode: mode})
	set("param", in)
	a := Args{TTL: 2}
	if nx {
		a.Mode = "NX"
	}
	set("branch", a)
	_ = set("err", Args{}).Err()
}
`)
	got := map[string]string{}
	var cmd *ssa.Call
	for _, b := range pkg.Func("f").Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(*ssa.Call)
			if !ok || c.Call.StaticCallee() == nil || c.Call.StaticCallee().Name() != "set" {
				continue
			}
			key, _ := ConstString(c.Call.Args[0])
			v, known := StructField(c.Call.Args[1], "Mode")
			if !known {
				v = "?"
			}
			got[key] = v
			if key == "err" {
				cmd = c
			}
		}
	}
	want := map[string]string{"literal": "NX", "omitted": "", "zero": "", "variable": "?", "param": "?", "branch": "?"}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("StructField(%s) = %q, want %q", k, got[k], w)
		}
	}
	// Err() is promoted from the embedded base: (*base).Err(&cmd.base).
	if ms := MethodCalls(cmd); len(ms) != 1 || ms[0].Call.StaticCallee().Name() != "Err" {
		t.Errorf("MethodCalls(set(...)) = %v, want the promoted Err()", ms)
	}
}

// TestFieldStoresIn: assignments and composite literals alike are field
// stores; a local variable's store is not one; the sequence stops when
// its consumer does.
func TestFieldStoresIn(t *testing.T) {
	pkg := testutil.BuildSSA(t, `package p

type T struct{ A, B int }

func f(t *T, x int) *T {
	t.A = x
	y := x
	_ = y
	return &T{B: 2}
}
`)
	fn := pkg.Func("f")
	var fields []int
	for _, fa := range FieldStoresIn(fn) {
		fields = append(fields, fa.Field)
	}
	if len(fields) != 2 || fields[0] != 0 || fields[1] != 1 {
		t.Errorf("FieldStoresIn(f) fields = %v, want [0 1] (t.A, then T{B})", fields)
	}
	n := 0
	for range FieldStoresIn(fn) {
		n++
		break
	}
	if n != 1 {
		t.Errorf("FieldStoresIn went on after break")
	}
}
