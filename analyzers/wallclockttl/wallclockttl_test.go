package wallclockttl_test

import (
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
	"github.com/fencecheck/fencecheck/analyzers/suppression"
	"github.com/fencecheck/fencecheck/analyzers/wallclockttl"
	"golang.org/x/tools/go/analysis/analysistest"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.TestData(), wallclockttl.Analyzer, "wallclockttl/...")
}

// TestSuggestedFix checks the rewrite of an SQL takeover that compares the
// expiry with time.Now() into one that uses the database's now()
// (testdata/src/wallclockttl/sqlfix/*.golden).
func TestSuggestedFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testutil.TestData(), wallclockttl.Analyzer, "wallclockttl/sqlfix")
}

// TestSuppressionUsed checks that the suppression comments of
// testdata/src/wallclockttl/suppressed each silence an FC4001 finding: an
// unused one would be reported as FC0001.
func TestSuppressionUsed(t *testing.T) {
	analysistest.Run(t, testutil.TestData(), suppression.Analyzer, "wallclockttl/suppressed")
}
