package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// copyTree copies the files of dir into a new temporary directory.
func copyTree(t *testing.T, dir string) string {
	t.Helper()
	out := t.TempDir()
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(out, rel), 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(out, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func editFile(t *testing.T, name, old, new string) {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), old) {
		t.Fatalf("%s does not contain %q", name, old)
	}
	if err := os.WriteFile(name, []byte(strings.Replace(string(data), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
}

// A baseline written on testdata/unit keeps its findings out after an edit
// that shifts every line of a.go (and moves the lock's line, which the
// related location names), reports a finding the edit adds, and counts a
// finding the edit fixes as gone; JSON and SARIF output respect it too.
func TestBaselineRoundTrip(t *testing.T) {
	fake := []*analysis.Analyzer{fakeWrite}
	dir := copyTree(t, "testdata/unit")
	code, stdout, stderr := runCmd(t, fake, dir, "-baseline-write", "fencecheck-baseline.json", "./...")
	if code != exitClean || stdout != "" || !strings.Contains(stderr, "recorded 7 findings in fencecheck-baseline.json") {
		t.Fatalf("-baseline-write: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	data, err := os.ReadFile(filepath.Join(dir, "fencecheck-baseline.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Version  int
		Findings []struct {
			Package, File, Function, Source string
			Count                           int
		}
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	// Three() and Four() both call write(3): distinct functions, distinct
	// entries. Nothing in the file is a line number.
	if doc.Version != 1 || len(doc.Findings) != 7 || doc.Findings[0].Package != "example.com/unit/a" || doc.Findings[0].Function != "Four" {
		t.Errorf("baseline file:\n%s", data)
	}
	// Writing again gives the same bytes: the file is stable.
	runCmd(t, fake, dir, "-baseline-write", "again.json", "./...")
	if again, _ := os.ReadFile(filepath.Join(dir, "again.json")); string(again) != string(data) {
		t.Errorf("a second -baseline-write differs:\n%s\nwant:\n%s", again, data)
	}

	// Nothing new: exit 0, nothing printed.
	code, stdout, stderr = runCmd(t, fake, dir, "-baseline", "fencecheck-baseline.json", "./...")
	if code != exitClean || stdout != "" || stderr != "" {
		t.Fatalf("-baseline on the same code: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}

	a := filepath.Join(dir, "a", "a.go")
	editFile(t, a, "package a\n", "package a\n\n// Lines added above every finding.\n\nvar _ = 1\n\n")
	editFile(t, a, "func Three() {\n\twrite(3)\n}", "func Three() {\n\tfencedWrite(3)\n}")           // fixed
	editFile(t, a, "func One() {\n\twrite(1)\n}", "func One() {\n\n\twrite(1)\n\twrite(\"new\")\n}") // one new
	code, stdout, stderr = runCmd(t, fake, dir, "-baseline", "fencecheck-baseline.json", "./...")
	want := "a/a.go:16:2: unfenced write (FC9001)\n\ta/a.go:13:6: lock acquired here\n"
	if code != exitFindings || stdout != want {
		t.Errorf("after the edit: exit %d, stdout:\n%s\nwant:\n%s", code, stdout, want)
	}
	if want := "fencecheck: -baseline fencecheck-baseline.json: 1 of its 7 findings no longer occurs (fixed, or changed beyond recognition); rewrite it with -baseline-write to drop it\n"; stderr != want {
		t.Errorf("stderr %q, want %q", stderr, want)
	}
	code, stdout, stderr = runCmd(t, fake, dir, "-baseline", "fencecheck-baseline.json", "-f", "json", "./...")
	if code != exitFindings || strings.Count(stdout, "\n") != 1 || !strings.Contains(stdout, `"line":16`) || stderr != "" {
		t.Errorf("-f json after the edit: exit %d, stdout:\n%s\nstderr: %s", code, stdout, stderr)
	}
	code, stdout, _ = runCmd(t, fake, dir, "-baseline", "fencecheck-baseline.json", "-f", "sarif", "./...")
	if code != exitFindings || strings.Count(stdout, `"ruleId"`) != 1 {
		t.Errorf("-f sarif after the edit: exit %d, stdout:\n%s", code, stdout)
	}

	// The ratchet: rewritten, the baseline drops the fixed finding and
	// takes the new one.
	runCmd(t, fake, dir, "-baseline-write", "fencecheck-baseline.json", "./...")
	code, stdout, stderr = runCmd(t, fake, dir, "-baseline", "fencecheck-baseline.json", "./...")
	if code != exitClean || stdout != "" || stderr != "" {
		t.Errorf("after the ratchet: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

// The same statement twice in a function is recorded with a count; a third
// copy is new.
func TestBaselineCounts(t *testing.T) {
	fake := []*analysis.Analyzer{fakeWrite}
	dir := copyTree(t, "testdata/unit")
	b := filepath.Join(dir, "b", "b.go")
	editFile(t, b, "func B() { write() }", "func B() {\n\twrite()\n\twrite()\n}")
	runCmd(t, fake, dir, "-baseline-write", "bl.json", "./b")
	if data, _ := os.ReadFile(filepath.Join(dir, "bl.json")); !strings.Contains(string(data), `"count": 2`) {
		t.Errorf("no count in:\n%s", data)
	}
	editFile(t, b, "\twrite()\n}", "\twrite()\n\twrite()\n}")
	code, stdout, _ := runCmd(t, fake, dir, "-baseline", "bl.json", "./b")
	if code != exitFindings || strings.Count(stdout, "unfenced write") != 1 {
		t.Errorf("a third copy: exit %d, stdout:\n%s", code, stdout)
	}
}

// A baseline that is not one, of another version or malformed is one clear
// error and exit 2 before anything is analysed; so are -baseline with
// -baseline-write, and a -baseline-write run that had errors.
func TestBaselineErrors(t *testing.T) {
	fake := []*analysis.Analyzer{fakeWrite}
	dir := copyTree(t, "testdata/unit")
	for name, tc := range map[string]struct{ content, want string }{
		"notjson.json":  {"{findings: []", "not a fencecheck baseline (malformed JSON"},
		"sarif.json":    {`{"version": "2.1.0", "runs": []}`, "not a fencecheck baseline (malformed JSON"},
		"other.json":    {`{"findings": []}`, `not a fencecheck baseline (no "version"`},
		"v2.json":       {`{"version": 2, "tool": "fencecheck", "findings": []}`, "version 2 is not supported (this fencecheck reads version 1)"},
		"unknown.json":  {`{"version": 1, "tool": "fencecheck", "findings": [], "extra": 1}`, `malformed: json: unknown field "extra"`},
		"badprint.json": {`{"version": 1, "tool": "fencecheck", "findings": [{"fingerprint": "xyz"}]}`, `finding 1: fingerprint "xyz" is not 20 hexadecimal digits`},
		"missing.json":  {"", "no such file or directory"},
	} {
		if name != "missing.json" {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(tc.content), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		code, stdout, stderr := runCmd(t, fake, dir, "-baseline", name, "./...")
		if code != exitError || stdout != "" || !strings.HasPrefix(stderr, "fencecheck: -baseline: baseline "+filepath.Join(dir, name)+": ") || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want one line with %q", name, code, stdout, stderr, tc.want)
		}
	}
	code, _, stderr := runCmd(t, fake, dir, "-baseline", "a.json", "-baseline-write", "a.json", "./...")
	if code != exitError || !strings.Contains(stderr, "-baseline and -baseline-write cannot be combined") {
		t.Errorf("-baseline with -baseline-write: exit %d, stderr %q", code, stderr)
	}
	code, _, stderr = runCmd(t, fake, "testdata/e2e/broken", "-baseline-write", filepath.Join(dir, "broken.json"), "./...")
	if _, err := os.Stat(filepath.Join(dir, "broken.json")); code != exitError || err == nil || !strings.Contains(stderr, "not written, the run had errors") {
		t.Errorf("-baseline-write with load errors: exit %d, file written: %v, stderr %q", code, err == nil, stderr)
	}
}
