package checkthenact_test

import (
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/checkthenact"
	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
	"golang.org/x/tools/go/analysis/analysistest"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.TestData(), checkthenact.Analyzer, "checkthenact/...")
}

// A lease check declared with //fencecheck:check.
func TestAnnotatedCheck(t *testing.T) {
	analysistest.Run(t, testutil.TestData(), checkthenact.Analyzer, "custom/checks")
}

// TestLeaseRowsAcrossPackages: a service counts a store's live leases and
// inserts one through the store's functions in another package
// (fact.LeaseRowFact).
func TestLeaseRowsAcrossPackages(t *testing.T) {
	analysistest.Run(t, testutil.TestData(), checkthenact.Analyzer, "interpkg/leaserowsapp")
}
