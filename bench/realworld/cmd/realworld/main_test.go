package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/fencecheck/fencecheck/bench/realworld/internal/corpus"
)

func TestPinsAndValidate(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"-cases", "../../cases", "-pins"}, &out, &errOut); code != 0 {
		t.Fatalf("-pins: exit %d: %s", code, errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	for _, l := range lines {
		if f := strings.Fields(l); len(f) != 2 || len(f[1]) != 40 {
			t.Errorf("-pins line %q: want \"owner/name commit\"", l)
		}
	}
	out.Reset()
	if code := run([]string{"-cases", "../../cases", "-validate"}, &out, &errOut); code != 0 || !strings.Contains(out.String(), "cases valid") {
		t.Errorf("-validate: exit %d, %q %q", code, out.String(), errOut.String())
	}
	if code := run([]string{"-cases", "../../cases"}, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "-snapshots is required") {
		t.Errorf("no -snapshots: exit %d, %q", code, errOut.String())
	}
}

func TestComparison(t *testing.T) {
	c := &corpus.Case{ID: "a", Repo: "o/r", File: "x.go", Verdict: "FC1001"}
	f1 := corpus.Finding{Repo: "o/r", File: "x.go", Line: 3, Code: "FC1001"}
	f2 := corpus.Finding{Repo: "o/r", File: "y.go", Line: 9, Code: "FC4001"}
	old := &Results{Cases: []corpus.Result{{Case: c, Outcome: corpus.FN}}, Elsewhere: []corpus.Finding{f2}}
	cur := &Results{Cases: []corpus.Result{{Case: c, Outcome: corpus.TP, Findings: []corpus.Finding{f1}}}}
	var out bytes.Buffer
	printComparison(&out, old, cur)
	for _, want := range []string{"gone: FC4001 y.go:9", "new:  FC1001 x.go:3", "case a: FN -> TP"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("comparison lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	printComparison(&out, cur, cur)
	if !strings.Contains(out.String(), "no difference") {
		t.Errorf("comparison of a run with itself:\n%s", out.String())
	}
}
