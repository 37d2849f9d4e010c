package calls

import (
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
	"golang.org/x/tools/go/ssa"
)

// TestConstString recovers SQL text built from constants and refuses
// everything else ("unknown" is never guessed).
func TestConstString(t *testing.T) {
	src := `package p

import (
	"fmt"
	"strings"
)

const table = "accounts"

func sink(string) {}

func f(dyn string) {
	sink("UPDATE " + table + " SET a = 1")                                  // 0
	sink(fmt.Sprintf("UPDATE %s SET a = %d", table, 2))                      // 1
	sink(strings.Join([]string{"UPDATE t", "SET a = 1"}, " "))               // 2
	sink(fmt.Sprintf("UPDATE %s SET a = 1", dyn))                            // 3
	sink("UPDATE " + dyn)                                                    // 4
}
`
	want := []struct {
		text string
		ok   bool
	}{
		{"UPDATE accounts SET a = 1", true},
		{"UPDATE accounts SET a = 2", true},
		{"UPDATE t SET a = 1", true},
		{"", false},
		{"", false},
	}
	pkg := testutil.BuildSSA(t, src)
	var got []ssa.Value
	for _, b := range pkg.Func("f").Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok {
				if fn := c.Call.StaticCallee(); fn != nil && fn.Name() == "sink" {
					got = append(got, c.Call.Args[0])
				}
			}
		}
	}
	if len(got) != len(want) {
		t.Fatalf("found %d sink calls, want %d", len(got), len(want))
	}
	for i, v := range got {
		text, ok := ConstString(v)
		if text != want[i].text || ok != want[i].ok {
			t.Errorf("call %d: ConstString = %q, %v; want %q, %v", i, text, ok, want[i].text, want[i].ok)
		}
	}
}

// TestErrorResult: the error of (T, error), the call itself for a lone
// error, nothing for a call with no error result.
func TestErrorResult(t *testing.T) {
	pkg := testutil.BuildSSA(t, `package p

func pair() (int, error) { return 0, nil }
func lone() error        { return nil }
func none() int          { return 0 }

func f() {
	_, _ = pair()
	_ = lone()
	_ = none()
}
`)
	got := map[string]string{}
	for _, b := range pkg.Func("f").Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok {
				kind := "nil"
				switch v := ErrorResult(c); {
				case v == c:
					kind = "call"
				case v != nil:
					kind = "extract"
				}
				got[c.Call.StaticCallee().Name()] = kind
			}
		}
	}
	want := map[string]string{"pair": "extract", "lone": "call", "none": "nil"}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("ErrorResult(%s()) = %s, want %s", k, got[k], w)
		}
	}
}
