package unsaferelease_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/fencecheck/fencecheck/analyzers" // the engine behind internal/suite
	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
	"github.com/fencecheck/fencecheck/analyzers/unsaferelease"
	"github.com/fencecheck/fencecheck/internal/suite"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestLibraryMode runs FC5001 on a lock library's own code
// (testdata/libmode: a naive library at the import path of a modelled
// one): with library mode its release that deletes the lock whoever holds
// it is reported; without it the library's internals report nothing.
func TestLibraryMode(t *testing.T) {
	dir := filepath.Join(testutil.TestData(), "libmode")
	lib, err := suite.New(suite.Options{Library: true})
	if err != nil {
		t.Fatal(err)
	}
	var own *analysis.Analyzer
	for _, c := range lib.Checks {
		if c.Analyzer.Name == unsaferelease.Analyzer.Name {
			own = c.Analyzer
		}
	}
	analysistest.Run(t, dir, own, "github.com/bsm/redislock")
	off := &collect{}
	analysistest.Run(off, dir, unsaferelease.Analyzer, "github.com/bsm/redislock")
	for _, e := range off.errs {
		if !strings.Contains(e, "no diagnostic was reported matching") {
			t.Errorf("without library mode: %s", e)
		}
	}
	if len(off.errs) == 0 {
		t.Errorf("without library mode the library's release was reported")
	}
}

// collect records analysistest's complaints instead of failing.
type collect struct{ errs []string }

func (c *collect) Errorf(format string, args ...any) {
	c.errs = append(c.errs, fmt.Sprintf(format, args...))
}
