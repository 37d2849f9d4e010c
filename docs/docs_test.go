package docs_test

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers"
	"github.com/fencecheck/fencecheck/docs"
)

// Every analyzer has a page, its Doc is the page's title and summary, and
// every page names a check of the catalog.
func TestCheckPages(t *testing.T) {
	codes := map[string]bool{}
	for _, c := range analyzers.Catalog {
		codes[c.Code] = true
	}
	for _, a := range analyzers.All {
		code := strings.TrimSuffix(strings.TrimPrefix(a.URL, docs.BaseURL), ".md")
		if !codes[code] {
			t.Errorf("analyzer %s: URL %s names no catalog code", a.Name, a.URL)
			continue
		}
		page, ok := docs.Page(code)
		if !ok {
			t.Errorf("analyzer %s (%s) has no docs/checks/%s.md", a.Name, code, code)
			continue
		}
		if !strings.HasPrefix(page, "# "+code+" "+a.Name+": ") {
			t.Errorf("docs/checks/%s.md must start with %q", code, "# "+code+" "+a.Name+": ")
		}
		if want := code + ": " + docs.Title(code) + "\n\n" + docs.Summary(code); !strings.HasPrefix(a.Doc, want) {
			t.Errorf("analyzer %s Doc does not start with the page's title and summary", a.Name)
		}
		for _, section := range []string{"## Bad", "## Good", "## Suppressing"} {
			if code != "FC0001" && !strings.Contains(page, section) {
				t.Errorf("docs/checks/%s.md has no %q section", code, section)
			}
		}
	}
	entries, err := os.ReadDir("checks")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		code := strings.TrimSuffix(e.Name(), ".md")
		if !codes[code] {
			t.Errorf("docs/checks/%s names no check of the catalog", e.Name())
		}
	}
}

// Every FCxxxx mentioned anywhere in the documentation exists.
func TestCodesInDocs(t *testing.T) {
	codes := map[string]bool{}
	for _, c := range analyzers.Catalog {
		codes[c.Code] = true
	}
	re := regexp.MustCompile(`\bFC\d{4}\b`)
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".md") {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, code := range re.FindAllString(string(b), -1) {
			if !codes[code] && code != "FC9999" {
				t.Errorf("%s mentions unknown check %s", path, code)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Relative links between documentation pages resolve.
func TestLinks(t *testing.T) {
	re := regexp.MustCompile(`\]\(([^)#:]+\.md)(#[^)]*)?\)`)
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".md") {
			return err
		}
		b, _ := os.ReadFile(path)
		for _, m := range re.FindAllStringSubmatch(string(b), -1) {
			target := filepath.Join(filepath.Dir(path), m[1])
			if _, err := os.Stat(target); err != nil {
				t.Errorf("%s links to missing %s", path, m[1])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// The <!-- check: ... --> comments that make a page's examples tests are
// for the test alone: fencecheck -explain and SARIF rule help never show
// them, and their removal leaves no run of blank lines behind.
func TestPageWithoutCheckComments(t *testing.T) {
	for _, c := range analyzers.Catalog {
		raw, err := os.ReadFile("checks/" + c.Code + ".md")
		if err != nil {
			t.Fatal(err)
		}
		page, _ := docs.Page(c.Code)
		if !strings.Contains(string(raw), "<!-- check:") {
			t.Errorf("checks/%s.md has no <!-- check: ... --> markers", c.Code)
		}
		if strings.Contains(page, "<!--") || strings.Contains(page, "// block") {
			t.Errorf("docs.Page(%s) still holds a check comment", c.Code)
		}
		if strings.Contains(page, "\n\n\n") {
			t.Errorf("docs.Page(%s) has a run of blank lines where a check comment was", c.Code)
		}
		if strings.Count(page, "```go") != strings.Count(string(raw), "```go") {
			t.Errorf("docs.Page(%s) lost a code block", c.Code)
		}
	}
}

// docs/sample.sarif is fencecheck's real output on testdata/realmod
// (regenerate it with `cd testdata/realmod && fencecheck -f sarif ./... >
// ../../docs/sample.sarif`): its rules are today's catalog, and every
// result carries the baseline fingerprint, as integrations.md says.
func TestSampleSARIF(t *testing.T) {
	data, err := os.ReadFile("sample.sarif")
	if err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct{ ID string }
				}
			}
			Results []struct {
				RuleID              string
				PartialFingerprints map[string]string
			}
		}
	}
	if err := json.Unmarshal(data, &log); err != nil || len(log.Runs) != 1 {
		t.Fatalf("sample.sarif: %v (%d runs)", err, len(log.Runs))
	}
	run := log.Runs[0]
	rules := map[string]bool{}
	for _, r := range run.Tool.Driver.Rules {
		rules[r.ID] = true
	}
	for _, a := range analyzers.All {
		code := strings.TrimSuffix(strings.TrimPrefix(a.URL, docs.BaseURL), ".md")
		if !rules[code] {
			t.Errorf("sample.sarif has no rule %s: regenerate it", code)
		}
	}
	if len(run.Results) == 0 {
		t.Fatal("sample.sarif has no result")
	}
	for i, r := range run.Results {
		if !rules[r.RuleID] {
			t.Errorf("result %d: rule %q is not among the rules", i, r.RuleID)
		}
		if r.PartialFingerprints["fencecheck/v1"] == "" {
			t.Errorf("result %d (%s) has no fencecheck/v1 fingerprint: regenerate sample.sarif", i, r.RuleID)
		}
	}
}
