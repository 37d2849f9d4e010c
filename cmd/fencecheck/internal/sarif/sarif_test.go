package sarif_test

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"strings"
	"testing"

	"github.com/fencecheck/fencecheck/cmd/fencecheck/internal/sarif"
	"github.com/fencecheck/fencecheck/cmd/fencecheck/internal/sariftest"
)

// sources is a fake file system: the builder reads lines through ReadFile.
var sources = map[string]string{
	"/repo/pkg/a.go": "package a\n" +
		"\n" +
		"func f() {\n" +
		"\tm.Lock(ctx)\n" +
		"\tdb.Exec(`UPDATE t SET x = 1`)\n" + // line 5
		"\ts := \"héllo 🙂\"; db.Exec(s)\n" + // line 6
		"\tdb.Exec(`UPDATE t SET x = 1`)\n", // line 7: same text as line 5
	"/repo/pkg/b.go":  "package a\r\n\r\nfunc g() { db.Exec(q) }\r\n",
	"/elsewhere/c.go": "package c\nfunc h() { db.Exec(q) }\n",
}

func readFile(name string) ([]byte, error) {
	if s, ok := sources[name]; ok {
		return []byte(s), nil
	}
	return nil, fs.ErrNotExist
}

func report() sarif.Report {
	lock := sarif.Location{File: "/repo/pkg/a.go", StartLine: 4, StartCol: 2, EndLine: 4, EndCol: 13, Message: "lock acquired here"}
	return sarif.Report{
		ToolName:       "fencecheck",
		Version:        "v1.2.3",
		InformationURI: "https://github.com/fencecheck/fencecheck",
		Root:           "/repo",
		ReadFile:       readFile,
		Rules: []sarif.Rule{
			{ID: "FC0001", Name: "suppression", Title: "t0", Summary: "s0", HelpMarkdown: "# FC0001", HelpURI: "https://example.com/FC0001.md"},
			{ID: "FC1001", Name: "unfencedwrite", Title: "t1", Summary: "s1", HelpMarkdown: "# FC1001", HelpURI: "https://example.com/FC1001.md"},
		},
		Results: []sarif.Result{
			{RuleID: "FC1001", Message: "write (FC1001)", Location: sarif.Location{File: "/repo/pkg/a.go", StartLine: 5, StartCol: 2, EndLine: 5, EndCol: 31},
				Related: []sarif.Location{lock, {File: "/repo/pkg/a.go", StartLine: 4, StartCol: 2, Message: "fencing token available from m.Header().Revision"}}},
			{RuleID: "FC1001", Message: "write (FC1001)", Location: sarif.Location{File: "/repo/pkg/a.go", StartLine: 6, StartCol: 22, EndLine: 6, EndCol: 32}, Related: []sarif.Location{lock}},
			{RuleID: "FC1001", Message: "write (FC1001)", Location: sarif.Location{File: "/repo/pkg/a.go", StartLine: 7, StartCol: 2, EndLine: 7, EndCol: 31}},
			{RuleID: "FC1001", Message: "write (FC1001)", Location: sarif.Location{File: "/repo/pkg/b.go", StartLine: 3, StartCol: 12}},
			{RuleID: "FC1001", Message: "outside (FC1001)", Location: sarif.Location{File: "/elsewhere/c.go", StartLine: 2, StartCol: 12, EndLine: 2, EndCol: 22}},
			{RuleID: "FC0001", Message: "unused (FC0001)", Location: sarif.Location{File: "/repo/pkg/gone.go", StartLine: 3, StartCol: 1}},
		},
	}
}

func encode(t *testing.T, r sarif.Report) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := sarif.Write(&buf, r); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestValidAgainstSchema(t *testing.T) {
	for name, r := range map[string]sarif.Report{
		"findings":    report(),
		"no findings": {ToolName: "fencecheck", Root: "/repo", Rules: report().Rules},
		"errors":      {ToolName: "fencecheck", Root: "/repo", Errors: []string{"example.com/x: x.go:1:1: expected 'package'"}},
	} {
		if err := sariftest.Validate(encode(t, r)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// The validator is not a rubber stamp: logs that break the schema fail.
func TestSchemaRejectsInvalid(t *testing.T) {
	good := encode(t, report())
	for name, edit := range map[string]func(m map[string]any){
		"no version":      func(m map[string]any) { delete(m, "version") },
		"bad level":       func(m map[string]any) { result(m)["level"] = "fatal" },
		"zero line":       func(m map[string]any) { region(m)["startLine"] = 0 },
		"unknown field":   func(m map[string]any) { result(m)["severity"] = "error" },
		"no message text": func(m map[string]any) { result(m)["message"] = map[string]any{} },
		"bad columnKind":  func(m map[string]any) { m["runs"].([]any)[0].(map[string]any)["columnKind"] = "bytes" },
	} {
		var m map[string]any
		if err := json.Unmarshal(good, &m); err != nil {
			t.Fatal(err)
		}
		edit(m)
		bad, _ := json.Marshal(m)
		if err := sariftest.Validate(bad); err == nil {
			t.Errorf("%s: invalid log accepted", name)
		}
	}
}

func result(m map[string]any) map[string]any {
	return m["runs"].([]any)[0].(map[string]any)["results"].([]any)[0].(map[string]any)
}

func region(m map[string]any) map[string]any {
	loc := result(m)["locations"].([]any)[0].(map[string]any)
	return loc["physicalLocation"].(map[string]any)["region"].(map[string]any)
}

func TestShape(t *testing.T) {
	log := sarif.Build(report())
	if log.Version != "2.1.0" || log.Schema != sarif.SchemaURI || len(log.Runs) != 1 {
		t.Fatalf("log header: %q %q %d runs", log.Version, log.Schema, len(log.Runs))
	}
	run := log.Runs[0]
	if run.ColumnKind != "utf16CodeUnits" {
		t.Errorf("columnKind = %q", run.ColumnKind)
	}
	if got := run.OriginalURIBaseIDs["%SRCROOT%"].URI; got != "file:///repo/" {
		t.Errorf("%%SRCROOT%% = %q, want file:///repo/", got)
	}
	if len(run.Invocations) != 1 || !run.Invocations[0].ExecutionSuccessful {
		t.Errorf("invocations = %+v", run.Invocations)
	}
	d := run.Tool.Driver
	if d.Name != "fencecheck" || d.Version != "v1.2.3" || len(d.Rules) != 2 {
		t.Fatalf("driver = %+v", d)
	}
	r := d.Rules[1]
	if r.ID != "FC1001" || r.Name != "unfencedwrite" || r.ShortDescription.Text != "t1" || r.FullDescription.Text != "s1" ||
		r.Help.Markdown != "# FC1001" || r.Help.Text != "# FC1001" || r.HelpURI != "https://example.com/FC1001.md" ||
		r.DefaultConfiguration.Level != "error" {
		t.Errorf("rule = %+v", r)
	}

	res := run.Results[0]
	if res.RuleID != "FC1001" || *res.RuleIndex != 1 || res.Level != "error" || res.Message.Text != "write (FC1001)" {
		t.Errorf("result = %+v", res)
	}
	if *run.Results[5].RuleIndex != 0 {
		t.Errorf("FC0001 ruleIndex = %d", *run.Results[5].RuleIndex)
	}
	pl := res.Locations[0].PhysicalLocation
	if pl.ArtifactLocation.URI != "pkg/a.go" || pl.ArtifactLocation.URIBaseID != "%SRCROOT%" {
		t.Errorf("artifact = %+v", pl.ArtifactLocation)
	}
	if *pl.Region != (sarif.Region{StartLine: 5, StartColumn: 2, EndLine: 5, EndColumn: 31}) {
		t.Errorf("region = %+v", *pl.Region)
	}

	// Related locations carry ids 1..n and their messages.
	if len(res.RelatedLocations) != 2 {
		t.Fatalf("relatedLocations = %+v", res.RelatedLocations)
	}
	for i, rl := range res.RelatedLocations {
		if rl.ID != i+1 {
			t.Errorf("related %d has id %d", i, rl.ID)
		}
	}
	if res.RelatedLocations[0].Message.Text != "lock acquired here" {
		t.Errorf("related message = %q", res.RelatedLocations[0].Message.Text)
	}
	// A related location without an end is an empty range at its start.
	if reg := *res.RelatedLocations[1].PhysicalLocation.Region; reg.EndLine != 4 || reg.EndColumn != 2 {
		t.Errorf("related region = %+v", reg)
	}

	// The code flow is the related locations in order, then the finding.
	if len(res.CodeFlows) != 1 || len(res.CodeFlows[0].ThreadFlows) != 1 {
		t.Fatalf("codeFlows = %+v", res.CodeFlows)
	}
	steps := res.CodeFlows[0].ThreadFlows[0].Locations
	var msgs []string
	for _, s := range steps {
		msgs = append(msgs, s.Location.Message.Text)
		if s.Location.ID != 0 {
			t.Errorf("thread flow location has id %d", s.Location.ID)
		}
	}
	if want := "lock acquired here|fencing token available from m.Header().Revision|write (FC1001)"; strings.Join(msgs, "|") != want {
		t.Errorf("code flow = %q, want %q", strings.Join(msgs, "|"), want)
	}
	if last := steps[len(steps)-1].Location.PhysicalLocation.Region.StartLine; last != 5 {
		t.Errorf("code flow ends on line %d, want the finding's line 5", last)
	}

	// A result without related locations still has a one-step flow.
	if res := run.Results[2]; res.RelatedLocations != nil || len(res.CodeFlows[0].ThreadFlows[0].Locations) != 1 {
		t.Errorf("result without related: %+v", res)
	}

	// Outside the root: an absolute file URI without a base.
	if al := run.Results[4].Locations[0].PhysicalLocation.ArtifactLocation; al.URI != "file:///elsewhere/c.go" || al.URIBaseID != "" {
		t.Errorf("outside root: %+v", al)
	}
}

func TestUTF16Columns(t *testing.T) {
	run := sarif.Build(report()).Runs[0]
	// Line 6 is "\ts := \"héllo 🙂\"; db.Exec(s)": the call starts at byte
	// 22; é takes 2 bytes and 1 UTF-16 unit, 🙂 4 bytes and 2 units.
	reg := run.Results[1].Locations[0].PhysicalLocation.Region
	if reg.StartColumn != 19 || reg.EndColumn != 29 {
		t.Errorf("columns %d-%d, want 19-29", reg.StartColumn, reg.EndColumn)
	}
	// A file that cannot be read keeps byte columns.
	if reg := run.Results[5].Locations[0].PhysicalLocation.Region; reg.StartColumn != 1 || reg.StartLine != 3 {
		t.Errorf("unreadable file: %+v", reg)
	}

	for _, tc := range []struct {
		text     string
		col, u16 int
	}{
		{"abc", 1, 1},
		{"abc", 3, 3},
		{"abc", 4, 4},    // just past the end
		{"abc", 6, 6},    // further past the end: byte for byte
		{"é=1", 3, 2},    // after é
		{"🙂x", 5, 3},     // after a surrogate pair
		{"\t世界x", 8, 4},  // two 3-byte BMP runes
		{"a\xffb", 3, 3}, // an invalid byte counts once
	} {
		if got := sarif.UTF16Column(tc.text, tc.col); got != tc.u16 {
			t.Errorf("UTF16Column(%q, %d) = %d, want %d", tc.text, tc.col, got, tc.u16)
		}
	}
}

func TestFingerprints(t *testing.T) {
	fp := func(r sarif.Report) []string {
		var out []string
		for _, res := range sarif.Build(r).Runs[0].Results {
			out = append(out, res.PartialFingerprints["primaryLocationLineHash"])
		}
		return out
	}
	base := fp(report())
	hash := func(s string) string { h, _, _ := strings.Cut(s, ":"); return h }

	// Lines 5 and 7 have the same text: same hash, occurrences 0 and 1.
	if hash(base[0]) != hash(base[2]) || !strings.HasSuffix(base[0], ":0") || !strings.HasSuffix(base[2], ":1") {
		t.Errorf("identical lines: %q, %q", base[0], base[2])
	}
	if hash(base[0]) == hash(base[1]) {
		t.Errorf("different lines share a hash: %q", base[0])
	}
	// CRLF line endings do not change the hash input.
	if !strings.HasSuffix(base[3], ":0") || len(hash(base[3])) != 16 {
		t.Errorf("b.go fingerprint %q", base[3])
	}

	// Stable when lines move and when indentation changes.
	orig := sources["/repo/pkg/a.go"]
	defer func() { sources["/repo/pkg/a.go"] = orig }()
	sources["/repo/pkg/a.go"] = "// a new first line\n" + strings.ReplaceAll(orig, "\t", "    ")
	moved := report()
	for i := range moved.Results[:3] {
		moved.Results[i].Location.StartLine++
		moved.Results[i].Location.EndLine++
	}
	if got := fp(moved); got[0] != base[0] || got[1] != base[1] || got[2] != base[2] {
		t.Errorf("fingerprints changed when lines moved:\n%q\n%q", base[:3], got[:3])
	}

	// The rule and the file are part of the identity.
	other := report()
	other.Results[0].RuleID = "FC0001"
	if fp(other)[0] == base[0] {
		t.Error("fingerprint ignores the rule")
	}
}

func TestExecutionErrors(t *testing.T) {
	r := report()
	r.Errors = []string{"example.com/x: boom"}
	inv := sarif.Build(r).Runs[0].Invocations[0]
	if inv.ExecutionSuccessful || len(inv.ToolExecutionNotifications) != 1 ||
		inv.ToolExecutionNotifications[0].Message.Text != "example.com/x: boom" {
		t.Errorf("invocation = %+v", inv)
	}
}

func TestEmptyResultsIsArray(t *testing.T) {
	out := encode(t, sarif.Report{ToolName: "fencecheck"})
	if !bytes.Contains(out, []byte(`"results": []`)) || !bytes.Contains(out, []byte(`"rules": []`)) {
		t.Errorf("empty lists must be [] for code scanning:\n%s", out)
	}
}
