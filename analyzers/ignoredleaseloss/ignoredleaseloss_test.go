package ignoredleaseloss_test

import (
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/ignoredleaseloss"
	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
	"golang.org/x/tools/go/analysis/analysistest"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.TestData(), ignoredleaseloss.Analyzer, "ignoredleaseloss/...")
}
