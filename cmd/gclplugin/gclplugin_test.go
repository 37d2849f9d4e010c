package gclplugin

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers"
	"github.com/fencecheck/fencecheck/internal/suite"
	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// settings builds the raw settings the way golangci-lint hands them over:
// a map decoded from YAML by viper, keys lower-cased, lists as []any.
func settings(kv ...any) map[string]any {
	m := map[string]any{}
	for i := 0; i < len(kv); i += 2 {
		v := kv[i+1]
		if ss, ok := v.([]string); ok {
			var l []any
			for _, s := range ss {
				l = append(l, s)
			}
			v = l
		}
		m[kv[i].(string)] = v
	}
	return m
}

func names(as []*analysis.Analyzer) []string {
	var out []string
	for _, a := range as {
		out = append(out, a.Name)
	}
	return out
}

// codeOf returns the check code of an analyzer of the suite, from the
// catalog; an analyzer missing from it is known by its name.
func codeOf(a *analysis.Analyzer) string { return suite.Of([]*analysis.Analyzer{a})[0].ID }

// suiteNames returns the analyzer names of the suite's checks whose code
// satisfies keep, in suite order.
func suiteNames(keep func(code string) bool) []string {
	var out []string
	for _, a := range analyzers.All {
		if keep(codeOf(a)) {
			out = append(out, a.Name)
		}
	}
	return out
}

func build(t *testing.T, conf any) ([]*analysis.Analyzer, *Plugin) {
	t.Helper()
	p, err := New(conf)
	if err != nil {
		t.Fatalf("New(%v): %v", conf, err)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatalf("BuildAnalyzers: %v", err)
	}
	return as, p.(*Plugin)
}

func TestRegistered(t *testing.T) {
	if analyzers.SuiteName != "fencecheck" {
		t.Fatalf("SuiteName = %q, the plugin name in the docs is fencecheck", analyzers.SuiteName)
	}
	newPlugin, err := register.GetPlugin("fencecheck")
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := p.GetLoadMode(); got != register.LoadModeTypesInfo {
		t.Errorf("GetLoadMode = %q, want %q", got, register.LoadModeTypesInfo)
	}
}

// Every analyzer of the suite must have a code in the catalog, or the
// checks setting could only name it by analyzer name.
func TestSuiteInCatalog(t *testing.T) {
	if len(analyzers.All) == 0 {
		t.Fatal("analyzers.All is empty")
	}
	for _, a := range analyzers.All {
		if !slices.Contains(analyzers.Catalog, analyzers.Check{Code: codeOf(a), Name: a.Name}) {
			t.Errorf("analyzer %s has no catalog entry", a.Name)
		}
	}
}

func TestDefaultIsAll(t *testing.T) {
	for _, conf := range []any{nil, map[string]any{}, settings("checks", []string{})} {
		as, p := build(t, conf)
		if !slices.Equal(names(as), names(analyzers.All)) {
			t.Errorf("settings %v: got %v, want all of %v", conf, names(as), names(analyzers.All))
		}
		if p.ConfigFile() != "" {
			t.Errorf("settings %v: ConfigFile = %q", conf, p.ConfigFile())
		}
	}
}

func TestSelection(t *testing.T) {
	first := analyzers.All[0]
	fc1001 := func(code string) bool { return code == "FC1001" }
	tests := []struct {
		checks []string
		want   []string
	}{
		{[]string{"FC1001"}, []string{"unfencedwrite"}},
		{[]string{"fc1001"}, []string{"unfencedwrite"}},
		{[]string{" FC1001 "}, []string{"unfencedwrite"}},
		{[]string{"unfencedwrite"}, []string{"unfencedwrite"}},
		{[]string{"all"}, suiteNames(func(string) bool { return true })},
		{[]string{"*"}, suiteNames(func(string) bool { return true })},
		{[]string{"FC1*"}, suiteNames(func(c string) bool { return strings.HasPrefix(c, "FC1") })},
		{[]string{"fc1*"}, suiteNames(func(c string) bool { return strings.HasPrefix(c, "FC1") })},
		{[]string{"unfenced*"}, []string{"unfencedwrite"}},
		{[]string{"-FC1001"}, suiteNames(func(c string) bool { return !fc1001(c) })},
		{[]string{"-unfencedwrite"}, suiteNames(func(c string) bool { return !fc1001(c) })},
		{[]string{"-FC1001", "FC1001"}, suiteNames(func(string) bool { return true })},
		{[]string{"all", "-FC1*", "FC1001"}, suiteNames(func(c string) bool { return fc1001(c) || !strings.HasPrefix(c, "FC1") })},
		{[]string{"FC1*", "-FC1001"}, suiteNames(func(c string) bool { return !fc1001(c) && strings.HasPrefix(c, "FC1") })},
		// The order of the result is the suite's, not the list's.
		{[]string{"FC1001", first.Name}, suiteNames(func(c string) bool { return fc1001(c) || c == codeOf(first) })},
	}
	for _, tt := range tests {
		as, p := build(t, settings("checks", tt.checks))
		if got := names(as); !slices.Equal(got, tt.want) {
			t.Errorf("checks %q: got %v, want %v", tt.checks, got, tt.want)
		}
		if got := p.Settings().Checks; !slices.Equal(got, tt.checks) {
			t.Errorf("checks %q: Settings().Checks = %q", tt.checks, got)
		}
	}
}

// Keys arrive lower-cased from golangci-lint, but JSON decoding (and so the
// plugin) matches them regardless of case.
func TestKeyCase(t *testing.T) {
	as, _ := build(t, settings("Checks", []string{"FC1001"}))
	if got := names(as); !slices.Equal(got, []string{"unfencedwrite"}) {
		t.Errorf("got %v", got)
	}
}

func TestErrors(t *testing.T) {
	var unavailable string // a catalog check that is not in the suite yet
	for _, c := range analyzers.Catalog {
		if !slices.ContainsFunc(analyzers.All, func(a *analysis.Analyzer) bool { return a.Name == c.Name }) {
			unavailable = c.Code
			break
		}
	}
	tests := []struct {
		conf any
		want []string // substrings of the error
	}{
		{settings("boguskey", 1), []string{`unknown key "boguskey"`, "checks, config, library"}},
		{settings("checks", []string{"FC1001"}, "zeta", true, "alpha", "x"), []string{`unknown keys "alpha", "zeta"`}},
		{settings("check", []string{"FC1001"}), []string{`unknown key "check"`}},
		{settings("checks", "FC1001"), []string{"fencecheck settings", "cannot unmarshal string"}},
		{settings("config", 3), []string{"fencecheck settings", "cannot unmarshal number"}},
		{[]any{"FC1001"}, []string{"fencecheck settings", "cannot unmarshal array"}},
		{settings("checks", []string{"FC9999"}), []string{`unknown check "FC9999"`, "FC1001 unfencedwrite"}},
		{settings("checks", []string{"-FC9999"}), []string{`unknown check "-FC9999"`}},
		{settings("checks", []string{"unfencedwrites"}), []string{`unknown check "unfencedwrites"`}},
		{settings("checks", []string{"FC9*"}), []string{`unknown check "FC9*"`}},
		{settings("checks", []string{"FC[1"}), []string{`bad pattern "FC[1"`}},
		{settings("checks", []string{""}), []string{"empty item"}},
		{settings("checks", []string{"FC1001", "-"}), []string{`empty item "-"`}},
		{settings("checks", []string{"-all"}), []string{"selects no check"}},
		{settings("checks", []string{"FC1001", "-unfencedwrite"}), []string{"selects no check"}},
		{settings("config", "does-not-exist.json"), []string{"config", "does-not-exist.json", "does not exist"}},
		{settings("config", t.TempDir()), []string{"config", "not a regular file"}},
	}
	if unavailable != "" {
		tests = append(tests, struct {
			conf any
			want []string
		}{settings("checks", []string{unavailable}), []string{unavailable, "not available in this version"}})
	}
	for _, tt := range tests {
		p, err := New(tt.conf)
		if err == nil {
			as, _ := p.BuildAnalyzers()
			t.Errorf("settings %v: no error, analyzers %v", tt.conf, names(as))
			continue
		}
		for _, w := range tt.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("settings %v: error %q does not contain %q", tt.conf, err, w)
			}
		}
	}
}

func TestConfigFile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "fencecheck.json")
	if err := os.WriteFile(file, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, p := build(t, settings("config", file))
	if p.ConfigFile() != file || p.Settings().Config != file {
		t.Errorf("ConfigFile = %q, Settings().Config = %q, want %q", p.ConfigFile(), p.Settings().Config, file)
	}

	// A relative path is resolved against the working directory (where
	// golangci-lint runs) when the plugin is created.
	t.Chdir(dir)
	_, p = build(t, settings("config", "fencecheck.json", "checks", []string{"FC1001"}))
	if got, want := p.ConfigFile(), file; got != want {
		// TempDir may be behind a symlink; compare what the paths name.
		gi, err1 := os.Stat(got)
		wi, err2 := os.Stat(want)
		if err1 != nil || err2 != nil || !os.SameFile(gi, wi) {
			t.Errorf("ConfigFile = %q, want %q", got, want)
		}
	}
	if !filepath.IsAbs(p.ConfigFile()) {
		t.Errorf("ConfigFile %q is not absolute", p.ConfigFile())
	}
}

// The config setting reaches the analysis: custom/cfgpath's lock is
// described only in a file no module-root lookup finds, so its want
// comments hold only if the plugin's analyzers read that file. A malformed
// file stops the plugin before anything is analysed.
func TestConfigReachesAnalysis(t *testing.T) {
	testdata, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(testdata, "src", "custom", "cfgpath", "plugin-config.json")
	as, _ := build(t, settings("checks", []string{"FC1001"}, "config", cfg))
	if len(as) != 2 || as[0].Name != "unfencedwrite" || as[0] == analyzers.All[1] || as[1] != as[0].Requires[0] {
		t.Fatalf("analyzers %v, want a copy of unfencedwrite and its engine", names(as))
	}
	analysistest.Run(t, testdata, as[0], "custom/cfgpath")

	bad := filepath.Join(t.TempDir(), "fencecheck.json")
	if err := os.WriteFile(bad, []byte(`{"locks": "no"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := New(settings("config", bad)); err == nil || !strings.Contains(err.Error(), "fencecheck settings: config:") {
		t.Errorf("a malformed config file: error %v", err)
	}
}

// snapshot renders everything golangci-lint could observe of an analyzer
// and its prerequisites, so a test can tell whether the plugin changed it.
func snapshot(as []*analysis.Analyzer) string {
	var b strings.Builder
	seen := map[*analysis.Analyzer]bool{}
	var walk func(a *analysis.Analyzer)
	walk = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		fmt.Fprintf(&b, "%p %s %q %q %v %p %v %v %p\n", a, a.Name, a.Doc, a.URL, a.ResultType, a.Run, a.FactTypes, a.RunDespiteErrors, &a.Flags)
		a.Flags.VisitAll(func(f *flag.Flag) { fmt.Fprintf(&b, "  -%s=%s\n", f.Name, f.Value) })
		for _, r := range a.Requires {
			fmt.Fprintf(&b, "  requires %p\n", r)
			walk(r)
		}
	}
	for _, a := range as {
		walk(a)
	}
	return b.String()
}

// golangci-lint may create several plugin instances with different
// settings; none may change the shared analyzers or another's selection.
func TestNoSharedStateChanges(t *testing.T) {
	all := slices.Clone(analyzers.All)
	before := snapshot(all)

	one, _ := build(t, settings("checks", []string{"FC1001"}))
	everything, _ := build(t, nil)
	cfg := filepath.Join(t.TempDir(), "c.json")
	if err := os.WriteFile(cfg, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	withConfig, _ := build(t, settings("checks", []string{"-FC1001"}, "config", cfg))

	// Scribbling on a returned slice must not leak anywhere.
	one[0] = nil
	everything[0] = nil
	for i := range withConfig {
		withConfig[i] = nil
	}
	again, _ := build(t, nil)
	if !slices.Equal(names(again), names(all)) {
		t.Errorf("a later instance sees %v, want %v", names(again), names(all))
	}
	if !slices.Equal(analyzers.All, all) {
		t.Errorf("analyzers.All changed")
	}
	if after := snapshot(analyzers.All); after != before {
		t.Errorf("analyzers changed:\nbefore:\n%s\nafter:\n%s", before, after)
	}

	// Analyzers must still validate as a set (golangci-lint's runner
	// requires it): selection may not drop a prerequisite.
	sel, _ := build(t, settings("checks", []string{"FC1001"}))
	if err := analysis.Validate(sel); err != nil {
		t.Errorf("Validate: %v", err)
	}
	if len(sel) != 1 {
		t.Errorf("checks [FC1001] selected %v", names(sel))
	}
}

// Selection over an arbitrary suite: analyzers missing from the catalog
// are known by their name.
func TestSelectUncatalogued(t *testing.T) {
	x := &analysis.Analyzer{Name: "xcheck", Doc: "x", Run: func(*analysis.Pass) (any, error) { return nil, nil }}
	fw := analyzers.All[slices.IndexFunc(analyzers.All, func(a *analysis.Analyzer) bool { return a.Name == "unfencedwrite" })]
	suite := []*analysis.Analyzer{fw, x}
	for _, tt := range []struct {
		items []string
		want  []string
	}{
		{nil, []string{"unfencedwrite", "xcheck"}},
		{[]string{"xcheck"}, []string{"xcheck"}},
		{[]string{"x*"}, []string{"xcheck"}},
		{[]string{"-xcheck"}, []string{"unfencedwrite"}},
	} {
		got, err := selectAnalyzers(suite, tt.items)
		if err != nil {
			t.Errorf("%q: %v", tt.items, err)
			continue
		}
		if !slices.Equal(names(got), tt.want) {
			t.Errorf("%q: got %v, want %v", tt.items, names(got), tt.want)
		}
	}
}

// lockzSrc is a lock API declared by annotations, for the tests' packages.
const lockzSrc = `package lockz

import "context"

type Client struct{}

type Lease struct{}

//fencecheck:lock success=err
func (c *Client) Acquire(ctx context.Context, name string) (*Lease, error) { return &Lease{}, nil }

//fencecheck:release
func (c *Client) Release(ctx context.Context, l *Lease) error { return nil }

//fencecheck:check
func (l *Lease) Valid() bool { return true }

//fencecheck:sink carried_by=2
func Publish(ctx context.Context, topic string, epoch int64) error { return nil }
`

// writeTree writes the files (names relative to dir).
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// The checks setting is handed to the engine: with FC2001 (checkthenact)
// switched off, the unfenced write behind a lease check that FC2001 would
// report is FC1001's, not lost.
func TestSelectionBeforePrecedence(t *testing.T) {
	gopath := t.TempDir()
	writeTree(t, gopath, map[string]string{
		"src/sel/lockz/lockz.go": lockzSrc,
		"src/sel/app/app.go": `package app

import (
	"context"

	"sel/lockz"
)

func Work(ctx context.Context, c *lockz.Client) {
	l, err := c.Acquire(ctx, "billing")
	if err != nil {
		return
	}
	defer c.Release(ctx, l)
	if l.Valid() {
		lockz.Publish(ctx, "drafts", 0) // want "call to Publish .* does not carry the fencing token.*FC1001"
	}
}
`,
	})
	as, _ := build(t, settings("checks", []string{"FC1001"}))
	if len(as) != 1 || as[0].Name != "unfencedwrite" {
		t.Fatalf("analyzers %v", names(as))
	}
	analysistest.Run(t, gopath, as[0], "sel/app")
}

// golangci-lint keys its cached issues by the names of the analyzers a
// linter returns, and facts by analyzer name: with a configuration, the
// plugin returns its engine too, named after the file's content, so that
// editing fencecheck.json (found from the working directory, or named in
// the settings) is a cache miss, not the old results.
func TestCacheKeyKnowsConfig(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/m\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	engineName := func(conf any) string {
		as, _ := build(t, conf)
		last := as[len(as)-1]
		if len(as) < 2 || !strings.HasPrefix(last.Name, "fenceengine") || as[0].Requires[0] != last {
			t.Fatalf("analyzers %v: the engine is not the last", names(as))
		}
		return last.Name
	}
	if as, _ := build(t, nil); len(as) != len(analyzers.All) {
		t.Errorf("without a configuration: %v", names(as))
	}
	cfg := filepath.Join(dir, "fencecheck.json")
	var seen []string
	for _, text := range []string{"{}", `{"fences": ["example.com/m.T.F"]}`} {
		if err := os.WriteFile(cfg, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, conf := range []any{nil, settings("config", cfg)} {
			name := engineName(conf)
			if slices.Contains(seen, name) && conf == nil {
				t.Errorf("%s: engine name %s, as for an earlier file", text, name)
			}
			seen = append(seen, name)
		}
	}
}
