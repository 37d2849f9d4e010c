package main

import (
	"fmt"

	"github.com/fencecheck/fencecheck/internal/baseline"
)

// entries returns the baseline entries of the findings, in their order.
func entries(fs []finding) []baseline.Entry {
	var k baseline.Keyer
	out := make([]baseline.Entry, len(fs))
	for i, f := range fs {
		out[i] = k.Entry(baseline.Finding{
			Code:     f.code,
			Package:  f.pkg,
			Filename: f.pos.Filename,
			Offset:   f.pos.Offset,
			Message:  f.message,
		})
	}
	return out
}

// writeBaseline records the run's findings in the file name, unless the
// run was incomplete: a baseline without the findings of the packages that
// failed would let them through later.
func (c *command) writeBaseline(name string, res *result) int {
	if len(res.errors) > 0 {
		fmt.Fprintf(c.stderr, "fencecheck: -baseline-write %s: not written, the run had errors (above)\n", name)
		return exitError
	}
	if err := baseline.WriteFile(c.path(name), entries(res.findings)); err != nil {
		fmt.Fprintf(c.stderr, "fencecheck: -baseline-write: %v\n", err)
		return exitError
	}
	fmt.Fprintf(c.stderr, "fencecheck: recorded %d %s in %s; check against it with -baseline %s\n",
		len(res.findings), plural(len(res.findings), "finding", "findings"), name, name)
	return exitClean
}

// applyBaseline removes the findings the baseline records from res and, in
// text mode, says how many recorded findings no longer occur. A run with
// errors did not see every package, so it says nothing of them.
func (c *command) applyBaseline(o options, b *baseline.Baseline, res *result) {
	m := b.Matcher()
	var kept []finding
	for i, e := range entries(res.findings) {
		if !m.Match(e.Fingerprint) {
			kept = append(kept, res.findings[i])
		}
	}
	res.findings = kept
	if gone := m.Gone(); gone > 0 && o.format == "text" && len(res.errors) == 0 {
		fmt.Fprintf(c.stderr, "fencecheck: -baseline %s: %d of its %d %s no longer %s (fixed, or changed beyond recognition); rewrite it with -baseline-write to drop %s\n",
			o.baseline, gone, b.Len(), plural(b.Len(), "finding", "findings"), plural(gone, "occurs", "occur"), plural(gone, "it", "them"))
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
