package unfencedwrite_test

import (
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
	"github.com/fencecheck/fencecheck/analyzers/unfencedwrite"
	"golang.org/x/tools/go/analysis/analysistest"
)

// A lock helper in one package, a repository in another, callers in a
// third: the findings travel through facts.
func TestAcrossPackages(t *testing.T) {
	analysistest.Run(t, testutil.TestData(), unfencedwrite.Analyzer, "interpkg/app", "interpkg/worker", "interpkg/leaseuser")
}

// Custom lock APIs, fences, sinks and checks from annotations (package
// custom/lockz) and from fencecheck.json (custom/cfgapp).
func TestCustom(t *testing.T) {
	analysistest.Run(t, testutil.TestData(), unfencedwrite.Analyzer, "custom/app", "custom/cfgapp")
}
