package analyzers_test

import (
	"os"
	"path/filepath"
	"strings"
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
	shared := analyzers.All[0].Requires[0] // the shared engine
	for i, a := range suite {
		b := analyzers.All[i]
		if a == b || a.Name != b.Name || a.Doc != b.Doc || a.URL != b.URL {
			t.Errorf("analyzer %d: %s, want a copy of %s", i, a.Name, b.Name)
		}
		if len(a.Requires) != 1 || a.Requires[0] == shared || a.Requires[0] != suite[0].Requires[0] {
			t.Errorf("%s does not require the suite's own engine", a.Name)
		}
	}
	if got := shared.Flags.Lookup("config").Value.String(); got != "" {
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

// Every name in the configuration is resolved against the package it
// belongs to when that package is analysed or imported: a misspelt name,
// a result or argument index the function does not have, is an error that
// points into the file instead of an entry that silently matches nothing.
func TestConfigNamesResolved(t *testing.T) {
	dir := filepath.Join(testutil.TestData(), "src", "custom", "cfgnames")
	pkgs, err := packages.Load(&packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  dir,
		Env:  append(os.Environ(), "GOPATH="+testutil.TestData(), "GO111MODULE=off", "GOFLAGS=", "GOWORK=off"),
	}, "custom/cfgnames")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ text, want string }{
		{`{"locks": [{"func": "custom/cfgnames.(*Coord).Garb"}]}`,
			`cfg.json:1:21: invalid fencecheck configuration: locks[0].func: type cfgnames.Coord has no method or field Garb`},
		{`{"checks": ["custom/cfgnames.Alive"]}`,
			`cfg.json:1:13: invalid fencecheck configuration: checks[0]: package custom/cfgnames has no function Alive`},
		{`{"locks": [{"func": "custom/cfgnames.(*Coord).Grab", "success": "bool", "result": 5}]}`,
			`cfg.json:1:83: invalid fencecheck configuration: locks[0].result: Grab has 2 result(s), counted from 0; there is no result 5`},
		{`{"locks": [{"func": "custom/cfgnames.(*Coord).Grab", "success": "bool", "result": 1}]}`,
			`locks[0].result: result 1 of Grab is Grant, not a bool`},
		{`{"locks": [{"func": "custom/cfgnames.(*Coord).Grab"}]}`,
			`locks[0].func: result 1 of Grab is Grant, not an error`},
		{`{"locks": [{"func": "custom/cfgnames.(*Coord).Drop"}]}`,
			`locks[0].func: Drop returns nothing`},
		{`{"sinks": [{"func": "custom/cfgnames.Ship", "carried_by": [2]}]}`,
			`sinks[0].carried_by[0]: Ship takes 2 argument(s), counted from 0; there is no argument 2`},
		{`{"fences": ["custom/cfgnames.Grant.Seqq"]}`,
			`fences[0]: type cfgnames.Grant has no method or field Seqq`},
		{`{"locks": [{"func": "custom/cfgnames.Grant.Seq", "success": "bool"}]}`,
			`locks[0].func: custom/cfgnames.Grant.Seq is a field, not a function or method`},
		{`{"checks": ["custom/cfgnames/dep.Sned"]}`, // a direct import
			`checks[0]: package custom/cfgnames/dep has no function Sned`},
		// Valid: the same package's lock, a fence field, and a package
		// that is not imported (not this package's business).
		{`{"locks": [{"func": "custom/cfgnames.(*Coord).Grab", "success": "bool"}], "fences": ["custom/cfgnames.Grant.Seq"], "checks": ["example.com/elsewhere.Nope"]}`, ""},
	} {
		cfg := filepath.Join(t.TempDir(), "cfg.json")
		if err := os.WriteFile(cfg, []byte(tc.text), 0o644); err != nil {
			t.Fatal(err)
		}
		suite, err := analyzers.WithConfig(cfg)
		if err != nil {
			t.Fatalf("%s: %v", tc.text, err)
		}
		g, err := checker.Analyze(suite[1:2], pkgs, nil)
		if err != nil {
			t.Fatal(err)
		}
		var got string
		for act := range g.All() {
			if act.Err != nil && strings.Contains(act.Err.Error(), "invalid fencecheck configuration") {
				got = act.Err.Error()
			}
		}
		switch {
		case tc.want == "" && got != "":
			t.Errorf("%s: error %q, want none", tc.text, got)
		case tc.want != "" && !strings.Contains(got, tc.want):
			t.Errorf("%s: error %q, want one containing %q", tc.text, got, tc.want)
		case got != "" && !strings.HasPrefix(got, cfg+":"):
			t.Errorf("%s: error %q does not start with the file's position", tc.text, got)
		}
	}
}
