package corpus

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestParseRanges(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []Range
		err  string
	}{
		{in: "12", want: []Range{{12, 12}}},
		{in: "12-20", want: []Range{{12, 20}}},
		{in: "120-126, 140,150-151", want: []Range{{120, 126}, {140, 140}, {150, 151}}},
		{in: "40-41,10-12", want: []Range{{40, 41}, {10, 12}}},
		{in: "", err: "empty range"},
		{in: "12,", err: "empty range"},
		{in: "20-12", err: "runs backwards"},
		{in: "0", err: "not a line number"},
		{in: "a-3", err: "not a line number"},
		{in: "3-b", err: "not a line number"},
		{in: "-3", err: "not a line number"},
	} {
		got, err := ParseRanges(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParseRanges(%q) = %v, %v; want error containing %q", tc.in, got, err, tc.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ParseRanges(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}

func validCase() *Case {
	return &Case{
		ID: "redis-release", Repo: "acme/jobs", Commit: strings.Repeat("ab", 20), Module: ".",
		File: "lock/lock.go", Function: "(*Lock).Release", Lines: "10-12,30", Lock: "SET NX, go-redis v8",
		Verdict: "FC5001", Shape: "handrolled-redis", Confidence: "high", Justification: "DEL without owner check",
	}
}

func TestContainsSeveralRanges(t *testing.T) {
	c := validCase()
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	for line, want := range map[int]bool{9: false, 10: true, 12: true, 13: false, 29: false, 30: true, 31: false} {
		if got := c.Contains(line); got != want {
			t.Errorf("Contains(%d) = %v, want %v", line, got, want)
		}
	}
}

func TestValidate(t *testing.T) {
	for _, tc := range []struct {
		edit func(*Case)
		err  string
	}{
		{func(c *Case) {}, ""},
		{func(c *Case) { c.Verdict = "lookalike"; c.LookalikeOf = "FC4001" }, ""},
		{func(c *Case) { c.Module = "svc"; c.File = "svc/a.go" }, ""},
		{func(c *Case) { c.Verdict = "lookalike" }, "lookalike_of"},
		{func(c *Case) { c.LookalikeOf = "FC4001" }, "lookalike_of is set on a hazard"},
		{func(c *Case) { c.Verdict = "FC9" }, "verdict"},
		{func(c *Case) { c.Commit = "abc" }, "commit"},
		{func(c *Case) { c.Repo = "acme" }, "repo"},
		{func(c *Case) { c.Module = "svc" }, "not inside module"},
		{func(c *Case) { c.Module = "../x" }, "module"},
		{func(c *Case) { c.File = "a.txt" }, "file"},
		{func(c *Case) { c.Confidence = "sure" }, "confidence"},
		{func(c *Case) { c.Justification = " " }, "justification is empty"},
		{func(c *Case) { c.Lines = "5-1" }, "backwards"},
		{func(c *Case) { c.ID = "Bad ID" }, "kebab"},
	} {
		c := validCase()
		tc.edit(c)
		err := c.Validate()
		if tc.err == "" && err != nil {
			t.Errorf("%+v: unexpected error %v", c, err)
		}
		if tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("%+v: error %v, want one containing %q", c, err, tc.err)
		}
	}
}

func writeCases(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func jsonCase(id, repo, commit string) string {
	return `{"id":"` + id + `","repo":"` + repo + `","commit":"` + commit + `","module":".","file":"a.go","function":"f","lines":"1-2",` +
		`"lock":"l","verdict":"FC1001","shape":"direct","confidence":"high","justification":"j"}`
}

func TestLoad(t *testing.T) {
	c1, c2 := strings.Repeat("a", 40), strings.Repeat("b", 40)
	dir := writeCases(t, map[string]string{
		"a.json": "[" + jsonCase("b-case", "x/y", c1) + "," + jsonCase("a-case", "x/y", c1) + "]",
		"b.json": "[" + jsonCase("c-case", "x/z", c2) + "]",
	})
	cs, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, c := range cs {
		ids = append(ids, c.ID)
	}
	if want := []string{"a-case", "b-case", "c-case"}; !reflect.DeepEqual(ids, want) {
		t.Errorf("ids = %v, want %v (sorted)", ids, want)
	}

	for name, files := range map[string]map[string]string{
		"duplicate id":     {"a.json": "[" + jsonCase("a", "x/y", c1) + "," + jsonCase("a", "x/y", c1) + "]"},
		"pinned to":        {"a.json": "[" + jsonCase("a", "x/y", c1) + "," + jsonCase("b", "x/y", c2) + "]"},
		"unknown field":    {"a.json": `[{"id":"a","colour":"red"}]`},
		"no case files":    {"notes.txt": "x"},
		"commit \"short\"": {"a.json": "[" + jsonCase("a", "x/y", "short") + "]"},
	} {
		_, err := Load(writeCases(t, files))
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("Load(%v) error = %v, want one containing %q", files, err, name)
		}
	}
}

func TestJudge(t *testing.T) {
	hazard := validCase() // FC5001 at lock/lock.go 10-12,30
	look := validCase()
	look.ID, look.Verdict, look.LookalikeOf = "look", Lookalike, "FC5001"
	for _, c := range []*Case{hazard, look} {
		if err := c.Validate(); err != nil {
			t.Fatal(err)
		}
	}
	at := func(code, file string, line int) Finding {
		return Finding{Repo: "acme/jobs", File: file, Line: line, Code: code}
	}
	for _, tc := range []struct {
		c    *Case
		fs   []Finding
		want Outcome
	}{
		{hazard, nil, FN},
		{hazard, []Finding{at("FC5001", "lock/lock.go", 30)}, TP},
		{hazard, []Finding{at("FC5002", "lock/lock.go", 11)}, TP},  // same family
		{hazard, []Finding{at("FC1001", "lock/lock.go", 11)}, FN},  // another family
		{hazard, []Finding{at("FC5001", "lock/lock.go", 20)}, FN},  // between the ranges
		{hazard, []Finding{at("FC5001", "lock/other.go", 11)}, FN}, // another file
		{hazard, []Finding{{Repo: "acme/other", File: "lock/lock.go", Line: 11, Code: "FC5001"}}, FN},
		{look, nil, TN},
		{look, []Finding{at("FC1001", "lock/lock.go", 12)}, FP},
		{look, []Finding{at("FC1001", "lock/lock.go", 13)}, TN},
	} {
		if got := Judge(tc.c, tc.fs).Outcome; got != tc.want {
			t.Errorf("Judge(%s, %v) = %s, want %s", tc.c.ID, tc.fs, got, tc.want)
		}
	}

	fs := []Finding{at("FC5001", "lock/lock.go", 30), at("FC4001", "lock/lock.go", 99)}
	if got := Elsewhere([]*Case{hazard, look}, fs); len(got) != 1 || got[0].Line != 99 {
		t.Errorf("Elsewhere = %v, want the finding at line 99", got)
	}

	// A write reached through a call is reported at the call under the
	// lock, with the write as a related location.
	through := at("FC5001", "lock/caller.go", 11)
	through.Related = []Position{{File: "lock/lock.go", Line: 11}}
	if r := Judge(hazard, []Finding{through}); r.Outcome != TP || r.Via != "related" {
		t.Errorf("Judge(hazard, reached through a call) = %s via %q, want TP via related", r.Outcome, r.Via)
	}
	other := through
	other.Code = "FC4001"
	if r := Judge(hazard, []Finding{other}); r.Outcome != FN {
		t.Errorf("Judge(hazard, another family through a call) = %s, want FN", r.Outcome)
	}
	if got := Elsewhere([]*Case{hazard}, []Finding{through, other}); len(got) != 1 || got[0].Code != "FC4001" {
		t.Errorf("Elsewhere = %v, want only the FC4001 finding", got)
	}

	// The report of a hazard that starts in a look-alike's ranges (the
	// call under the lock) is that hazard's, not a false alarm; any other
	// finding there is.
	call := validCase()
	call.ID, call.Verdict, call.LookalikeOf, call.File = "call", Lookalike, "FC5002", "lock/caller.go"
	if err := call.Validate(); err != nil {
		t.Fatal(err)
	}
	rs := JudgeAll([]*Case{hazard, call}, []Finding{through})
	if rs[0].Outcome != TP || rs[1].Outcome != TN || rs[1].Via != "explained" {
		t.Errorf("JudgeAll = %s, %s via %q; want TP, TN via explained", rs[0].Outcome, rs[1].Outcome, rs[1].Via)
	}
	stray := at("FC2001", "lock/caller.go", 12)
	if rs := JudgeAll([]*Case{hazard, call}, []Finding{through, stray}); rs[1].Outcome != FP {
		t.Errorf("look-alike with an unexplained finding = %s, want FP", rs[1].Outcome)
	}
}

func TestSummarize(t *testing.T) {
	h, l := validCase(), validCase()
	l.Verdict = Lookalike
	s := Summarize([]Result{
		{Case: h, Outcome: TP}, {Case: h, Outcome: TP}, {Case: h, Outcome: FN}, {Case: h, Outcome: NotScored},
		{Case: l, Outcome: FP}, {Case: l, Outcome: TN},
	})
	want := Summary{Cases: 6, Hazards: 4, Lookalikes: 2, Repos: 1, TP: 2, FN: 1, FP: 1, TN: 1, NotScored: 1}
	if s != want {
		t.Errorf("Summarize = %+v, want %+v", s, want)
	}
	if s.Recall() != 2.0/3 || s.Precision() != 2.0/3 {
		t.Errorf("recall %v precision %v, want 2/3 each", s.Recall(), s.Precision())
	}
	if !strings.Contains(s.String(), "recall 2/3 = 67%") {
		t.Errorf("String() = %q", s)
	}
}
