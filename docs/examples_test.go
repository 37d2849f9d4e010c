package docs_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// An example is one Go code block of a check page, with what its marker
// says about it (see "Examples on the check pages are tests" in
// contributing.md).
type example struct {
	page    string   // "FC1001"
	line    int      // line of the block's opening fence
	kind    string   // "bad", "good" or "skip"
	prelude string   // name of the prelude it is pasted into ("" the page's default)
	also    []string // other codes a bad block may report
	code    string   // the block's text
	// first and last are the lines of the generated file that hold the block.
	first, last int
}

func (e example) String() string { return fmt.Sprintf("checks/%s.md:%d", e.page, e.line) }

var (
	markerRE  = regexp.MustCompile(`^<!-- check: (.*?) -->$`)
	preludeRE = regexp.MustCompile(`^<!-- check: prelude( [a-z0-9-]+)?$`)
	codeRE    = regexp.MustCompile(`^FC\d{4}$`)
)

// parseExamples returns the Go blocks of a check page and its preludes
// (by name; "" is the default). Each Go block must follow a marker.
func parseExamples(page, text string) ([]example, map[string]string, []error) {
	var (
		exs      []example
		preludes = map[string]string{}
		errs     []error
		marker   string // the marker of the next block, if it comes next
		markLine int
	)
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if m := preludeRE.FindStringSubmatch(line); m != nil {
			name := strings.TrimSpace(m[1])
			var body []string
			for i++; i < len(lines) && lines[i] != "-->"; i++ {
				body = append(body, lines[i])
			}
			if _, dup := preludes[name]; dup {
				errs = append(errs, fmt.Errorf("checks/%s.md:%d: prelude %q defined twice", page, i+1, name))
			}
			preludes[name] = strings.Join(body, "\n") + "\n"
			continue
		}
		if m := markerRE.FindStringSubmatch(line); m != nil {
			marker, markLine = m[1], i+1
			continue
		}
		if strings.HasPrefix(line, "```") {
			start := i + 1
			lang := strings.TrimPrefix(line, "```")
			var body []string
			for i++; i < len(lines) && !strings.HasPrefix(lines[i], "```"); i++ {
				body = append(body, lines[i])
			}
			if lang == "go" {
				ex, err := parseMarker(page, start, marker, markLine)
				if err != nil {
					errs = append(errs, err)
				} else {
					ex.code = strings.Join(body, "\n") + "\n"
					exs = append(exs, ex)
				}
			}
			marker = ""
			continue
		}
		if strings.TrimSpace(line) != "" {
			marker = "" // a marker applies to the block right after it
		}
	}
	return exs, preludes, errs
}

func parseMarker(page string, line int, marker string, markLine int) (example, error) {
	ex := example{page: page, line: line}
	if marker == "" {
		return ex, fmt.Errorf("%s: Go block without a <!-- check: bad | good | skip (reason) --> marker on the line before it", ex)
	}
	f := strings.Fields(marker)
	ex.kind = f[0]
	switch ex.kind {
	case "skip":
		if len(f) < 2 {
			return ex, fmt.Errorf("checks/%s.md:%d: a skip needs a reason: <!-- check: skip (why) -->", page, markLine)
		}
		return ex, nil
	case "bad", "good":
	default:
		return ex, fmt.Errorf("checks/%s.md:%d: unknown marker %q: want bad, good or skip", page, markLine, marker)
	}
	for i := 1; i < len(f); i++ {
		switch {
		case f[i] == "prelude" && i+1 < len(f):
			ex.prelude = f[i+1]
			i++
		case f[i] == "also" && ex.kind == "bad":
			for i+1 < len(f) && codeRE.MatchString(f[i+1]) {
				ex.also = append(ex.also, f[i+1])
				i++
			}
		default:
			return ex, fmt.Errorf("checks/%s.md:%d: cannot read %q in marker %q", page, markLine, f[i], marker)
		}
	}
	return ex, nil
}

// source is the Go file an example is checked as: the block itself when it
// is a whole file, otherwise its prelude with the block in place of the
// line "// block". first and last are the lines of the file that hold the
// block.
func source(ex example, preludes map[string]string) (src string, first, last int, err error) {
	n := strings.Count(ex.code, "\n")
	if strings.HasPrefix(ex.code, "package ") {
		return ex.code, 1, n, nil
	}
	p, ok := preludes[ex.prelude]
	if !ok {
		return "", 0, 0, fmt.Errorf("%s: no prelude %q on the page", ex, ex.prelude)
	}
	lines := strings.Split(p, "\n")
	for i, l := range lines {
		if strings.TrimSpace(l) == "// block" {
			lines[i] = strings.TrimSuffix(ex.code, "\n")
			return strings.Join(lines, "\n"), i + 1, i + n, nil
		}
	}
	return "", 0, 0, fmt.Errorf("%s: prelude %q has no line \"// block\"", ex, ex.prelude)
}

// unusedRE matches the only type errors an example may have: a fragment
// need not use every variable it declares or every import of its prelude.
var unusedRE = regexp.MustCompile(`(declared and not used|imported and not used)`)

// Every Go block of every check page is an example that is checked: a Bad
// block reports the page's check, a Good block (and a suppression example)
// reports nothing. A block that cannot be checked says why it is skipped.
func TestExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the library stubs")
	}
	pages, err := filepath.Glob("checks/*.md")
	if err != nil || len(pages) == 0 {
		t.Fatal("no check pages", err)
	}
	stubs, err := filepath.Abs(filepath.Join("..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	gopath := t.TempDir()
	byPkg := map[string]example{}
	var patterns []string
	for _, path := range pages {
		page := strings.TrimSuffix(filepath.Base(path), ".md")
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		exs, preludes, errs := parseExamples(page, string(b))
		for _, err := range errs {
			t.Error(err)
		}
		for i, ex := range exs {
			if ex.kind == "skip" {
				continue
			}
			src, first, last, err := source(ex, preludes)
			if err != nil {
				t.Error(err)
				continue
			}
			ex.first, ex.last = first, last
			pkg := fmt.Sprintf("docexamples/%s/%s_%d", strings.ToLower(page), ex.kind, i+1)
			dir := filepath.Join(gopath, "src", filepath.FromSlash(pkg))
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "example.go"), []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			byPkg[pkg] = ex
			patterns = append(patterns, pkg)
		}
	}
	if t.Failed() {
		return
	}
	pkgs, err := packages.Load(&packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  gopath,
		Env: append(os.Environ(), "GOPATH="+gopath+string(filepath.ListSeparator)+stubs,
			"GO111MODULE=off", "GOFLAGS=", "GOWORK=off", "GOPROXY=off"),
		Tests: false,
	}, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pkgs {
		ex := byPkg[p.PkgPath]
		bad := false
		for _, e := range p.Errors {
			if e.Kind == packages.TypeError && unusedRE.MatchString(e.Msg) {
				continue
			}
			t.Errorf("%s does not compile: %v", ex, e)
			bad = true
		}
		if bad {
			continue
		}
		// Only unused names: the example is well typed.
		p.Errors, p.TypeErrors, p.IllTyped = nil, nil, false
	}
	if t.Failed() {
		return
	}
	graph, err := checker.Analyze(analyzers.All, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{} // package: "line n of the block: message"
	codes := map[string]map[string]bool{}
	for _, act := range graph.Roots {
		ex := byPkg[act.Package.PkgPath]
		if act.Err != nil {
			t.Errorf("%s: %s: %v", ex, act.Analyzer.Name, act.Err)
			continue
		}
		pkg := act.Package.PkgPath
		for _, d := range act.Diagnostics {
			line := act.Package.Fset.Position(d.Pos).Line
			if line < ex.first || line > ex.last {
				// A prelude must be silent: the block is what is checked.
				t.Errorf("%s: the prelude %q is reported, not the block: %s", ex, ex.prelude, d.Message)
				continue
			}
			if codes[pkg] == nil {
				codes[pkg] = map[string]bool{}
			}
			codes[pkg][d.Category] = true
			got[pkg] = append(got[pkg], fmt.Sprintf("line %d of the block: %s", line-ex.first+1, d.Message))
		}
	}
	for _, pkg := range patterns {
		ex := byPkg[pkg]
		switch ex.kind {
		case "bad":
			if !codes[pkg][ex.page] {
				t.Errorf("%s: Bad example is not reported as %s; findings: %q", ex, ex.page, got[pkg])
			}
			for c := range codes[pkg] {
				if c != ex.page && !slices.Contains(ex.also, c) {
					t.Errorf("%s: Bad example also reports %s (list it with \"also %s\" if that is right): %q", ex, c, c, got[pkg])
				}
			}
		case "good":
			if len(got[pkg]) > 0 {
				t.Errorf("%s: Good example is reported: %q", ex, got[pkg])
			}
		}
	}
}

// The marker grammar: what the test refuses to guess.
func TestExampleMarkers(t *testing.T) {
	for _, tc := range []struct{ page, want string }{
		{"```go\nx()\n```\n", "without a <!-- check:"},
		{"<!-- check: skip -->\n```go\nx()\n```\n", "needs a reason"},
		{"<!-- check: fine -->\n```go\nx()\n```\n", "unknown marker"},
		{"<!-- check: bad -->\n\nSome text.\n\n```go\nx()\n```\n", "without a <!-- check:"},
		{"<!-- check: good also FC1001 -->\n```go\nx()\n```\n", "cannot read"},
	} {
		_, _, errs := parseExamples("FC9999", tc.page)
		if len(errs) != 1 || !strings.Contains(errs[0].Error(), tc.want) {
			t.Errorf("%q: got %v, want one error containing %q", tc.page, errs, tc.want)
		}
	}
	exs, _, errs := parseExamples("FC9999", "<!-- check: bad prelude tx also FC1002 -->\n\n```go\nx()\n```\n\n```sh\nls\n```\n")
	if len(errs) != 0 || len(exs) != 1 || exs[0].kind != "bad" || exs[0].prelude != "tx" || !slices.Equal(exs[0].also, []string{"FC1002"}) {
		t.Errorf("got %+v, %v", exs, errs)
	}
}
