package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"go/ast"
	"go/token"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers"
	"github.com/fencecheck/fencecheck/cmd/fencecheck/internal/sarif"
	"github.com/fencecheck/fencecheck/cmd/fencecheck/internal/sariftest"
	"github.com/fencecheck/fencecheck/internal/suite"
	"golang.org/x/tools/go/analysis"
)

// fakeWrite stands in for a real check so that the driver can be tested
// while the engine is still being written: it reports every call of a
// function named write, with a related location and a suggested fix.
var fakeWrite = &analysis.Analyzer{
	Name: "fakewrite",
	Doc:  "FC9001: fake check for the driver's tests",
	URL:  "https://example.com/FC9001",
	Run: func(pass *analysis.Pass) (any, error) {
		for _, file := range pass.Files {
			var fn *ast.FuncDecl
			ast.Inspect(file, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.FuncDecl:
					fn = n
				case *ast.CallExpr:
					id, ok := n.Fun.(*ast.Ident)
					if !ok || id.Name != "write" {
						break
					}
					d := analysis.Diagnostic{
						Pos:      n.Pos(),
						End:      n.End(),
						Category: "FC9001",
						Message:  "unfenced write (FC9001)",
						SuggestedFixes: []analysis.SuggestedFix{{
							Message:   "Use fencedWrite",
							TextEdits: []analysis.TextEdit{{Pos: id.Pos(), End: id.End(), NewText: []byte("fencedWrite")}},
						}},
					}
					if fn != nil {
						d.Related = []analysis.RelatedInformation{{Pos: fn.Name.Pos(), End: fn.Name.End(), Message: "lock acquired here"}}
					}
					pass.Report(d)
				}
				return true
			})
		}
		return nil, nil
	},
}

// failing is an analyzer whose run fails.
var failing = &analysis.Analyzer{
	Name: "failing",
	Doc:  "FC9002: always fails",
	Run:  func(*analysis.Pass) (any, error) { return nil, errors.New("boom") },
}

// testIDs are the codes of the test doubles, which the catalog does not
// know.
var testIDs = map[*analysis.Analyzer]string{fakeWrite: "FC9001", failing: "FC9002"}

// testChecks pairs analyzers with their codes: the catalog's, or a test
// double's.
func testChecks(as []*analysis.Analyzer) []check {
	cs := suite.Of(as)
	for i := range cs {
		if id := testIDs[cs[i].Analyzer]; id != "" {
			cs[i].ID = id
		}
	}
	return cs
}

// runCmd runs the command in dir with the given checks and returns the
// exit code, stdout and stderr.
func runCmd(t *testing.T, checks []*analysis.Analyzer, dir string, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	c := &command{checks: testChecks(checks), dir: dir, stdout: &stdout, stderr: &stderr}
	code := c.run(args)
	return code, stdout.String(), stderr.String()
}

func TestIsVetInvocation(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want bool
	}{
		{[]string{"-V=full"}, true},
		{[]string{"-flags"}, true},
		{[]string{"/tmp/go-build1/b001/vet.cfg"}, true},
		{[]string{"-unfencedwrite=false", "-json", "/tmp/go-build1/b001/vet.cfg"}, true},
		{nil, false},
		{[]string{"./..."}, false},
		{[]string{"-f", "json", "./..."}, false},
		{[]string{"-version"}, false},
	} {
		if got := isVetInvocation(tc.args); got != tc.want {
			t.Errorf("isVetInvocation(%q) = %v, want %v", tc.args, got, tc.want)
		}
	}
}

// testSuite is a fixed suite for the selection tests, independent of which
// checks have been implemented so far.
func testSuite() []check {
	mk := func(name string) *analysis.Analyzer { return &analysis.Analyzer{Name: name} }
	return []check{
		{ID: "FC0001", Analyzer: mk("suppression")},
		{ID: "FC1001", Analyzer: mk("unfencedwrite")},
		{ID: "FC1002", Analyzer: mk("uncheckedfence")},
		{ID: "FC2002", Analyzer: mk("splitfencecheck")},
	}
}

func TestSelectChecks(t *testing.T) {
	for _, tc := range []struct {
		list    string
		want    []string // codes; nil means an error
		wantErr string
	}{
		{list: "all", want: []string{"FC0001", "FC1001", "FC1002", "FC2002"}},
		{list: "*", want: []string{"FC0001", "FC1001", "FC1002", "FC2002"}},
		{list: "FC1001", want: []string{"FC1001"}},
		{list: "fc1001", want: []string{"FC1001"}},
		{list: "unfencedwrite", want: []string{"FC1001"}},
		{list: "FC1*", want: []string{"FC1001", "FC1002"}},
		{list: "fc1*", want: []string{"FC1001", "FC1002"}},
		{list: "unchecked*", want: []string{"FC1002"}},
		{list: "-FC1001", want: []string{"FC0001", "FC1002", "FC2002"}},
		{list: "all,-FC1*", want: []string{"FC0001", "FC2002"}},
		{list: "FC1*,-FC1002", want: []string{"FC1001"}},
		{list: " FC2002 , FC0001 ", want: []string{"FC0001", "FC2002"}},
		{list: "-all,FC2002", want: []string{"FC2002"}},
		{list: "FC9999", wantErr: `unknown check "FC9999"`},
		{list: "all,-nosuchcheck", wantErr: `unknown check "nosuchcheck"`},
		{list: "FC9*", wantErr: `unknown check "FC9*"`},
		{list: "FC1001,FC1003x", wantErr: `unknown check "FC1003x"`},
		{list: "FC[", wantErr: "bad pattern"},
		{list: "-all", wantErr: "selects no check"},
		{list: "", wantErr: "empty list"},
		{list: ",", wantErr: "empty list"},
	} {
		got, err := selectChecks(testSuite(), tc.list)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("selectChecks(%q) error = %v, want %q", tc.list, err, tc.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("selectChecks(%q): %v", tc.list, err)
			continue
		}
		var codes []string
		for _, c := range got {
			codes = append(codes, c.ID)
		}
		if !slices.Equal(codes, tc.want) {
			t.Errorf("selectChecks(%q) = %v, want %v", tc.list, codes, tc.want)
		}
	}
}

// A documented check that this build has no analyzer for is named as such.
func TestSelectChecksDocumentedButMissing(t *testing.T) {
	_, err := selectChecks(testSuite()[:1], "FC1001")
	if err == nil || !strings.Contains(err.Error(), "FC1001 is not available") {
		t.Errorf("err = %v, want 'FC1001 is not available'", err)
	}
}

func TestSuiteCodes(t *testing.T) {
	s := suite.Shared().Checks
	if len(s) != len(analyzers.All) {
		t.Fatalf("suite has %d checks, analyzers.All %d", len(s), len(analyzers.All))
	}
	isCode := regexp.MustCompile(`^FC\d{4}$`).MatchString
	seen := map[string]bool{}
	for i, c := range s {
		if !isCode(c.ID) {
			t.Errorf("analyzer %s: code %q is not FCnnnn", c.Analyzer.Name, c.ID)
		}
		if seen[c.ID] {
			t.Errorf("code %s used twice", c.ID)
		}
		seen[c.ID] = true
		if i > 0 && s[i-1].ID > c.ID {
			t.Errorf("suite not in code order: %s before %s", s[i-1].ID, c.ID)
		}
	}
	if c := suite.Of([]*analysis.Analyzer{{Name: "nameonly"}})[0]; c.ID != "nameonly" {
		t.Errorf("code of an uncatalogued analyzer = %q, want its name", c.ID)
	}
}

func TestUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-nosuchflag"}, "flag provided but not defined: -nosuchflag"},
		{[]string{"-f", "xml"}, `unknown output format "xml"`},
		{[]string{"-f"}, "flag needs an argument: -f"},
		{[]string{"-tests=maybe"}, `invalid boolean value "maybe" for -tests`},
		{[]string{"-checks", "FC9999"}, `unknown check "FC9999"`},
		{[]string{"-checks", "-all"}, "selects no check"},
		// A flag after the packages would reach go list as a package.
		{[]string{"./...", "-f", "json"}, "flag -f after the packages: flags come first"},
		{[]string{"-f", "json", "-f", "sarif", "./..."}, `-f given twice, as "json" and "sarif"`},
		{[]string{"-tests=false", "-tests", "./..."}, `-tests given twice, as "false" and "true"`},
		{[]string{"-list", "-explain", "FC1001"}, "-list and -explain cannot be combined"},
		{[]string{"-version", "-list"}, "-version and -list cannot be combined"},
		{[]string{"-explain", "FC1001", "./..."}, "-explain takes no packages (got ./...)"},
	} {
		code, stdout, stderr := runCmd(t, analyzers.All, "", tc.args...)
		if code != exitError {
			t.Errorf("%q: exit %d, want %d", tc.args, code, exitError)
		}
		if stdout != "" {
			t.Errorf("%q: unexpected stdout %q", tc.args, stdout)
		}
		if !strings.Contains(stderr, tc.want) || !strings.Contains(stderr, "usage: fencecheck") {
			t.Errorf("%q: stderr does not have %q and the usage:\n%s", tc.args, tc.want, stderr)
		}
	}
}

func TestExplain(t *testing.T) {
	for _, name := range []string{"FC1001", "fc1001", "unfencedwrite"} {
		code, stdout, stderr := runCmd(t, analyzers.All, "", "-explain", name)
		if code != exitClean || !strings.HasPrefix(stdout, "# FC1001 unfencedwrite") {
			t.Errorf("-explain %s: exit %d, stdout %.40q, stderr %q", name, code, stdout, stderr)
		}
	}
	for _, name := range []string{"FC9999", "nosuchcheck"} {
		code, stdout, stderr := runCmd(t, analyzers.All, "", "-explain", name)
		if code != exitError || stdout != "" || !strings.Contains(stderr, "unknown check") {
			t.Errorf("-explain %s: exit %d, stdout %q, stderr %q; want exit 2 and 'unknown check'", name, code, stdout, stderr)
		}
	}
}

func TestListAndVersion(t *testing.T) {
	code, stdout, _ := runCmd(t, analyzers.All, "", "-list")
	if code != exitClean {
		t.Fatalf("-list: exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if len(lines) != len(analyzers.All) {
		t.Errorf("-list printed %d lines for %d checks:\n%s", len(lines), len(analyzers.All), stdout)
	}
	for _, c := range suite.Of(analyzers.All) {
		if !slices.ContainsFunc(lines, func(l string) bool {
			f := strings.Fields(l)
			return len(f) >= 2 && f[0] == c.ID && f[1] == c.Analyzer.Name
		}) {
			t.Errorf("-list has no line for %s %s:\n%s", c.ID, c.Analyzer.Name, stdout)
		}
	}

	code, stdout, _ = runCmd(t, analyzers.All, "", "-version")
	if code != exitClean || stdout != "fencecheck devel\n" {
		t.Errorf("-version: exit %d, %q", code, stdout)
	}
}

// The fake check's findings in testdata/unit, sorted, as text.
const wantText = `a/a.go:9:2: unfenced write (FC9001)
	a/a.go:8:6: lock acquired here
a/a.go:13:32: unfenced write (FC9001)
	a/a.go:12:6: lock acquired here
a/a.go:14:2: unfenced write (FC9001)
	a/a.go:12:6: lock acquired here
a/a.go:18:2: unfenced write (FC9001)
	a/a.go:17:6: lock acquired here
a/a.go:22:2: unfenced write (FC9001)
	a/a.go:21:6: lock acquired here
a/a_test.go:6:2: unfenced write (FC9001)
	a/a_test.go:5:6: lock acquired here
b/b.go:6:12: unfenced write (FC9001)
	b/b.go:6:6: lock acquired here
`

func TestTextOutput(t *testing.T) {
	code, stdout, stderr := runCmd(t, []*analysis.Analyzer{fakeWrite}, "testdata/unit", "./...")
	if code != exitFindings {
		t.Errorf("exit %d, want %d; stderr:\n%s", code, exitFindings, stderr)
	}
	if stdout != wantText {
		t.Errorf("text output:\n%s\nwant:\n%s", stdout, wantText)
	}
}

func TestTestsFlag(t *testing.T) {
	_, stdout, _ := runCmd(t, []*analysis.Analyzer{fakeWrite}, "testdata/unit", "-tests=false", "./...")
	if strings.Contains(stdout, "a_test.go") {
		t.Errorf("-tests=false reported a finding in a test file:\n%s", stdout)
	}
	if !strings.Contains(stdout, "a/a.go:9:2:") {
		t.Errorf("-tests=false lost the non-test findings:\n%s", stdout)
	}
}

func TestNoFindings(t *testing.T) {
	code, stdout, stderr := runCmd(t, []*analysis.Analyzer{fakeWrite}, "testdata/e2e/mini", "./...")
	if code != exitClean || stdout != "" || stderr != "" {
		t.Errorf("exit %d, stdout %q, stderr %q; want 0 and no output", code, stdout, stderr)
	}
	// The same, through a check selection that excludes the fake check.
	code, stdout, _ = runCmd(t, []*analysis.Analyzer{fakeWrite, failing}, "testdata/unit", "-checks", "-FC9001,-FC9002,FC9001", "-f", "json", "./b")
	if code != exitFindings || strings.Count(stdout, "\n") != 1 {
		t.Errorf("-checks selection: exit %d, stdout %q", code, stdout)
	}
}

func TestLoadError(t *testing.T) {
	code, stdout, stderr := runCmd(t, []*analysis.Analyzer{fakeWrite}, "testdata/e2e/broken", "./...")
	if code != exitError {
		t.Errorf("exit %d, want %d", code, exitError)
	}
	if stdout != "" {
		t.Errorf("stdout %q, want none", stdout)
	}
	want := `fencecheck: example.com/broken: broken.go:4:13: cannot use "not a number"`
	if !strings.HasPrefix(stderr, want) || strings.Count(stderr, "\n") != 1 {
		t.Errorf("stderr:\n%s\nwant one line starting %q", stderr, want)
	}

	code, _, stderr = runCmd(t, []*analysis.Analyzer{fakeWrite}, "testdata/e2e/broken", "./nosuchdir")
	if code != exitError || !strings.Contains(stderr, "fencecheck: ") {
		t.Errorf("missing directory: exit %d, stderr %q", code, stderr)
	}
}

func TestAnalyzerError(t *testing.T) {
	code, _, stderr := runCmd(t, []*analysis.Analyzer{fakeWrite, failing}, "testdata/unit", "./b")
	if code != exitError {
		t.Errorf("exit %d, want %d", code, exitError)
	}
	if want := "fencecheck: example.com/unit/b: failing: boom\n"; stderr != want {
		t.Errorf("stderr %q, want %q", stderr, want)
	}
}

func TestJSONOutput(t *testing.T) {
	code, stdout, stderr := runCmd(t, []*analysis.Analyzer{fakeWrite}, "testdata/unit", "-f", "json", "./...")
	if code != exitFindings {
		t.Fatalf("exit %d; stderr:\n%s", code, stderr)
	}
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if len(lines) != 7 {
		t.Fatalf("got %d lines, want 7:\n%s", len(lines), stdout)
	}
	// Every line is one object with exactly the documented keys.
	for _, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("%v: %s", err, l)
		}
		var keys []string
		for k := range m {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		want := []string{"analyzer", "code", "end", "fixes", "location", "message", "related", "severity", "url"}
		if !slices.Equal(keys, want) {
			t.Errorf("keys %v, want %v", keys, want)
		}
	}
	var got jsonFinding
	if err := json.Unmarshal([]byte(lines[1]), &got); err != nil {
		t.Fatal(err)
	}
	// a/a.go line 13: `	_ = []int{len("héllo 🙂"), write(1)}`; the call starts at byte 32.
	want := jsonFinding{
		Code:     "FC9001",
		Analyzer: "fakewrite",
		Severity: "error",
		Location: jsonLocation{File: "a/a.go", Line: 13, Column: 32},
		End:      jsonLocation{File: "a/a.go", Line: 13, Column: 40},
		Message:  "unfenced write (FC9001)",
		URL:      "https://example.com/FC9001#FC9001", // the checker adds the category
		Related:  []jsonRelated{{Location: jsonLocation{File: "a/a.go", Line: 12, Column: 6}, Message: "lock acquired here"}},
		Fixes: []jsonFix{{Message: "Use fencedWrite", Edits: []jsonEdit{{
			File:  "a/a.go",
			Start: jsonPoint{Line: 13, Column: 32, Offset: offset(t, "testdata/unit/a/a.go", 13, 32)},
			End:   jsonPoint{Line: 13, Column: 37, Offset: offset(t, "testdata/unit/a/a.go", 13, 37)},
			New:   "fencedWrite",
		}}}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("finding:\n%+v\nwant:\n%+v", got, want)
	}
	// A finding without related locations or fixes still has the lists.
	var m map[string]any
	json.Unmarshal([]byte(lines[0]), &m)
	if _, ok := m["related"].([]any); !ok {
		t.Errorf("related is %T, want a list", m["related"])
	}
}

// offset returns the byte offset of a 1-based line and column in a file.
func offset(t *testing.T, file string, line, col int) int {
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	off := 0
	for range line - 1 {
		off += bytes.IndexByte(data[off:], '\n') + 1
	}
	return off + col - 1
}

func TestOutputFile(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out.txt")
	code, stdout, _ := runCmd(t, []*analysis.Analyzer{fakeWrite}, "testdata/unit", "-o", out, "./...")
	if code != exitFindings || stdout != "" {
		t.Errorf("exit %d, stdout %q; want 1 and nothing on stdout", code, stdout)
	}
	data, err := os.ReadFile(out)
	if err != nil || string(data) != wantText {
		t.Errorf("-o file: %v\n%s", err, data)
	}

	code, _, stderr := runCmd(t, []*analysis.Analyzer{fakeWrite}, "testdata/unit", "-o", filepath.Join(t.TempDir(), "no", "such", "dir"), "./b")
	if code != exitError || !strings.Contains(stderr, "cannot write the report: no such file or directory") {
		t.Errorf("unwritable -o: exit %d, stderr %q", code, stderr)
	}
}

// -o never overwrites a Go source file, replaces the report whole (the
// file's mode kept, no temporary file left, a symbolic link followed), and
// a run that fails before writing a report removes an earlier one.
func TestOutputFileSafety(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "jobs.go")
	if err := os.WriteFile(src, []byte("package jobs\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCmd(t, []*analysis.Analyzer{fakeWrite}, "testdata/unit", "-o", src, "./b")
	if data, _ := os.ReadFile(src); code != exitError || string(data) != "package jobs\n" ||
		!strings.Contains(stderr, "will not overwrite a Go source file") || !strings.Contains(stderr, "usage: fencecheck") {
		t.Errorf("-o jobs.go: exit %d, file %q, stderr %q; want exit 2, the file unchanged and the reason", code, data, stderr)
	}

	report := filepath.Join(dir, "report.json")
	if err := os.WriteFile(report, []byte("old\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.json")
	if err := os.Symlink(report, link); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCmd(t, []*analysis.Analyzer{fakeWrite}, "testdata/unit", "-f", "json", "-o", link, "./b"); code != exitFindings {
		t.Fatalf("exit %d, stderr %s", code, stderr)
	}
	data, _ := os.ReadFile(report)
	fi, _ := os.Lstat(link)
	st, _ := os.Stat(report)
	if !strings.Contains(string(data), `"code":"FC9001"`) || fi.Mode()&os.ModeSymlink == 0 || st.Mode().Perm() != 0o600 {
		t.Errorf("through a link: report %q, link mode %v, report mode %v; want the new report, the link kept, mode 0600", data, fi.Mode(), st.Mode())
	}
	if tmp, _ := filepath.Glob(filepath.Join(dir, ".*.tmp")); len(tmp) > 0 {
		t.Errorf("temporary files left: %v", tmp)
	}

	// A run that fails before any report (a configuration error) leaves no
	// stale report behind, and says so.
	code, _, stderr = runCmd(t, []*analysis.Analyzer{fakeWrite}, "testdata/unit", "-f", "json", "-o", report, "-config", filepath.Join(dir, "missing.json"), "./b")
	if _, err := os.Stat(report); code != exitError || !os.IsNotExist(err) || !strings.Contains(stderr, "removed the report of an earlier run") {
		t.Errorf("failed run: exit %d, stat %v, stderr %q; want exit 2 and the earlier report removed", code, err, stderr)
	}
}

func TestProfiles(t *testing.T) {
	dir := t.TempDir()
	cpu, mem := filepath.Join(dir, "cpu.pprof"), filepath.Join(dir, "mem.pprof")
	code, _, stderr := runCmd(t, []*analysis.Analyzer{fakeWrite}, "testdata/unit", "-cpuprofile", cpu, "-memprofile", mem, "./b")
	if code != exitFindings {
		t.Fatalf("exit %d; stderr %s", code, stderr)
	}
	for _, f := range []string{cpu, mem} {
		if st, err := os.Stat(f); err != nil || st.Size() == 0 {
			t.Errorf("profile %s: %v", f, err)
		}
	}
}

func TestSortFindings(t *testing.T) {
	pos := func(file string, line, col int) token.Position {
		return token.Position{Filename: "/w/" + file, Line: line, Column: col}
	}
	want := []finding{
		{code: "FC1001", message: "m", pos: pos("a.go", 2, 1)},
		{code: "FC1001", message: "m", pos: pos("a.go", 10, 1)},
		{code: "FC1001", message: "m", pos: pos("a.go", 10, 5)},
		{code: "FC1001", message: "n", pos: pos("a.go", 10, 5)},
		{code: "FC2001", message: "a", pos: pos("a.go", 10, 5)},
		{code: "FC1001", message: "m", pos: pos("b.go", 1, 1)}, // byte order: '.' < '/'
		{code: "FC1001", message: "m", pos: pos("b/a.go", 1, 1)},
	}
	rel := func(s string) string { return strings.TrimPrefix(s, "/w/") }
	for i := range 20 {
		got := slices.Clone(want)
		r := rand.New(rand.NewPCG(uint64(i), 1))
		r.Shuffle(len(got), func(i, j int) { got[i], got[j] = got[j], got[i] })
		sortFindings(got, rel)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("sorted:\n%v\nwant:\n%v", got, want)
		}
	}
}

func TestRel(t *testing.T) {
	c := &command{wd: "/work/mod"}
	for in, want := range map[string]string{
		"/work/mod/a/b.go":    "a/b.go",
		"/work/mod/b.go":      "b.go",
		"/work/module/b.go":   "/work/module/b.go",
		"/elsewhere/b.go":     "/elsewhere/b.go",
		"relative/already.go": "relative/already.go",
	} {
		if got := c.rel(in); got != want {
			t.Errorf("rel(%q) = %q, want %q", in, got, want)
		}
	}
	if got := c.relPos("/work/mod/a.go:3:4"); got != "a.go:3:4" {
		t.Errorf("relPos = %q", got)
	}
	if got := c.relPos("/work/mod/a.go:3"); got != "a.go:3" {
		t.Errorf("relPos = %q", got)
	}
}

func TestSARIFOutput(t *testing.T) {
	code, stdout, stderr := runCmd(t, []*analysis.Analyzer{fakeWrite}, "testdata/unit", "-f", "sarif", "./...")
	if code != exitFindings {
		t.Fatalf("exit %d, want 1 (SARIF exits 1 on findings too); stderr:\n%s", code, stderr)
	}
	if err := sariftest.Validate([]byte(stdout)); err != nil {
		t.Fatalf("SARIF does not validate: %v\n%s", err, stdout)
	}
	var log sarif.Log
	if err := json.Unmarshal([]byte(stdout), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	if len(run.Results) != 7 {
		t.Fatalf("%d results, want 7", len(run.Results))
	}
	if r := run.Tool.Driver.Rules; len(r) != 1 || r[0].ID != "FC9001" || r[0].Name != "fakewrite" {
		t.Errorf("rules = %+v", r)
	}
	res := run.Results[1] // a/a.go:13, after "héllo 🙂"
	reg := res.Locations[0].PhysicalLocation.Region
	// é is 2 bytes/1 unit, 🙂 is 4 bytes/2 units: byte columns 32-40 are
	// UTF-16 columns 29-37.
	if reg.StartColumn != 29 || reg.EndColumn != 37 || reg.StartLine != 13 {
		t.Errorf("region = %+v, want line 13 columns 29-37 in UTF-16 units", reg)
	}
	if uri := res.Locations[0].PhysicalLocation.ArtifactLocation; uri.URI != "a/a.go" || uri.URIBaseID != "%SRCROOT%" {
		t.Errorf("artifact = %+v", uri)
	}
	// Lines 18 and 22 are both "write(3)": same hash, occurrences 0 and 1.
	fp3, fp4 := run.Results[3].PartialFingerprints["primaryLocationLineHash"], run.Results[4].PartialFingerprints["primaryLocationLineHash"]
	h3, n3, _ := strings.Cut(fp3, ":")
	h4, n4, _ := strings.Cut(fp4, ":")
	if h3 != h4 || n3 != "0" || n4 != "1" {
		t.Errorf("fingerprints of identical lines: %q and %q", fp3, fp4)
	}
	// The baseline's fingerprint tells them apart by their function.
	if b3, b4 := run.Results[3].PartialFingerprints["fencecheck/v1"], run.Results[4].PartialFingerprints["fencecheck/v1"]; len(b3) != 20 || b3 == b4 {
		t.Errorf("fencecheck/v1 fingerprints of write(3) in Three and Four: %q and %q", b3, b4)
	}
	if run.Invocations[0].ExecutionSuccessful != true {
		t.Errorf("executionSuccessful = false")
	}
}

// A run with errors still writes a valid log, marked unsuccessful.
func TestSARIFLoadError(t *testing.T) {
	code, stdout, _ := runCmd(t, []*analysis.Analyzer{fakeWrite}, "testdata/e2e/broken", "-f", "sarif", "./...")
	if code != exitError {
		t.Errorf("exit %d, want 2", code)
	}
	if err := sariftest.Validate([]byte(stdout)); err != nil {
		t.Fatalf("SARIF does not validate: %v", err)
	}
	var log sarif.Log
	json.Unmarshal([]byte(stdout), &log)
	inv := log.Runs[0].Invocations[0]
	if inv.ExecutionSuccessful || len(inv.ToolExecutionNotifications) == 0 {
		t.Errorf("invocation = %+v, want unsuccessful with notifications", inv)
	}
}

// A malformed or missing configuration file is one clear error and exit 2,
// before any package is loaded.
func TestConfigErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte("{\n  \"lokcs\": []\n}"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-config", bad, "./..."}, `bad.json:2:3: invalid fencecheck configuration: unknown key "lokcs" at the top level`},
		{[]string{"-config", filepath.Join(dir, "missing.json"), "./..."}, "missing.json: no such file"},
	} {
		code, stdout, stderr := runCmd(t, analyzers.All, "testdata/unit", tc.args...)
		if code != exitError || stdout != "" || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and one line containing %q", tc.args, code, stdout, stderr, tc.want)
		}
	}
}

// A package that does not load (a //go:embed pattern matching nothing), a
// dependency whose function bodies do not type-check, and a test file that
// does not type-check are each reported with the package's name and exit
// status 2, while the packages that did load are still analysed: the test
// file's errors do not drop the findings of the package's other files.
func TestLoadErrorsKeepFindings(t *testing.T) {
	code, stdout, stderr := runCmd(t, []*analysis.Analyzer{fakeWrite}, "testdata/e2e/loaderrs", "./...")
	if code != exitError {
		t.Errorf("exit %d, want %d", code, exitError)
	}
	for _, want := range []string{
		"fencecheck: example.com/loaderrs/embedmiss: embedmiss/embedmiss.go:6:12: pattern nothing.txt: no matching files found\n",
		`fencecheck: example.com/loaderrs/dep: dep/dep.go:8:14: cannot use "not a number"`,
		`fencecheck: example.com/loaderrs/testerr: testerr/testerr_test.go:6:14: cannot use "not a number"`,
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr does not have %q:\n%s", want, stderr)
		}
	}
	for _, want := range []string{
		"fine/fine.go:6:14: unfenced write (FC9001)",
		"testerr/testerr.go:6:14: unfenced write (FC9001)",
		"testdep/testdep.go:6:14: unfenced write (FC9001)", // only its test imports a broken package
		"embedmiss/embedmiss.go:11:14: unfenced write (FC9001)",
		"embeduser/embeduser.go:10:14: unfenced write (FC9001)", // imports embedmiss, whose types are whole
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout does not have %q:\n%s", want, stdout)
		}
	}

	// Named alone, the importer of the broken dependency fails too.
	code, _, stderr = runCmd(t, []*analysis.Analyzer{fakeWrite}, "testdata/e2e/loaderrs", "./bodydep")
	if code != exitError || !strings.Contains(stderr, "fencecheck: example.com/loaderrs/dep: ") {
		t.Errorf("./bodydep: exit %d, stderr %q; want 2 and dep's error", code, stderr)
	}
}

// Configuration problems that only the program shows are errors with the
// file's line and column, said once however many packages find them; an
// entry for a package that is not in the build is a warning. The file found
// at the module root gets the same "fencecheck:" prefix as every message,
// a byte order mark is accepted, and a negative index is an error, not a
// crash.
func TestConfigAgainstProgram(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.26\n",
		"lockz/lockz.go": `package lockz

type Client struct{}

func (c *Client) Acquire() (bool, error) { return true, nil }
func (c *Client) Release()               {}
func Notify(seq int64) error             { return nil }
`,
		"a/a.go": `package a

import "example.com/m/lockz"

func Run(c *lockz.Client) {
	if ok, _ := c.Acquire(); !ok {
		return
	}
	defer c.Release()
	lockz.Notify(0)
}
`,
		"b/b.go": `package b

import "example.com/m/lockz"

func Run() { lockz.Notify(1) }
`,
	}
	for name, text := range files {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const lock = `{"func": "example.com/m/lockz.(*Client).Acquire", "success": "bool", "release": ["example.com/m/lockz.(*Client).Release"]}`
	for _, tc := range []struct {
		config string
		code   int
		want   string // the whole of stderr, with the directory as $DIR
	}{
		{`{"locks": [` + lock + `], "sinks": [{"func": "example.com/m/lockz.Notify", "carried_by": [-1]}]}`, exitError,
			"fencecheck: $DIR/fencecheck.json:1:201: invalid fencecheck configuration: sinks[0].carried_by[0]: -1 is negative: arguments are counted from 0 (the receiver of a method is 0)\n"},
		{`{"locks": [{"func": "example.com/m/lockz.(*Client).Acquire", "success": "bool", "result": 5}]}`, exitError,
			"fencecheck: $DIR/fencecheck.json:1:91: invalid fencecheck configuration: locks[0].result: Acquire has 2 result(s), counted from 0; there is no result 5\n"},
		{`{"locks": [{"func": "example.com/m/lockz.(*Client).Acquire", "success": "bool", "release": ["example.com/m/lockz.(*Client).Relase"]}]}`, exitError,
			"fencecheck: $DIR/fencecheck.json:1:93: invalid fencecheck configuration: locks[0].release[0]: type lockz.Client has no method or field Relase; did you mean Release?\n"},
		{`{"checks": ["example.com/m/lockz.(*Client).Alive"]}`, exitError,
			"fencecheck: $DIR/fencecheck.json:1:13: invalid fencecheck configuration: checks[0]: type lockz.Client has no method or field Alive\n"},
		{"\xEF\xBB\xBF" + `{"locks": [` + lock + `], "sinks": [{"func": "example.com/m/lockz.Notify", "carried_by": [0]}]}`, exitFindings, ""},
		// An entry whose package no build of the module can have is an
		// error, with the nearest package as a suggestion (issue 27: a
		// typo in a package path used to be a warning and exit 0).
		{`{"locks": [` + lock + `], "checks": ["example.com/other.Alive"]}`, exitError,
			"fencecheck: $DIR/fencecheck.json:1:148: invalid fencecheck configuration: checks[0]: package example.com/other is in no module of this build (not the standard library, not in module example.com/m nor in a module its go.mod requires), so nothing can import it and the entry matches nothing\n"},
		{`{"checks": ["example.com/mm/lockz.(*Client).Alive"]}`, exitError,
			"fencecheck: $DIR/fencecheck.json:1:13: invalid fencecheck configuration: checks[0]: package example.com/mm/lockz is in no module of this build (not the standard library, not in module example.com/m nor in a module its go.mod requires), so nothing can import it and the entry matches nothing; did you mean example.com/m/lockz?\n"},
		{`{"sinks": [{"func": "example.com/m/lokz.Notify"}]}`, exitError,
			"fencecheck: $DIR/fencecheck.json:1:21: invalid fencecheck configuration: sinks[0].func: package example.com/m/lokz is in no module of this build (not the standard library, not in module example.com/m nor in a module its go.mod requires), so nothing can import it and the entry matches nothing; did you mean example.com/m/lockz?\n"},
		// A package nothing else would make fencecheck analyse is analysed
		// when the file names one of its functions.
		{`{"checks": ["example.com/m/b.Nope"]}`, exitError,
			"fencecheck: $DIR/fencecheck.json:1:13: invalid fencecheck configuration: checks[0]: package example.com/m/b has no function Nope\n"},
		{`{"locks": []} {}`, exitError,
			"fencecheck: $DIR/fencecheck.json:1:15: invalid fencecheck configuration: unexpected data after the configuration object\n"},
	} {
		if err := os.WriteFile(filepath.Join(dir, "fencecheck.json"), []byte(tc.config), 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, stderr := runCmd(t, analyzers.All, dir, "./...")
		want := strings.ReplaceAll(tc.want, "$DIR", dir)
		if code != tc.code || stderr != want {
			t.Errorf("%s:\nexit %d, stderr:\n%s\nwant exit %d, stderr:\n%s", tc.config, code, stderr, tc.code, want)
		}
	}
}

// writeModule writes files (name -> text) under a new temporary directory.
func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// A failure of the go command is one line in the user's terms, not
// go/packages' "err: exit status 1: stderr: go: ...".
func TestGoCommandErrors(t *testing.T) {
	noMod := writeModule(t, map[string]string{"x.go": "package x\n"})
	newGo := writeModule(t, map[string]string{"go.mod": "module example.com/newgo\n\ngo 1.99\n", "x.go": "package x\n"})
	mini, err := filepath.Abs("testdata/e2e/mini")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		dir  string
		env  map[string]string
		want string
	}{
		{"outside a module", noMod, map[string]string{"GOWORK": "off", "GO111MODULE": ""},
			"fencecheck: no go.mod in the current directory or any parent: run fencecheck inside a Go module (go mod init creates one) or name packages of one\n"},
		{"go not on PATH", mini, map[string]string{"PATH": t.TempDir()},
			"fencecheck: the go command is not on PATH: fencecheck runs it to list packages; install Go or add its bin directory to PATH\n"},
		{"unwritable cache", mini, map[string]string{"GOCACHE": filepath.Join(noMod, "x.go", "cache")},
			"fencecheck: the Go build cache " + filepath.Join(noMod, "x.go", "cache") + " cannot be used (mkdir " + filepath.Join(noMod, "x.go") + ": not a directory): set GOCACHE to a writable directory\n"},
		{"newer go directive", newGo, map[string]string{"GOTOOLCHAIN": "local"},
			"fencecheck: go.mod requires go >= 1.99, but the go command on PATH is go " + strings.TrimPrefix(runtimeGoVersion(t), "go") + " (GOTOOLCHAIN=local): install Go 1.99 or later, or let the go command fetch it (GOTOOLCHAIN=auto)\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.name == "unwritable cache" && runtime.GOOS == "windows" {
				t.Skip("the error text of mkdir is the operating system's")
			}
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			code, stdout, stderr := runCmd(t, []*analysis.Analyzer{fakeWrite}, tc.dir, "./...")
			if code != exitError || stdout != "" || stderr != tc.want {
				t.Errorf("exit %d, stdout %q, stderr:\n%s\nwant exit 2 and stderr:\n%s", code, stdout, stderr, tc.want)
			}
		})
	}
}

// runtimeGoVersion is the version of the go command on PATH ("go1.26.8").
func runtimeGoVersion(t *testing.T) string {
	out, err := exec.Command("go", "env", "GOVERSION").Output()
	if err != nil {
		t.Skipf("go env GOVERSION: %v", err)
	}
	return strings.TrimSpace(string(out))
}

// A module that cannot be resolved (a missing go.sum entry) is said first,
// on one line, of the package whose import fails, before the errors of other
// packages.
func TestMissingGoSumFirst(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"go.mod": "module example.com/nosum\n\ngo 1.26\n\nrequire golang.org/x/sync v0.24.0\n",
		"a/a.go": "package a\n\nvar X int = undefinedName\n",
		"b/b.go": "package b\n\nimport \"golang.org/x/sync/errgroup\"\n\nvar G errgroup.Group\n",
	})
	t.Setenv("GOPROXY", "off")
	t.Setenv("GOFLAGS", "-mod=readonly")
	code, _, stderr := runCmd(t, []*analysis.Analyzer{fakeWrite}, dir, "./...")
	lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	want0 := "fencecheck: example.com/nosum/b: b/b.go:3:8: missing go.sum entry for module providing package golang.org/x/sync/errgroup (imported by example.com/nosum/b); to add: go get example.com/nosum/b"
	if code != exitError || len(lines) != 2 || lines[0] != want0 || !strings.HasPrefix(lines[1], "fencecheck: example.com/nosum/a: a/a.go:3:13: undefined: undefinedName") {
		t.Errorf("exit %d, stderr:\n%s\nwant exit 2, first %q, then a's type error", code, stderr, want0)
	}
}

// "fencecheck -flags" at a terminal says what its JSON is for; for go vet
// (a pipe) it prints nothing more.
func TestExplainFlags(t *testing.T) {
	var b bytes.Buffer
	explainFlags([]string{"-flags"}, true, &b)
	if !strings.Contains(b.String(), "for go vet") || !strings.Contains(b.String(), "fencecheck -h") {
		t.Errorf("at a terminal: %q", b.String())
	}
	for _, args := range [][]string{{"-flags"}, {"-V=full"}} {
		b.Reset()
		explainFlags(args, args[0] != "-flags", &b)
		if b.Len() > 0 {
			t.Errorf("%q: %q, want nothing", args, b.String())
		}
	}
}

// A fencecheck.json at the root of a go.work workspace, which has no
// go.mod, applies to no package (the lookup stops at each module's root):
// it is an error, not a file that is validated and then ignored. Named
// with -config, it applies to every package.
func TestConfigAtWorkspaceRoot(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"go.work":         "go 1.26\n\nuse ./svc\n",
		"svc/go.mod":      "module example.com/svc\n\ngo 1.26\n",
		"svc/app/app.go":  "package app\n\nfunc Alive() bool { return true }\n",
		"fencecheck.json": `{"checks": ["example.com/svc/app.Aliv"]}`,
	})
	t.Setenv("GOWORK", "")
	code, _, stderr := runCmd(t, analyzers.All, dir, "./svc/...")
	want := "fencecheck: " + filepath.Join(dir, "fencecheck.json") + ": not at a module root (no go.mod beside it), so it applies to no package: " +
		"fencecheck reads fencecheck.json at the root of each package's module; move it there, or name it with -config to apply it to every package\n"
	if code != exitError || stderr != want {
		t.Errorf("exit %d, stderr:\n%s\nwant exit 2, stderr:\n%s", code, stderr, want)
	}
	code, _, stderr = runCmd(t, analyzers.All, dir, "-config", filepath.Join(dir, "fencecheck.json"), "./svc/...")
	if want := "checks[0]: package example.com/svc/app has no function Aliv; did you mean Alive?\n"; code != exitError || !strings.HasSuffix(stderr, want) {
		t.Errorf("with -config: exit %d, stderr:\n%s\nwant exit 2 and %q", code, stderr, want)
	}
}

// A go command failure of several lines is kept whole: -mod=vendor without
// a vendor directory says what is inconsistent and what to do after
// "inconsistent vendoring in DIR:".
func TestGoCommandErrorWhole(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"go.mod": "module example.com/vend\n\ngo 1.22\n\nrequire golang.org/x/sync v0.24.0\n",
		"v.go":   "package v\n",
	})
	t.Setenv("GOFLAGS", "-mod=vendor")
	code, stdout, stderr := runCmd(t, []*analysis.Analyzer{fakeWrite}, dir, "./...")
	want := "fencecheck: go list failed: inconsistent vendoring in " + dir + ":\n\tgolang.org/x/sync@v0.24.0: is explicitly required in go.mod, but not marked as explicit in vendor/modules.txt\n"
	if code != exitError || stdout != "" || !strings.HasPrefix(stderr, want) || !strings.Contains(stderr, "\n\t\tgo mod vendor\n") {
		t.Errorf("exit %d, stdout %q, stderr:\n%s\nwant exit 2 and stderr starting:\n%s\t...\n\t\tgo mod vendor", code, stdout, stderr, want)
	}
}

// A cgo package whose C side cannot be built (a pkg-config library that is
// not installed) is reported with the go command's reason, not the type
// checker's "could not import C (no metadata for C)" that follows from it.
func TestCgoFailureCause(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no C compiler")
	}
	dir := writeModule(t, map[string]string{
		"go.mod": "module example.com/cgofail\n\ngo 1.22\n",
		"c.go":   "package cgofail\n\n// #cgo pkg-config: fencecheck-no-such-library\n// #include <stdio.h>\nimport \"C\"\n\nfunc F() {}\n",
	})
	t.Setenv("CGO_ENABLED", "1")
	code, _, stderr := runCmd(t, []*analysis.Analyzer{fakeWrite}, dir, "./...")
	if code != exitError || strings.Contains(stderr, "could not import C") || !strings.Contains(stderr, "pkg-config") {
		t.Errorf("exit %d, stderr:\n%s\nwant exit 2 and the go command's pkg-config failure, not \"could not import C\"", code, stderr)
	}
}

// Load errors are ordered by position numerically (9:2 before 10:2), with a
// package's syntax errors before the type errors that may follow from them;
// an import that fails because the module cache cannot be written says so
// before the undefined name it causes.
func TestLoadErrorOrder(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"go.mod": "module example.com/order\n\ngo 1.22\n",
		"a.go": "package order\n\nvar x1 = undefinedA\n\n\n\n\n\nvar x9 = undefinedB\nvar x10 = undefinedC\n\n" +
			"func B() int { return ( }\n",
	})
	code, _, stderr := runCmd(t, []*analysis.Analyzer{fakeWrite}, dir, "./...")
	var got []string
	for _, l := range strings.Split(strings.TrimSpace(stderr), "\n") {
		got = append(got, strings.Join(strings.Fields(l)[2:3], ""))
	}
	want := []string{"a.go:12:25:", "a.go:12:27:", "a.go:12:27:", "a.go:12:27:", "a.go:3:10:", "a.go:9:10:", "a.go:10:11:"}
	if code != exitError || !slices.Equal(got, want) {
		t.Errorf("exit %d, positions %v, want %v; stderr:\n%s", code, got, want, stderr)
	}

	// A module cache that cannot be written (here a file where its
	// directory would go, as a read-only one for a user who is not root).
	cache := t.TempDir()
	if err := os.WriteFile(filepath.Join(cache, "cache"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	dir = writeModule(t, map[string]string{
		"go.mod": "module example.com/rocache\n\ngo 1.22\n\nrequire github.com/redis/go-redis/v9 v9.23.0\n",
		"go.sum": "github.com/redis/go-redis/v9 v9.23.0 h1:/TTVdJa8BRNsybwwGGnmiYktHNlUXtbOQxlWpHBPL3s=\ngithub.com/redis/go-redis/v9 v9.23.0/go.mod h1:EWP2UUk+XDaI1s5nQB5mablZN6vccXlmBQTyfnF87D0=\n",
		"v.go":   "package v\n\nimport (\n\t\"context\"\n\n\t\"github.com/redis/go-redis/v9\"\n)\n\nfunc F(c *redis.Client) { c.Set(context.Background(), \"k\", 1, 0) }\n",
	})
	t.Setenv("GOMODCACHE", cache)
	t.Setenv("GOPROXY", "off")
	t.Setenv("GOFLAGS", "-mod=mod")
	code, _, stderr = runCmd(t, []*analysis.Analyzer{fakeWrite}, dir, "./...")
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	if code != exitError || len(lines) != 2 || !strings.HasPrefix(lines[0], "fencecheck: example.com/rocache: v.go:6:2: mkdir "+filepath.Join(cache, "cache")) ||
		!strings.HasPrefix(lines[1], "fencecheck: example.com/rocache: v.go:9:11: undefined: redis") {
		t.Errorf("exit %d, stderr:\n%s\nwant exit 2, the cache error, then undefined: redis", code, stderr)
	}
}

// Under a //line directive, findings and related locations show the
// adjusted position (the file and line the directive names, as go vet and
// the compiler do; without a column when the directive gives none), in
// every format; a suggested fix edits the real file at
// its real line, column and offset, since that is the file a tool applying
// it must write.
func TestLineDirective(t *testing.T) {
	const src = "package a\n\nfunc write(int) {}\n\nfunc F() {\n//line templates/jobs.tmpl:40\n\twrite(1)\n}\n"
	dir := writeModule(t, map[string]string{"go.mod": "module example.com/a\n\ngo 1.22\n", "a.go": src})

	code, stdout, stderr := runCmd(t, []*analysis.Analyzer{fakeWrite}, dir, "./...")
	if want := "templates/jobs.tmpl:40: unfenced write (FC9001)\n\ta.go:5:6: lock acquired here\n"; code != exitFindings || stdout != want {
		t.Errorf("text: exit %d, stdout:\n%s\nwant:\n%s\nstderr: %s", code, stdout, want, stderr)
	}

	_, stdout, _ = runCmd(t, []*analysis.Analyzer{fakeWrite}, dir, "-f", "json", "./...")
	var got jsonFinding
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("%v: %s", err, stdout)
	}
	start := strings.Index(src, "write(1)")
	// The directive gives no column: it is unknown (0) until the next one.
	wantLoc := jsonLocation{File: "templates/jobs.tmpl", Line: 40, Column: 0}
	wantEdit := jsonEdit{File: "a.go", Start: jsonPoint{Line: 7, Column: 2, Offset: start}, End: jsonPoint{Line: 7, Column: 7, Offset: start + len("write")}, New: "fencedWrite"}
	if got.Location != wantLoc || len(got.Fixes) != 1 || len(got.Fixes[0].Edits) != 1 || got.Fixes[0].Edits[0] != wantEdit {
		t.Errorf("json: location %+v, fixes %+v; want location %+v and the edit %+v", got.Location, got.Fixes, wantLoc, wantEdit)
	}

	_, stdout, _ = runCmd(t, []*analysis.Analyzer{fakeWrite}, dir, "-f", "sarif", "./...")
	var log sarif.Log
	if err := json.Unmarshal([]byte(stdout), &log); err != nil {
		t.Fatal(err)
	}
	res := log.Runs[0].Results
	if len(res) != 1 || res[0].Locations[0].PhysicalLocation.ArtifactLocation.URI != "templates/jobs.tmpl" || res[0].Locations[0].PhysicalLocation.Region.StartLine != 40 {
		t.Errorf("sarif: results %+v; want one at templates/jobs.tmpl:40", res)
	}
}

// Check selection is handed to the engine before precedence: a write that
// a more specific check reports when it is selected (FC2001 behind a lease
// check, FC1003 for mail, FC2002 for a fence compared in Go) is FC1001's
// when only FC1001 is selected or the specific check is switched off, and
// is not lost.
func TestSelectionBeforePrecedence(t *testing.T) {
	writes := []string{"app/app.go:18:17: DELETE drafts", "app/app.go:30:15: mail sent", "app/app.go:49:25: UPDATE accounts"}
	for _, tc := range []struct {
		checks string
		want   []string // the code reported at each write; "" for none
	}{
		{"all", []string{"FC2001", "FC1003", "FC2002"}},
		{"FC1001", []string{"FC1001", "FC1001", "FC1001"}},
		{"-FC2001,-FC1003,-FC2002", []string{"FC1001", "FC1001", "FC1001"}},
		{"FC2001", []string{"FC2001", "", ""}},
		{"FC1003,FC2002", []string{"", "FC1003", "FC2002"}},
		{"FC5*", []string{"", "", ""}},
	} {
		code, stdout, stderr := runCmd(t, analyzers.All, "testdata/e2e/selection", "-checks", tc.checks, "./...")
		var got []string
		any := false
		for _, at := range writes {
			var codes []string
			for _, line := range strings.Split(stdout, "\n") {
				if strings.HasPrefix(line, at) {
					codes = append(codes, line[strings.LastIndex(line, "(")+1:len(line)-1])
				}
			}
			got = append(got, strings.Join(codes, "+"))
			any = any || len(codes) > 0
		}
		wantCode := exitClean
		if any {
			wantCode = exitFindings
		}
		if code != wantCode || !slices.Equal(got, tc.want) {
			t.Errorf("-checks %s: exit %d, codes at the writes %q; want %d, %q\n%s%s", tc.checks, code, got, wantCode, tc.want, stdout, stderr)
		}
	}
}
