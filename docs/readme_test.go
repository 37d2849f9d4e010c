package docs_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// corpusFigures are the figures the README quotes from docs/precision.md.
type corpusFigures struct {
	heldCases, heldRepos              string // the held-out part's size
	heldFound, heldHazards, heldPct   string // held-out recall
	heldTP, heldFlagged               string // held-out look-alike precision
	elseAll, elseTrue, elseDebatable  string // held-out findings outside the cases, triaged
	elseTests                         string // ... of which false ones in test code
	devFound, devHazards, devPct      string // development recall (round 3)
	devTP, devFlagged                 string // development precision (round 3)
	sweepPkgs, sweepLines, sweepFinds string // the lock-library sweep's total row
}

// find returns the submatches of re in text, or fails naming what it
// looked for.
func find(t *testing.T, text, what string, re *regexp.Regexp) []string {
	t.Helper()
	m := re.FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("docs/precision.md: no %s (%s): the test must follow the document's new wording", what, re)
	}
	return m[1:]
}

// precisionFigures reads the current figures out of docs/precision.md.
func precisionFigures(t *testing.T, text string) corpusFigures {
	var f corpusFigures
	m := find(t, text, "held-out size", regexp.MustCompile(`\*\*Held-out\*\* \(`+"`heldout/`"+`\): (\d+) cases in (\d+) repositories`))
	f.heldCases, f.heldRepos = m[0], m[1]
	m = find(t, text, "held-out result", regexp.MustCompile(`(?s)\*\*Round \d+ \(held-out part.*?\): recall (\d+)/(\d+) = (\d+)%.*?look-alike precision\s+(\d+)/(\d+)`))
	f.heldFound, f.heldHazards, f.heldPct, f.heldTP, f.heldFlagged = m[0], m[1], m[2], m[3], m[4]
	m = find(t, text, "held-out findings elsewhere", regexp.MustCompile(`(?s)\*\*Round \d+ \(held-out part.*?of\s+the\s+(\d+)\s+findings\s+outside\s+its\s+cases,\s+(\d+)\s+(?:is|are)\s+true\s+\((\d+)\s+debatable,\s+\d+\s+false,\s+(\d+)\s+of\s+those\s+in\s+test\s+code\)`))
	f.elseAll, f.elseTrue, f.elseDebatable, f.elseTests = m[0], m[1], m[2], m[3]
	m = find(t, text, "development result", regexp.MustCompile(`\*\*Development, round 3: recall (\d+)/(\d+) = (\d+)%, precision (\d+)/(\d+) = \d+%\*\*`))
	f.devFound, f.devHazards, f.devPct, f.devTP, f.devFlagged = m[0], m[1], m[2], m[3], m[4]
	m = find(t, text, "sweep total", regexp.MustCompile(`\| \*\*total\*\* \| \*\*([\d,]+)\*\* \| \*\*([\d,]+)\*\* \| \*\*(\d+)\*\* \|`))
	f.sweepPkgs, f.sweepLines, f.sweepFinds = m[0], m[1], m[2]
	return f
}

// readmeSentences are the README's sentences that carry the figures.
func readmeSentences(f corpusFigures) []string {
	return []string{
		fmt.Sprintf("On the held-out part (%s cases in %s repositories that nobody develops against) it finds **%s of %s** scored hazards (%s%%), with look-alike precision %s/%s;",
			f.heldCases, f.heldRepos, f.heldFound, f.heldHazards, f.heldPct, f.heldTP, f.heldFlagged),
		fmt.Sprintf("on the development part (round 3) **%s of %s** (%s%%), with precision %s/%s.",
			f.devFound, f.devHazards, f.devPct, f.devTP, f.devFlagged),
		fmt.Sprintf("Of the %s findings outside the labelled cases of the held-out part, %s %s true and %s debatable; %s of the false ones are in test code",
			f.elseAll, f.elseTrue, verb(f.elseTrue), f.elseDebatable, f.elseTests),
		fmt.Sprintf("It reports %s findings on the %s lines (%s packages) of the lock libraries and the standard library",
			f.sweepFinds, f.sweepLines, f.sweepPkgs),
	}
}

// verb agrees with a count written in figures.
func verb(n string) string {
	if n == "1" {
		return "is"
	}
	return "are"
}

// The README's corpus figures are those of docs/precision.md: when a round
// changes them there, this test says which README line to change.
func TestREADMEFigures(t *testing.T) {
	precision, err := os.ReadFile("precision.md")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	// The README wraps lines; compare with white space folded.
	text := strings.Join(strings.Fields(string(readme)), " ")
	for _, s := range readmeSentences(precisionFigures(t, string(precision))) {
		if !strings.Contains(text, s) {
			t.Errorf("README.md does not say, as docs/precision.md does:\n\t%s", s)
		}
	}
}

// The parser follows the document: a changed figure in precision.md gives
// a sentence the README does not have.
func TestREADMEFiguresFollow(t *testing.T) {
	precision, err := os.ReadFile("precision.md")
	if err != nil {
		t.Fatal(err)
	}
	changed := regexp.MustCompile(`\*\*Development, round 3: recall \d+/`).ReplaceAllString(string(precision), "**Development, round 3: recall 99/")
	readme, _ := os.ReadFile("../README.md")
	text := strings.Join(strings.Fields(string(readme)), " ")
	if s := readmeSentences(precisionFigures(t, changed))[1]; strings.Contains(text, s) || !strings.Contains(s, "**99 of ") {
		t.Errorf("an edited precision.md still matches the README: %q", s)
	}
}

// The README's speed figures are those of docs/performance.md's summary.
func TestREADMEPerformance(t *testing.T) {
	perf, err := os.ReadFile("performance.md")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	p := strings.Join(strings.Fields(string(perf)), " ")
	text := strings.Join(strings.Fields(string(readme)), " ")
	m := find(t, p, "performance summary", regexp.MustCompile(`\*\*([\d.]+)×\*\* staticcheck's wall time and \*\*([\d.]+)×\*\* its peak memory \(([\d.]+) s and (\d+) MiB against.*?as a .go vet. tool it costs ([\d.]+)× default .go vet.`))
	w := find(t, p, "warm runs", regexp.MustCompile(`nothing changed took ([\d.]+)× the cold run's wall time on client-go.*?a one-file edit ([\d.]+)×`))
	want := fmt.Sprintf("on `k8s.io/client-go/...` it takes %s s and %s MiB, %s× staticcheck's time and %s× its memory; as a `go vet` tool %s× `go vet`. A second run with nothing changed takes %s× the first (a results cache), a one-file edit %s×.",
		m[2], m[3], m[0], m[1], m[4], w[0], w[1])
	if !strings.Contains(text, want) {
		t.Errorf("README.md does not say, as docs/performance.md does:\n\t%s", want)
	}
}

// The corpus sizes docs/precision.md gives are those of the case files.
func TestCorpusSizes(t *testing.T) {
	precision, err := os.ReadFile("precision.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, part := range []struct{ name, dir string }{{"Development", "cases"}, {"Held-out", "heldout"}} {
		m := find(t, string(precision), part.name+" size", regexp.MustCompile(`\*\*`+part.name+`\*\* \(`+"`"+part.dir+"/`"+`\): (\d+) cases in (\d+) repositories`))
		files, err := filepath.Glob(filepath.Join("..", "bench", "realworld", part.dir, "*.json"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no case files in bench/realworld/%s (%v)", part.dir, err)
		}
		cases, repos := 0, map[string]bool{}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var cs []struct{ Repo string }
			if err := json.Unmarshal(data, &cs); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			cases += len(cs)
			for _, c := range cs {
				repos[strings.ToLower(c.Repo)] = true
			}
		}
		if got := fmt.Sprintf("%d cases in %d repositories", cases, len(repos)); got != m[0]+" cases in "+m[1]+" repositories" {
			t.Errorf("docs/precision.md: %s part has %s cases in %s repositories; bench/realworld/%s has %s", part.name, m[0], m[1], part.dir, got)
		}
	}
}
