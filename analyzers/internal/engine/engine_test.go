package engine_test

import (
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/engine"
	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestFacts asserts the function summaries the engine exports, across
// packages (want Name:"fact" expectations).
func TestFacts(t *testing.T) {
	analysistest.Run(t, testutil.TestData(), engine.Analyzer, "interpkg/lockhelper", "interpkg/repo", "interpkg/redislocks", "interpkg/leases", "custom/lockz", "interpkg/elector")
}
