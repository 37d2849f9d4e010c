package analyzers_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers"
	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// WithConfig's suite mirrors All (names, order, documentation) on an
// engine of its own, and leaves the shared analyzers alone.
func TestWithConfigSuite(t *testing.T) {
	if _, err := analyzers.WithConfig("/nonexistent/fencecheck.json"); err == nil {
		t.Error("WithConfig accepted a file that does not exist")
	}
	cfg := filepath.Join(t.TempDir(), "fencecheck.json")
	if err := os.WriteFile(cfg, []byte(`{"locks": [{"func": "x"}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := analyzers.WithConfig(cfg); err == nil {
		t.Error("WithConfig accepted a malformed configuration")
	}
	if err := os.WriteFile(cfg, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	suite, err := analyzers.WithConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(suite) != len(analyzers.All) {
		t.Fatalf("%d analyzers, want %d", len(suite), len(analyzers.All))
	}
	for i, a := range suite {
		b := analyzers.All[i]
		if a == b || a.Name != b.Name || a.Doc != b.Doc || a.URL != b.URL {
			t.Errorf("analyzer %d: %s, want a copy of %s", i, a.Name, b.Name)
		}
		if len(a.Requires) != 1 || a.Requires[0] == analyzers.Engine || a.Requires[0] != suite[0].Requires[0] {
			t.Errorf("%s does not require the suite's own engine", a.Name)
		}
	}
	if got := analyzers.Engine.Flags.Lookup("config").Value.String(); got != "" {
		t.Errorf("the shared engine's -config flag is %q", got)
	}
}

// The configuration file given to WithConfig is the one the engine reads:
// custom/cfgpath's lock is described only in a file no lookup finds.
func TestWithConfigReachesTheEngine(t *testing.T) {
	dir := filepath.Join(testutil.TestData(), "src", "custom", "cfgpath")
	suite, err := analyzers.WithConfig(filepath.Join(dir, "plugin-config.json"))
	if err != nil {
		t.Fatal(err)
	}
	unfenced := suite[1]
	if unfenced.Name != "unfencedwrite" {
		t.Fatalf("analyzer 1 is %s", unfenced.Name)
	}
	analysistest.Run(t, testutil.TestData(), unfenced, "custom/cfgpath")

	// The shared analyzer, which looks for fencecheck.json, knows no lock
	// there and reports nothing.
	pkgs, err := packages.Load(&packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  dir,
		Env:  append(os.Environ(), "GOPATH="+testutil.TestData(), "GO111MODULE=off", "GOFLAGS=", "GOWORK=off"),
	}, "custom/cfgpath")
	if err != nil {
		t.Fatal(err)
	}
	g, err := checker.Analyze([]*analysis.Analyzer{analyzers.All[1]}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, act := range g.Roots {
		if n := len(act.Diagnostics); n > 0 {
			t.Errorf("the shared unfencedwrite reported %d findings without the configuration", n)
		}
	}
}
