package driver

import (
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/fencecheck/fencecheck/cmd/fencecheck/internal/cache"
)

func ids(pkgs []*packages.Package) []string {
	var out []string
	for _, p := range pkgs {
		out = append(out, strings.TrimPrefix(p.ID, "example.com/mod/"))
	}
	return out
}

// A second run takes every package from the cache and reports the same;
// a package whose key changes is analysed against its dependencies'
// cached export data and facts (b's facts about a, which c's findings
// need, and the test variants').
func TestCache(t *testing.T) {
	ca, err := cache.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	marker := newMarker(nil)
	version := map[string]string{}
	cfg := func() *Config {
		return &Config{Patterns: []string{"./c"}, Tests: true, Analyzers: []*analysis.Analyzer{marker},
			Cache: ca, CacheKey: "test", PackageKey: func(p *packages.Package) string { return version[p.PkgPath] }}
	}
	cold, res := findings(t, cfg())
	if len(res.Cached) > 0 || len(cold) < 4 {
		t.Fatalf("cold run: from the cache %v, findings %v", ids(res.Cached), cold)
	}
	warm, res := findings(t, cfg())
	if !slices.Equal(warm, cold) {
		t.Errorf("warm run: findings\n%s\nwant\n%s", strings.Join(warm, "\n"), strings.Join(cold, "\n"))
	}
	if len(res.Processed) > 0 {
		t.Errorf("warm run: processed %v, want every package from the cache", ids(res.Processed))
	}
	version["example.com/mod/c"] = "2"
	again, res := findings(t, cfg())
	if !slices.Equal(again, cold) {
		t.Errorf("c's key changed: findings\n%s\nwant\n%s", strings.Join(again, "\n"), strings.Join(cold, "\n"))
	}
	for _, p := range res.Processed {
		if !strings.Contains(p.ID, "/c") {
			t.Errorf("c's key changed: %s processed too", p.ID)
		}
	}
	if got := ids(res.Cached); !slices.Contains(got, "a") || !slices.Contains(got, "b") {
		t.Errorf("c's key changed: from the cache %v, want a and b among them", got)
	}
}
