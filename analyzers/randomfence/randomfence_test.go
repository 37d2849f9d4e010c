package randomfence_test

import (
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
	"github.com/fencecheck/fencecheck/analyzers/randomfence"
	"golang.org/x/tools/go/analysis/analysistest"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.TestData(), randomfence.Analyzer, "randomfence/...")
}
