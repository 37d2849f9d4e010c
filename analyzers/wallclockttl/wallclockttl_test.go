package wallclockttl_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
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

// TestClockReadNote checks that the "clock is read here" note of an SQL
// takeover points at the clock read (time.Now()), not at the variable
// bound to the statement.
func TestClockReadNote(t *testing.T) {
	results := analysistest.Run(t, testutil.TestData(), wallclockttl.Analyzer, "wallclockttl/sqltakeover")
	found := false
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if !strings.Contains(d.Message, "comparing claim_until with now,") {
				continue
			}
			found = true
			var notes []string
			for _, rel := range d.Related {
				if rel.Message == "this host's clock is read here" {
					p := r.Pass.Fset.Position(rel.Pos)
					notes = append(notes, fmt.Sprintf("%s:%d:%d", filepath.Base(p.Filename), p.Line, p.Column))
				}
			}
			// now := time.Now() is on line 51; time.Now() starts at column 9.
			if want := []string{"sqltakeover.go:51:9"}; !slices.Equal(notes, want) {
				t.Errorf("clock notes %v, want %v", notes, want)
			}
		}
	}
	if !found {
		t.Fatal("no finding comparing claim_until with now")
	}
}
