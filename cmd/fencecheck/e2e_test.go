package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"go/scanner"
	"go/token"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fencecheck/fencecheck/analyzers"
	"github.com/fencecheck/fencecheck/cmd/fencecheck/internal/sariftest"
	"github.com/fencecheck/fencecheck/internal/suite"
)

// e2eModules are the modules the end-to-end test runs the real binary on,
// both standalone and as a go vet tool. Their expectations are written in
// the code as analysistest-style comments: a line that must be reported
// carries `// want "FC1001..."`, each quoted text a regexp that must match
// one finding's message on that line; every other line must be silent.
var e2eModules = []struct {
	name string
	dir  string // relative to this package
	// integration modules need the real libraries from the module proxy
	// and minutes of compilation: they run with FENCECHECK_INTEGRATION=1
	// (as .ci/run sets it).
	integration bool
	loadErr     string // if set, loading must fail naming this package (exit 2)
	// vetOff also checks that go vet -unfencedwrite=false turns FC1001
	// off; one small module is enough, and each go vet run of a module
	// with heavy dependencies costs minutes.
	vetOff bool
	// fixes are packages whose suggested fixes, as go vet -fix -diff
	// shows them, must be the module's fixes.diff (docs/integrations.md
	// shows that command on these packages).
	fixes []string
	// vetMisses are findings (file:line: code) of the standalone command
	// that go vet cannot make: an interface call resolved against an
	// implementation in a package the caller does not import.
	vetMisses []string
}{
	{name: "mini", dir: "testdata/e2e/mini", vetOff: true},
	{name: "iface", dir: "testdata/e2e/iface", vetMisses: []string{"sched/sched.go:19: FC1001", "sched/sched.go:22: FC1001", "service/service.go:52: FC1001", "service/service.go:65: FC1001", "service/service.go:81: FC1001", "service/service.go:93: FC1001"}},
	{name: "broken", dir: "testdata/e2e/broken", loadErr: "example.com/broken"},
	// cgo, a package excluded by build tags, generics, an empty package and
	// a 3,000-statement function: findings where due, never a panic.
	{name: "odd", dir: "testdata/e2e/odd"},
	{name: "realmod", dir: "../../testdata/realmod", integration: true, fixes: []string{"./setnxlock/", "./sqllease/"}},
}

func TestE2E(t *testing.T) {
	if testing.Short() {
		t.Skip("builds fencecheck and runs go vet")
	}
	bin := buildBinary(t)
	// Leave a minute before the test binary's own deadline: a module with
	// heavy dependencies (realmod) compiles them all on a cold build cache,
	// and a command that runs out of time is killed with its children and
	// reported here, instead of the whole test binary panicking.
	ctx := t.Context()
	if d, ok := t.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, d.Add(-time.Minute))
		defer cancel()
	}
	for _, m := range e2eModules {
		t.Run(m.name, func(t *testing.T) {
			dir, err := filepath.Abs(m.dir)
			if err != nil {
				t.Fatal(err)
			}
			if m.integration && os.Getenv("FENCECHECK_INTEGRATION") != "1" {
				t.Skipf("set FENCECHECK_INTEGRATION=1 to run %s against the real libraries", m.dir)
			}
			if m.loadErr != "" {
				testLoadError(ctx, t, bin, dir, m.loadErr)
				return
			}
			testModule(ctx, t, bin, dir, m.vetOff, m.vetMisses)
			if len(m.fixes) > 0 {
				testFixes(ctx, t, bin, dir, m.fixes)
			}
		})
	}
}

// testFixes compares what go vet -fix -diff shows for pkgs with the
// module's fixes.diff: file sections in name order, paths relative to the
// module. go vet exits 1 when there is a diff.
func testFixes(ctx context.Context, t *testing.T, bin, dir string, pkgs []string) {
	want, err := os.ReadFile(filepath.Join(dir, "fixes.diff"))
	if err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := run(ctx, t, dir, "go", append([]string{"vet", "-vettool=" + bin, "-fix", "-diff"}, pkgs...)...)
	if code != 1 || len(stderr) > 0 {
		t.Errorf("go vet -fix -diff %s: exit %d, want 1 (a diff)\n%s", strings.Join(pkgs, " "), code, stderr)
	}
	if got := normalizeDiff(string(stdout), dir); got != string(want) {
		t.Errorf("go vet -fix -diff %s differs from %s:\n%s", strings.Join(pkgs, " "), filepath.Join(dir, "fixes.diff"), got)
	}
}

// normalizeDiff makes the file names of a diff relative to dir and orders
// its file sections by name (go vet prints packages as they finish).
func normalizeDiff(diff, dir string) string {
	diff = strings.ReplaceAll(diff, filepath.ToSlash(dir)+"/", "")
	var sections []string
	for _, s := range regexp.MustCompile(`(?m)^--- `).Split(diff, -1) {
		if strings.TrimSpace(s) != "" {
			sections = append(sections, "--- "+strings.TrimSuffix(s, "\n")+"\n")
		}
	}
	slices.Sort(sections)
	return strings.Join(sections, "")
}

// TestStd runs fencecheck over the standard library, tests included: a big,
// varied, lock-free code base on which it must neither crash nor fail to
// load. It takes minutes, so it runs only with FENCECHECK_STD=1.
func TestStd(t *testing.T) {
	if os.Getenv("FENCECHECK_STD") != "1" {
		t.Skip("set FENCECHECK_STD=1 to analyse the standard library")
	}
	bin := buildBinary(t)
	code, stdout, stderr := run(t.Context(), t, t.TempDir(), bin, "std")
	if code != exitClean && code != exitFindings {
		t.Errorf("fencecheck std: exit %d\n%s", code, stderr)
	}
	if bytes.Contains(stderr, []byte("panic")) || bytes.Contains(stderr, []byte("goroutine ")) {
		t.Errorf("fencecheck std panicked:\n%s", stderr)
	}
	t.Logf("fencecheck std: exit %d, %d lines of findings", code, bytes.Count(stdout, []byte("\n")))
}

// buildBinary builds fencecheck into a temporary directory.
func buildBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "fencecheck")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// e2eFinding is what both drivers must agree on.
type e2eFinding struct {
	file    string // slash-separated, relative to the module
	line    int
	code    string
	message string
}

func (f e2eFinding) key() string { return fmt.Sprintf("%s:%d: %s", f.file, f.line, f.code) }

// run executes a command in dir and returns its exit code and output.
func run(ctx context.Context, t *testing.T, dir, name string, args ...string) (int, []byte, []byte) {
	t.Helper()
	cmd := exec.CommandContext(ctx, name, args...)
	killGroupOnCancel(cmd)
	cmd.Dir = dir
	// The modules under test are not part of any workspace.
	cmd.Env = append(os.Environ(), "GOWORK=off")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("%s %q in %s: %v\n%s", name, args, dir, ctx.Err(), stderr.Bytes())
	}
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0, stdout.Bytes(), stderr.Bytes()
	case errors.As(err, &exit):
		return exit.ExitCode(), stdout.Bytes(), stderr.Bytes()
	}
	t.Fatalf("%s %q: %v", name, args, err)
	return 0, nil, nil
}

func testModule(ctx context.Context, t *testing.T, bin, dir string, vetOff bool, vetMisses []string) {
	// (a) standalone, JSON Lines.
	code, stdout, stderr := run(ctx, t, dir, bin, "-f", "json", "./...")
	if code != exitClean && code != exitFindings {
		t.Fatalf("fencecheck -f json ./...: exit %d\n%s", code, stderr)
	}
	standalone := parseJSONLines(t, dir, stdout)
	if want := exitCode(len(standalone)); code != want {
		t.Errorf("fencecheck exited %d with %d findings, want %d", code, len(standalone), want)
	}
	if len(stderr) > 0 {
		t.Errorf("fencecheck wrote to stderr:\n%s", stderr)
	}

	// (b) go vet with fencecheck as the vet tool.
	code, stdout, stderr = run(ctx, t, dir, "go", "vet", "-vettool="+bin, "-json", "./...")
	if code != 0 {
		t.Fatalf("go vet -json: exit %d\n%s%s", code, stdout, stderr)
	}
	vet := parseVetJSON(t, dir, append(stdout, stderr...))

	// Both drivers report the same (file:line, code) set, but for what
	// only the whole program shows.
	a, b := keys(standalone), keys(vet)
	for _, m := range vetMisses {
		if !slices.Contains(a, m) {
			t.Errorf("standalone did not report %s", m)
		}
		a = slices.DeleteFunc(a, func(k string) bool { return k == m })
	}
	if !slices.Equal(a, b) {
		t.Errorf("standalone and go vet disagree:\nstandalone: %q\ngo vet:     %q", a, b)
	}

	// go vet's per-analyzer flag turns a check off.
	if vetOff {
		_, stdout, stderr = run(ctx, t, dir, "go", "vet", "-vettool="+bin, "-json", "-unfencedwrite=false", "./...")
		for _, f := range parseVetJSON(t, dir, append(stdout, stderr...)) {
			if f.code == "FC1001" {
				t.Errorf("go vet -unfencedwrite=false reported %s", f.key())
			}
		}
	}

	// The findings are exactly the // want expectations.
	wants, suppressed := expectations(t, dir)
	checkWants(t, standalone, wants)
	for _, f := range standalone {
		for _, s := range suppressed {
			if s.file == f.file && s.line == f.line && s.covers(f.code) {
				t.Errorf("%s: reported despite %s", f.key(), s.text)
			}
		}
	}

	// The SARIF of the same run is valid and has the same results.
	code, stdout, stderr = run(ctx, t, dir, bin, "-f", "sarif", "./...")
	if want := exitCode(len(standalone)); code != want {
		t.Errorf("fencecheck -f sarif: exit %d, want %d\n%s", code, want, stderr)
	}
	if err := sariftest.Validate(stdout); err != nil {
		t.Errorf("SARIF does not validate: %v", err)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string } `json:"artifactLocation"`
						Region           struct{ StartLine int }
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(stdout, &log); err != nil || len(log.Runs) != 1 {
		t.Fatalf("SARIF: %v", err)
	}
	var sarifKeys []string
	for _, r := range log.Runs[0].Results {
		pl := r.Locations[0].PhysicalLocation
		sarifKeys = append(sarifKeys, fmt.Sprintf("%s:%d: %s", pl.ArtifactLocation.URI, pl.Region.StartLine, r.RuleID))
	}
	slices.Sort(sarifKeys)
	sarifKeys = slices.Compact(sarifKeys)
	if a := keys(standalone); !slices.Equal(a, sarifKeys) {
		t.Errorf("SARIF results differ from JSON:\njson:  %q\nsarif: %q", a, sarifKeys)
	}
}

func exitCode(findings int) int {
	if findings > 0 {
		return exitFindings
	}
	return exitClean
}

func testLoadError(ctx context.Context, t *testing.T, bin, dir, pkg string) {
	for _, format := range []string{"text", "json", "sarif"} {
		code, stdout, stderr := run(ctx, t, dir, bin, "-f", format, "./...")
		if code != exitError {
			t.Errorf("-f %s: exit %d, want %d", format, code, exitError)
		}
		if !regexp.MustCompile(`(?m)^fencecheck: ` + regexp.QuoteMeta(pkg) + `: \S+\.go:\d+:\d+: `).Match(stderr) {
			t.Errorf("-f %s: stderr does not name %s with file:line:col:\n%s", format, pkg, stderr)
		}
		if bytes.Contains(stderr, []byte("panic")) || bytes.Contains(stderr, []byte("goroutine ")) {
			t.Errorf("-f %s: panicked:\n%s", format, stderr)
		}
		if format != "sarif" && len(stdout) > 0 {
			t.Errorf("-f %s: findings printed for a package that did not load:\n%s", format, stdout)
		}
	}
}

// keys returns the distinct (file:line, code) keys of the findings; a
// driver may see a file twice (in a package and its test variant).
func keys(fs []e2eFinding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.key())
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// relFile makes a reported file name relative to the module directory.
func relFile(t *testing.T, dir, name string) string {
	if filepath.IsAbs(name) {
		r, err := filepath.Rel(dir, name)
		if err != nil {
			t.Fatal(err)
		}
		name = r
	}
	return filepath.ToSlash(name)
}

func parseJSONLines(t *testing.T, dir string, out []byte) []e2eFinding {
	var fs []e2eFinding
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var f jsonFinding
		if err := json.Unmarshal(sc.Bytes(), &f); err != nil {
			t.Fatalf("bad JSON line %q: %v", sc.Text(), err)
		}
		fs = append(fs, e2eFinding{relFile(t, dir, f.Location.File), f.Location.Line, f.Code, f.Message})
	}
	return fs
}

// parseVetJSON reads go vet -json output: a stream of objects
// {"pkgpath": {"analyzer": [diagnostic...] or {"error": "..."}}},
// each preceded by a "# pkgpath" comment line when it is not empty.
func parseVetJSON(t *testing.T, dir string, out []byte) []e2eFinding {
	var lines []string
	for _, l := range strings.Split(string(out), "\n") {
		if !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	dec := json.NewDecoder(strings.NewReader(strings.Join(lines, "\n")))
	var fs []e2eFinding
	for {
		var tree map[string]map[string]json.RawMessage
		if err := dec.Decode(&tree); err != nil {
			if errors.Is(err, io.EOF) {
				break
			}
			t.Fatalf("go vet -json output: %v\n%s", err, out)
		}
		for pkg, byAnalyzer := range tree {
			for analyzer, raw := range byAnalyzer {
				var diags []struct {
					Posn     string `json:"posn"`
					Message  string `json:"message"`
					Category string `json:"category"`
				}
				if err := json.Unmarshal(raw, &diags); err != nil {
					t.Errorf("go vet: %s: %s: %s", pkg, analyzer, raw) // {"error": ...}
					continue
				}
				for _, d := range diags {
					file, line := splitPosn(t, d.Posn)
					fs = append(fs, e2eFinding{relFile(t, dir, file), line, d.Category, d.Message})
				}
			}
		}
	}
	return fs
}

// splitPosn splits "file:line:col".
func splitPosn(t *testing.T, posn string) (string, int) {
	parts := strings.Split(posn, ":")
	if len(parts) < 3 {
		t.Fatalf("bad posn %q", posn)
	}
	line, err := strconv.Atoi(parts[len(parts)-2])
	if err != nil {
		t.Fatalf("bad posn %q", posn)
	}
	return strings.Join(parts[:len(parts)-2], ":"), line
}

// want is one expected finding.
type want struct {
	file string
	line int
	re   *regexp.Regexp
}

// suppression is a directive that must silence the findings it names on
// one line.
type suppression struct {
	file  string
	line  int
	names []string // codes or analyzer names; "fencecheck" for all
	text  string
}

func (s suppression) covers(code string) bool {
	if code == "FC0001" {
		return false // problems with the directive itself are reported
	}
	for _, n := range s.names {
		if n == "fencecheck" {
			return true
		}
		for _, c := range suite.Of(analyzers.All) {
			if ok, _ := suite.Selects(n, c.ID, c.Analyzer.Name); ok && c.ID == code {
				return true
			}
		}
	}
	return false
}

var (
	wantRE   = regexp.MustCompile(`//\s*want\s+(.*)$`)
	ignoreRE = regexp.MustCompile(`//lint:ignore\s+(\S+)\s+\S`)
	nolintRE = regexp.MustCompile(`//nolint:([\w,-]+)\s*//\s*\S`)
)

// expectations reads the // want comments and suppression directives of
// every .go file of the module (not of nested modules or testdata).
func expectations(t *testing.T, dir string) ([]want, []suppression) {
	var wants []want
	var sups []suppression
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != dir && (d.Name() == "testdata" || d.Name() == "vendor" || strings.HasPrefix(d.Name(), ".") || exists(filepath.Join(path, "go.mod"))) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		file := relFile(t, dir, path)
		lines := strings.Split(string(data), "\n")
		for i, l := range lines {
			n := i + 1
			if m := wantRE.FindStringSubmatch(l); m != nil {
				for _, pat := range quoted(t, fmt.Sprintf("%s:%d", file, n), m[1]) {
					re, err := regexp.Compile(pat)
					if err != nil {
						t.Fatalf("%s:%d: bad want regexp %q: %v", file, n, pat, err)
					}
					wants = append(wants, want{file, n, re})
				}
			}
			if m := ignoreRE.FindStringSubmatchIndex(l); m != nil {
				// On its own line it covers the next line, after code its own.
				covered := n
				if strings.TrimSpace(l[:m[0]]) == "" {
					covered = n + 1
				}
				sups = append(sups, suppression{file, covered, strings.Split(l[m[2]:m[3]], ","), strings.TrimSpace(l)})
			}
			if m := nolintRE.FindStringSubmatch(l); m != nil {
				sups = append(sups, suppression{file, n, strings.Split(m[1], ","), strings.TrimSpace(l)})
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return wants, sups
}

// quoted returns the Go string literals ("..." or `...`) in s, stopping
// at anything else (such as a trailing comment).
func quoted(t *testing.T, where, s string) []string {
	var sc scanner.Scanner
	fset := token.NewFileSet()
	sc.Init(fset.AddFile(where, -1, len(s)), []byte(s), nil, 0)
	var out []string
	for {
		_, tok, lit := sc.Scan()
		if tok != token.STRING {
			break
		}
		v, err := strconv.Unquote(lit)
		if err != nil {
			t.Fatalf("%s: bad want literal %s", where, lit)
		}
		out = append(out, v)
	}
	if len(out) == 0 {
		t.Fatalf("%s: // want without a quoted regexp", where)
	}
	return out
}

// checkWants matches findings and expectations line by line: every finding
// must match a distinct expectation on its line, and every expectation
// must be matched.
func checkWants(t *testing.T, findings []e2eFinding, wants []want) {
	type fileLine struct {
		file string
		line int
	}
	byLine := map[fileLine][]*regexp.Regexp{}
	for _, w := range wants {
		k := fileLine{w.file, w.line}
		byLine[k] = append(byLine[k], w.re)
	}
	for _, f := range findings {
		k := fileLine{f.file, f.line}
		res := byLine[k]
		i := slices.IndexFunc(res, func(re *regexp.Regexp) bool { return re.MatchString(f.message) })
		if i < 0 {
			t.Errorf("%s:%d: unexpected finding: %s", f.file, f.line, f.message)
			continue
		}
		byLine[k] = slices.Delete(res, i, i+1)
	}
	var missing []string
	for k, res := range byLine {
		for _, re := range res {
			missing = append(missing, fmt.Sprintf("%s:%d: no finding matching %q", k.file, k.line, re))
		}
	}
	slices.Sort(missing)
	for _, m := range missing {
		t.Error(m)
	}
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// TestDeterminism runs the binary repeatedly, with GOMAXPROCS=1 and with the
// default, on the same module and requires byte-identical output, order
// included.
func TestDeterminism(t *testing.T) {
	if testing.Short() {
		t.Skip("builds fencecheck")
	}
	bin := buildBinary(t)
	dir, err := filepath.Abs("testdata/e2e/mini")
	if err != nil {
		t.Fatal(err)
	}
	first := map[string][]byte{}
	for i, procs := range []string{"", "1", "", "1"} {
		t.Setenv("GOMAXPROCS", procs)
		if procs == "" {
			os.Unsetenv("GOMAXPROCS")
		}
		for _, format := range []string{"text", "json"} {
			code, out, stderr := run(t.Context(), t, dir, bin, "-f", format, "./...")
			if code != exitFindings {
				t.Fatalf("run %d (%s): exit %d, stderr %s", i, format, code, stderr)
			}
			if prev, ok := first[format]; !ok {
				first[format] = out
			} else if !bytes.Equal(out, prev) {
				t.Fatalf("run %d (%s, GOMAXPROCS=%q) differs:\n%s\nfirst:\n%s", i, format, procs, out, prev)
			}
		}
	}
}

// Under go vet, an invalid fencecheck.json is the tool's own one-line error
// (not "failed prerequisites: fenceengine") and a failure every time: the go
// command caches a vet run that exits 0, so a second go vet used to print
// nothing and succeed.
func TestVetConfigErrors(t *testing.T) {
	if testing.Short() {
		t.Skip("builds fencecheck and runs go vet")
	}
	bin := buildBinary(t)
	dir := writeModule(t, map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.26\n",
		"lockz/lockz.go": `package lockz

type Client struct{}

func (c *Client) Acquire() (bool, error) { return true, nil }
`,
	})
	for _, tc := range []struct{ config, want string }{
		{`{"lokcs": []}`, `fencecheck: ./fencecheck.json:1:2: invalid fencecheck configuration: unknown key "lokcs" at the top level`},
		{`{"locks": [{"func": "example.com/m/lockz.(*Client).Acquire", "success": "bool", "result": 5}]}`,
			`fencecheck: ./fencecheck.json:1:91: invalid fencecheck configuration: locks[0].result: Acquire has 2 result(s), counted from 0; there is no result 5`},
	} {
		if err := os.WriteFile(filepath.Join(dir, "fencecheck.json"), []byte(tc.config), 0o644); err != nil {
			t.Fatal(err)
		}
		for i := range 2 {
			code, _, stderr := run(t.Context(), t, dir, "go", "vet", "-vettool="+bin, "./...")
			if code == 0 || !strings.Contains(string(stderr), tc.want) || strings.Contains(string(stderr), "failed prerequisites") {
				t.Errorf("%s, go vet run %d: exit %d, stderr:\n%s\nwant a failure with %q", tc.config, i+1, code, stderr, tc.want)
			}
		}
	}
}

// normalizeDiff is what makes the realmod fixes.diff comparable: go vet
// prints absolute paths, packages in the order they finish.
func TestNormalizeDiff(t *testing.T) {
	dir := filepath.FromSlash("/src/realmod")
	in := "--- /src/realmod/b/b.go (old)\n+++ /src/realmod/b/b.go (new)\n@@ -1 +1 @@\n-x\n+y\n" +
		"--- /src/realmod/a/a.go (old)\n+++ /src/realmod/a/a.go (new)\n@@ -2 +2 @@\n-p\n+q\n"
	want := "--- a/a.go (old)\n+++ a/a.go (new)\n@@ -2 +2 @@\n-p\n+q\n" +
		"--- b/b.go (old)\n+++ b/b.go (new)\n@@ -1 +1 @@\n-x\n+y\n"
	if got := normalizeDiff(in, dir); got != want {
		t.Errorf("normalizeDiff:\n%s\nwant:\n%s", got, want)
	}
	if got := normalizeDiff("", dir); got != "" {
		t.Errorf("normalizeDiff of no diff: %q", got)
	}
}

// The go vet tool hands the checks its -NAME flags select to the engine
// before precedence, as the standalone command does with -checks: with
// only FC1001 on, or FC2001 off, the unfenced write behind a lease check
// is FC1001's.
func TestVetSelection(t *testing.T) {
	if testing.Short() {
		t.Skip("builds fencecheck and runs go vet")
	}
	bin := buildBinary(t)
	dir, err := filepath.Abs("testdata/e2e/selection")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		flags []string
		want  string
	}{
		{nil, "FC2001"},
		{[]string{"-unfencedwrite"}, "FC1001"},
		{[]string{"-checkthenact=false"}, "FC1001"},
	} {
		_, _, stderr := run(t.Context(), t, dir, "go", append(append([]string{"vet", "-vettool=" + bin}, tc.flags...), "./...")...)
		var got []string
		for _, line := range strings.Split(string(stderr), "\n") {
			if strings.HasPrefix(line, "app/app.go:18:17: ") {
				got = append(got, line[strings.LastIndex(line, "(")+1:len(line)-1])
			}
		}
		if !slices.Equal(got, []string{tc.want}) {
			t.Errorf("go vet %q: codes at the write %q, want [%s]\n%s", tc.flags, got, tc.want, stderr)
		}
	}
}

// A configuration error under go vet is said once per run, not once for
// every package go vet runs the tool on (the standard library's
// included), and the run fails every time.
func TestVetConfigErrorOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("builds fencecheck and runs go vet")
	}
	bin := buildBinary(t)
	dir, err := filepath.Abs("testdata/e2e/selection")
	if err != nil {
		t.Fatal(err)
	}
	const want = "fencecheck: -fenceengine.config ci/fencecheck.json: stat ci/fencecheck.json: no such file or directory (go vet runs fencecheck in each package's directory: give an absolute path)"
	for i := range 2 {
		code, _, stderr := run(t.Context(), t, dir, "go", "vet", "-vettool="+bin, "-fenceengine.config=ci/fencecheck.json", "./...")
		if code == 0 || strings.Count(string(stderr), want) != 1 || strings.Count(string(stderr), "\n") != 2 {
			t.Errorf("go vet run %d: exit %d, stderr:\n%s\nwant a failure with one %q", i+1, code, stderr, want)
		}
	}
}

// go vet keys its cached results by the tool's -V=full answer, which
// holds a hash of fencecheck.json: editing the file makes go vet analyse
// again instead of printing the results of the old one. Names that match
// nothing are errors under go vet too.
func TestVetCacheKnowsConfig(t *testing.T) {
	if testing.Short() {
		t.Skip("builds fencecheck and runs go vet")
	}
	bin := buildBinary(t)
	files := map[string]string{}
	for _, name := range []string{"go.mod", "lockz/lockz.go", "app/app.go"} {
		data, err := os.ReadFile(filepath.Join("testdata/e2e/selection", name))
		if err != nil {
			t.Fatal(err)
		}
		files[name] = string(data)
	}
	dir := writeModule(t, files)
	for i, tc := range []struct{ config, want string }{
		{"{}\n", "(FC2001)"},
		{`{"lokcs": []}`, `unknown key "lokcs"`},
		{"{}\n", "(FC2001)"},
		{`{"checks": ["example.com/sel/lockz.(*Lease).Vaild"]}`, "has no method or field Vaild; did you mean Valid?"},
		// A package path no build can have is an error under go vet too,
		// although each package is analysed with only its dependencies.
		{`{"checks": ["example.com/sl/lockz.(*Lease).Valid"]}`, "package example.com/sl/lockz is in no module of this build"},
	} {
		if err := os.WriteFile(filepath.Join(dir, "fencecheck.json"), []byte(tc.config), 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, stderr := run(t.Context(), t, dir, "go", "vet", "-vettool="+bin, "./...")
		if code == 0 || !strings.Contains(string(stderr), tc.want) {
			t.Errorf("run %d, %s: exit %d, stderr:\n%s\nwant %q", i+1, tc.config, code, stderr, tc.want)
		}
	}
}
