package splitfencecheck_test

import (
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
	"github.com/fencecheck/fencecheck/analyzers/splitfencecheck"
	"golang.org/x/tools/go/analysis/analysistest"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.TestData(), splitfencecheck.Analyzer, "splitfencecheck/...")
}
