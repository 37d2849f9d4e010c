package suite_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers"
	"github.com/fencecheck/fencecheck/internal/checks"
	"github.com/fencecheck/fencecheck/internal/suite"
	"golang.org/x/tools/go/analysis"
)

func ids(cs []suite.Check) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.ID)
	}
	return out
}

// Codes come from the catalog, by analyzer name; nothing is parsed out of
// an analyzer's URL or documentation.
func TestOf(t *testing.T) {
	cs := suite.Of(analyzers.All)
	for i, c := range cs {
		if want := checks.Catalog[i].Code.String(); c.ID != want || c.Analyzer != analyzers.All[i] {
			t.Errorf("check %d: %s %s, want %s", i, c.ID, c.Analyzer.Name, want)
		}
	}
	odd := &analysis.Analyzer{Name: "odd", URL: "https://example.com/FC1001.md", Doc: "FC1001: not really"}
	if got := suite.Of([]*analysis.Analyzer{odd})[0].ID; got != "odd" {
		t.Errorf("an uncatalogued analyzer is %q, want its name", got)
	}
}

func TestSelect(t *testing.T) {
	all := suite.Shared().Checks
	for _, tc := range []struct {
		items []string
		want  []string
		kind  suite.SelectErrorKind
	}{
		{nil, ids(all), 0},
		{[]string{"fc1*", "-FC1003"}, []string{"FC1001", "FC1002"}, 0},
		{[]string{"-all", "unsafe*"}, []string{"FC5001"}, 0},
		{[]string{"-FC1001", "FC1001"}, ids(all), 0},
		{[]string{" - "}, nil, suite.EmptyItem},
		{[]string{"FC["}, nil, suite.BadPattern},
		{[]string{"nosuch"}, nil, suite.Unknown},
		{[]string{"-all"}, nil, suite.NoneLeft},
	} {
		got, err := suite.Select(all, tc.items)
		if tc.want == nil {
			var se *suite.SelectError
			if !errors.As(err, &se) || se.Kind != tc.kind {
				t.Errorf("%q: error %v, want kind %d", tc.items, err, tc.kind)
			}
			continue
		}
		if err != nil || !slices.Equal(ids(got), tc.want) {
			t.Errorf("%q: %v, %v; want %v", tc.items, ids(got), err, tc.want)
		}
	}
	// A catalog check missing from the suite is named as such.
	_, err := suite.Select(all[:1], []string{"unfencedwrite"})
	var se *suite.SelectError
	if !errors.As(err, &se) || se.Kind != suite.Unavailable || se.Check.Code != checks.UnfencedWrite {
		t.Errorf("missing check: %v", err)
	}
}

// Suppression comments have a grammar of their own: the suite name, and
// globs over codes only; "all" is another tool's.
func TestSuppressionNames(t *testing.T) {
	fc1001, _ := checks.ByCode(checks.UnfencedWrite)
	for name, want := range map[string]bool{
		"fencecheck": true, "FC1001": true, "fc1001": true, "unfencedwrite": true, "FC1*": true,
		"FC2*": false, "unfenced*": false, "all": false, "errcheck": false,
	} {
		if got := suite.Suppresses(name, fc1001); got != want {
			t.Errorf("Suppresses(%q, FC1001) = %v, want %v", name, got, want)
		}
	}
	for name, want := range map[string]bool{"fencecheck": true, "fc9999": true, "unsaferelease": true, "errcheck": false, "all": false} {
		if got := suite.Ours(name); got != want {
			t.Errorf("Ours(%q) = %v, want %v", name, got, want)
		}
	}
	for name, want := range map[string]bool{"errcheck": true, "FC5*": true, "FC9999": false, "fencecheck": true} {
		if got := suite.Known(name); got != want {
			t.Errorf("Known(%q) = %v, want %v", name, got, want)
		}
	}
}

// A suite of its own runs on its own engine; Bind moves a selection made
// from the shared suite onto it and leaves other analyzers alone.
func TestNewAndBind(t *testing.T) {
	shared := suite.Shared()
	own, err := suite.New(suite.Options{Program: suite.NewProgram()})
	if err != nil {
		t.Fatal(err)
	}
	if own.Engine == shared.Engine || len(own.Checks) != len(shared.Checks) {
		t.Fatalf("New shares the engine or has %d checks", len(own.Checks))
	}
	extra := suite.Check{ID: "FC9001", Analyzer: &analysis.Analyzer{Name: "extra"}}
	got := own.Bind([]suite.Check{shared.Checks[1], extra})
	if got[0] != own.Checks[1].Analyzer || got[1] != extra.Analyzer {
		t.Errorf("Bind = %v", got)
	}
	for _, c := range own.Checks {
		if len(c.Analyzer.Requires) != 1 || c.Analyzer.Requires[0] != own.Engine {
			t.Errorf("%s does not require the suite's engine", c.ID)
		}
	}

	cfg := filepath.Join(t.TempDir(), "fencecheck.json")
	if err := os.WriteFile(cfg, []byte(`{"locks": [{"func": "x"}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := suite.New(suite.Options{Config: cfg}); err == nil {
		t.Error("New accepted a malformed configuration")
	}
}

func TestRegisterOnce(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("a second Register did not panic")
		}
	}()
	suite.Register(nil)
}
