//go:build unix

package analyzers_test

import (
	"fmt"
	"syscall"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers"
	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// scalingSizes are the statement counts of the generated critical section
// (testutil.LockedSource); 0 is the baseline (an empty section), whose cost
// is subtracted to give the marginal cost per statement.
var scalingSizes = []int{0, 100, 1000, 3000, 10000}

// analyzeLocked runs every check on the generated package (and, for
// facts, its dependencies) and returns the findings per code.
func analyzeLocked(tb testing.TB, pkgs []*packages.Package) map[string]int {
	graph, err := checker.Analyze(analyzers.All, pkgs, nil)
	if err != nil {
		tb.Fatal(err)
	}
	for act := range graph.All() {
		if act.Err != nil {
			tb.Fatalf("%s on %s: %v", act.Analyzer.Name, act.Package.PkgPath, act.Err)
		}
	}
	byCode := map[string]int{}
	for _, act := range graph.Roots {
		for _, d := range act.Diagnostics {
			byCode[d.Category]++
		}
	}
	return byCode
}

// TestLockedFindings checks what BenchmarkScaling measures: one FC1001 per
// unfenced write and nothing else.
func TestLockedFindings(t *testing.T) {
	for _, n := range []int{0, 100} {
		byCode := analyzeLocked(t, testutil.LoadLockedPackages(t, n))
		if want := (n + 9) / 10; byCode["FC1001"] != want || len(byCode) > min(want, 1) {
			t.Errorf("n=%d: findings %v, want %d FC1001", n, byCode, want)
		}
	}
}

// BenchmarkScaling times every check on one function holding a lock over
// n statements. The cost per statement must stay flat as n grows:
//
//	go test -run '^$' -bench Scaling -benchtime 3x ./analyzers
func BenchmarkScaling(b *testing.B) {
	for _, n := range scalingSizes {
		b.Run(fmt.Sprintf("stmts=%d", n), func(b *testing.B) {
			pkgs := testutil.LoadLockedPackages(b, n)
			b.ReportAllocs()
			cpu0 := cpuTime()
			for b.Loop() {
				analyzeLocked(b, pkgs)
			}
			// CPU time (user+sys of the process, GC included) is reported
			// next to wall time: on a shared machine the wall time of a
			// single-threaded phase mostly measures the wait.
			cpu := float64(cpuTime()-cpu0) / float64(b.N)
			b.ReportMetric(cpu, "cpu-ns/op")
			if n > 0 {
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/stmt")
				b.ReportMetric(cpu/float64(n), "cpu-ns/stmt")
			}
		})
	}
}

// cpuTime returns the process's user+sys CPU time in nanoseconds.
func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
