package flow_test

import (
	"fmt"
	"go/token"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/flow"
	"github.com/fencecheck/fencecheck/analyzers/internal/section"
	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
	"golang.org/x/tools/go/ssa"
)

// TestLockedFlow checks what BenchmarkAnalyze measures: the revision
// reaches the fenced writes (one in ten statements), and the arithmetic on
// the row's value (v = v*3 + i) does not carry it.
func TestLockedFlow(t *testing.T) {
	fn := testutil.LoadLocked(t, 100)
	toks := flow.Analyze(fn, section.Find(fn)[0].Seeds, flow.NewFields())
	fenced, products := 0, 0
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.MakeInterface: // the token boxed into the variadic ...any
				if x.X.Type().String() == "int64" && toks.Has(x) && toks.Has(x.X) {
					fenced++
				}
			case *ssa.BinOp:
				if x.Op == token.MUL && toks.Has(x) {
					products++
				}
			}
		}
	}
	if fenced != 10 {
		t.Errorf("the token is boxed for %d writes, want the 10 fenced ones", fenced)
	}
	if products > 0 {
		t.Errorf("%d products v*3 carry the token", products)
	}
}

// BenchmarkAnalyze measures following the fencing token through a function
// with n statements; ns/stmt must stay flat as n grows.
func BenchmarkAnalyze(b *testing.B) {
	for _, n := range []int{100, 1000, 10000} {
		b.Run(fmt.Sprintf("stmts=%d", n), func(b *testing.B) {
			fn := testutil.LoadLocked(b, n)
			seeds := section.Find(fn)[0].Seeds
			b.ReportAllocs()
			for b.Loop() {
				flow.Analyze(fn, seeds, flow.NewFields())
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/stmt")
		})
	}
}
