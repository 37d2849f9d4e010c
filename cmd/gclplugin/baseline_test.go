package gclplugin

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fencecheck/fencecheck/internal/baseline"
	"golang.org/x/tools/go/analysis/analysistest"
)

// appSrc has two unfenced writes, in Work and in Other; head goes before
// the imports (lines that shift every finding), and the want comments are
// given per function.
func appSrc(head, wantWork, wantOther string) string {
	return `package app

` + head + `
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
	lockz.Publish(ctx, "drafts", 0)` + wantWork + `
}

func Other(ctx context.Context, c *lockz.Client) {
	l, err := c.Acquire(ctx, "billing")
	if err != nil {
		return
	}
	defer c.Release(ctx, l)
	lockz.Publish(ctx, "invoices", 0)` + wantOther + `
}
`
}

// The baseline setting: a file recording the finding in Work (fingerprinted
// as the standalone command's -baseline-write does) keeps it out after an
// edit that shifts every line, while the one in Other is still reported.
// A malformed file is an error of New.
func TestBaselineSetting(t *testing.T) {
	const want = ` // want "call to Publish .* does not carry the fencing token.*FC1001"`
	before := t.TempDir()
	writeTree(t, before, map[string]string{
		"src/sel/lockz/lockz.go": lockzSrc,
		"src/sel/app/app.go":     appSrc("", want, want),
	})
	as, _ := build(t, settings("checks", []string{"FC1001"}))
	results := analysistest.Run(t, before, as[0], "sel/app")
	var recorded []baseline.Entry
	var k baseline.Keyer
	for _, r := range results {
		for _, d := range r.Diagnostics {
			p := r.Pass.Fset.Position(d.Pos)
			e := k.Entry(baseline.Finding{Code: "FC1001", Package: r.Pass.Pkg.Path(), Filename: p.Filename, Offset: p.Offset, Message: d.Message})
			if e.Function == "Work" {
				recorded = append(recorded, e)
			}
		}
	}
	if len(recorded) != 1 {
		t.Fatalf("recorded %v, want the finding in Work", recorded)
	}
	file := filepath.Join(t.TempDir(), "fencecheck-baseline.json")
	if err := baseline.WriteFile(file, recorded); err != nil {
		t.Fatal(err)
	}

	after := t.TempDir()
	writeTree(t, after, map[string]string{
		"src/sel/lockz/lockz.go": lockzSrc,
		"src/sel/app/app.go":     appSrc("// Lines added above the findings,\n// which shift every line below.\n", "", want),
	})
	as, p := build(t, settings("checks", []string{"FC1001"}, "baseline", file))
	if p.Settings().Baseline != file {
		t.Errorf("Settings().Baseline = %q", p.Settings().Baseline)
	}
	analysistest.Run(t, after, as[0], "sel/app")

	bad := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(bad, []byte(`{"version": 9, "tool": "fencecheck", "findings": []}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for file, msg := range map[string]string{
		bad:                             "fencecheck settings: baseline " + bad + ": version 9 is not supported",
		filepath.Join(after, "no.json"): "no such file or directory",
	} {
		if _, err := New(settings("baseline", file)); err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("baseline %s: error %v, want %q", file, err, msg)
		}
	}
}
