package volatilefence_test

import (
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/volatilefence"
	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
	"golang.org/x/tools/go/analysis/analysistest"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.TestData(), volatilefence.Analyzer, "volatilefence/...")
}
