package section_test

import (
	"fmt"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/section"
	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
)

// TestLockedSection checks what BenchmarkFind measures: one section, from
// the Lock call to the end of the function, holding every write.
func TestLockedSection(t *testing.T) {
	fn := testutil.LoadLocked(t, 100)
	secs := section.Find(fn)
	if len(secs) != 1 {
		t.Fatalf("%d sections, want 1", len(secs))
	}
	if secs[0].Lock == nil || secs[0].Lock.Lib != "etcd lock" {
		t.Errorf("the section is not of the etcd lock: %+v", secs[0].Lock)
	}
}

// BenchmarkFind measures finding the critical sections of a function with
// one lock held over n statements; ns/stmt must stay flat as n grows.
func BenchmarkFind(b *testing.B) {
	for _, n := range []int{100, 1000, 10000} {
		b.Run(fmt.Sprintf("stmts=%d", n), func(b *testing.B) {
			fn := testutil.LoadLocked(b, n)
			b.ReportAllocs()
			for b.Loop() {
				section.Find(fn)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/stmt")
		})
	}
}
