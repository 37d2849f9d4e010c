package suppression_test

import (
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
	"github.com/fencecheck/fencecheck/analyzers/suppression"
	"golang.org/x/tools/go/analysis/analysistest"
)

// Malformed and unused directives are FC0001 findings; the well-formed ones
// that suppress a finding are silent. (That the suppressed writes stay
// silent is asserted by the unfencedwrite tests, package suppressed.)
func Test(t *testing.T) {
	analysistest.Run(t, testutil.TestData(), suppression.Analyzer, "suppression/...")
}

// Malformed //fencecheck: annotations are reported with the directive
// problems.
func TestAnnotations(t *testing.T) {
	analysistest.Run(t, testutil.TestData(), suppression.Analyzer, "custom/badann")
}
