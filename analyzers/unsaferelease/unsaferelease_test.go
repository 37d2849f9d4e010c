package unsaferelease_test

import (
	"path/filepath"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
	"github.com/fencecheck/fencecheck/analyzers/suppression"
	"github.com/fencecheck/fencecheck/analyzers/unsaferelease"
	"golang.org/x/tools/go/analysis/analysistest"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.TestData(), unsaferelease.Analyzer, "unsaferelease/...")
}

// TestSuggestedFix checks the rewrite of a SET NX lock's DEL into a
// compare-and-delete script (testdata/src/unsaferelease/redisfix/*.golden).
func TestSuggestedFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testutil.TestData(), unsaferelease.Analyzer, "unsaferelease/redisfix")
}

// An application's locker over its own Redis interface, in another
// package: its ForceRelease deletes the key it is given, and a call
// passing a lock's key releases whoever holds it.
func TestForceReleaseAcrossPackages(t *testing.T) {
	analysistest.Run(t, testutil.TestData(), unsaferelease.Analyzer, "interpkg/mirrorreset")
}

// TestLockFileSuppressionUsed checks that the suppression comment of
// testdata/src/unsaferelease/lockfilesuppressed silences an FC5001 finding (an
// unused one would be reported as FC0001).
func TestLockFileSuppressionUsed(t *testing.T) {
	analysistest.Run(t, testutil.TestData(), suppression.Analyzer, "unsaferelease/lockfilesuppressed")
}

// TestReleaseHelperRelated checks that the finding at the call of a
// package's release helper names the helper's DEL as its related location
// (the scorer and the editor both look there).
func TestReleaseHelperRelated(t *testing.T) {
	results := analysistest.Run(t, testutil.TestData(), unsaferelease.Analyzer, "unsaferelease/releasehelper")
	found := false
	for _, r := range results {
		for _, d := range r.Diagnostics {
			for _, rel := range d.Related {
				if p := r.Pass.Fset.Position(rel.Pos); filepath.Base(p.Filename) == "releasehelper.go" && p.Line == 27 {
					found = true
				}
			}
		}
	}
	if !found {
		t.Error("no finding names the helper's DEL (releasehelper.go:27) as a related location")
	}
}
