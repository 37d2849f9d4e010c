package stamplock

import (
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
	"golang.org/x/tools/go/ssa"
)

const src = `package p

import (
	"fmt"
	"strconv"
	"time"
)

func set(key string, v any) {}

func stamps(ttl time.Duration, n int64) {
	set("a", time.Now().Add(ttl).UnixMilli())
	set("b", strconv.FormatInt(time.Now().Unix()+n, 10))
	set("c", fmt.Sprint(time.Now().Add(ttl).Unix()))
	set("d", n)
	set("e", strconv.FormatInt(n, 10))
	set("f", time.Unix(n, 0).Unix())
}
`

// TestClockDerived: a SET NX value computed from time.Now() (through time
// methods, arithmetic, strconv and fmt) is a stamp of this host's clock; a
// value from elsewhere is not.
func TestClockDerived(t *testing.T) {
	pkg := testutil.BuildSSA(t, src)
	want := map[string]bool{"a": true, "b": true, "c": true, "d": false, "e": false, "f": false}
	seen := 0
	for _, b := range pkg.Func("stamps").Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || call.Call.StaticCallee() == nil || call.Call.StaticCallee().Name() != "set" {
				continue
			}
			key := call.Call.Args[0].(*ssa.Const).Value.ExactString()
			key = key[1 : len(key)-1]
			seen++
			if got := clockDerived(call.Call.Args[1], 0); got != want[key] {
				t.Errorf("clockDerived(value of %s) = %v, want %v", key, got, want[key])
			}
		}
	}
	if seen != len(want) {
		t.Fatalf("saw %d calls of set, want %d", seen, len(want))
	}
	// No SET NX of a lock client: no stamped reads.
	if got := Reads([]*ssa.Function{pkg.Func("stamps")}); len(got) != 0 {
		t.Errorf("Reads = %v, want none", got)
	}
}
