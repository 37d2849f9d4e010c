package driver

import (
	"math"
	"runtime/debug"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// limitsDuringRun analyses fanOut(6) with cfg's memory settings and returns
// the highest and lowest soft memory limit the analyzers saw, and the limit
// after the run.
func limitsDuringRun(t *testing.T, headroom, memCap uint64) (highest, lowest, after int64) {
	t.Helper()
	var mu sync.Mutex
	lowest = math.MaxInt64
	marker := newMarker(nil)
	run := marker.Run
	marker.Run = func(pass *analysis.Pass) (any, error) {
		l := debug.SetMemoryLimit(-1)
		mu.Lock()
		highest, lowest = max(highest, l), min(lowest, l)
		mu.Unlock()
		return run(pass)
	}
	cfg := &Config{
		Dir:         writeModule(t, fanOut(6)),
		Patterns:    []string{"./..."},
		Analyzers:   []*analysis.Analyzer{marker},
		Parallelism: 4,
		Headroom:    headroom,
		MemoryCap:   memCap,
	}
	if _, err := Run(cfg); err != nil {
		t.Fatal(err)
	}
	return highest, lowest, debug.SetMemoryLimit(-1)
}

// Under a ulimit -v, an allocation past the address space is a fatal
// error with a worker's trace ("fatal error: out of memory" in
// driver.(*run).process, issue 27), not a panic: the soft memory limit the
// run sets (Headroom, then half again the live heap) must stay below what
// the address space leaves, MemoryCap, and a higher GOMEMLIMIT is lowered to
// it for the run. Both are restored afterwards.
func TestMemoryCap(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	const memCap = 1 << 30
	t.Run("headroom", func(t *testing.T) {
		debug.SetMemoryLimit(math.MaxInt64)
		highest, lowest, after := limitsDuringRun(t, 1<<40, memCap)
		if highest != memCap || lowest != memCap || after != math.MaxInt64 {
			t.Errorf("limit %d to %d during the run, %d after; want %d, then %d", lowest, highest, after, memCap, int64(math.MaxInt64))
		}
	})
	t.Run("gomemlimit above", func(t *testing.T) {
		debug.SetMemoryLimit(4 << 30)
		highest, lowest, after := limitsDuringRun(t, 0, memCap)
		if highest != memCap || lowest != memCap || after != 4<<30 {
			t.Errorf("limit %d to %d during the run, %d after; want %d, then %d", lowest, highest, after, memCap, 4<<30)
		}
	})
	t.Run("gomemlimit below", func(t *testing.T) {
		debug.SetMemoryLimit(512 << 20)
		highest, lowest, after := limitsDuringRun(t, 0, memCap)
		if highest != 512<<20 || lowest != 512<<20 || after != 512<<20 {
			t.Errorf("limit %d to %d during the run, %d after; want the user's %d throughout", lowest, highest, after, 512<<20)
		}
	})
	t.Run("no cap", func(t *testing.T) {
		debug.SetMemoryLimit(math.MaxInt64)
		highest, _, after := limitsDuringRun(t, 1<<40, 0)
		if highest < 1<<40 || after != math.MaxInt64 {
			t.Errorf("limit up to %d during the run, %d after; want at least %d, then %d", highest, after, int64(1<<40), int64(math.MaxInt64))
		}
	})
}
