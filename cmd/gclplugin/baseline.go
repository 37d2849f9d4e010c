package gclplugin

import (
	"cmp"
	"sync"

	"github.com/fencecheck/fencecheck/internal/baseline"
	"golang.org/x/tools/go/analysis"
)

// withBaseline returns copies of the analyzers (whose codes are ids) that
// drop the diagnostics the baseline records, fingerprinted as the standalone
// command's -baseline does. Each run on a package matches against the whole
// baseline on its own: golangci-lint analyses a package and its test
// variant separately and merges their issues, and a fingerprint names its
// package, so a package never uses up another's entries. The shared
// analyzers are not modified.
func withBaseline(as []*analysis.Analyzer, ids []string, b *baseline.Baseline) []*analysis.Analyzer {
	out := make([]*analysis.Analyzer, len(as))
	for i, a := range as {
		w := *a
		run, id := a.Run, ids[i]
		w.Run = func(pass *analysis.Pass) (any, error) {
			m := b.Matcher()
			var k baseline.Keyer
			var mu sync.Mutex // an analyzer may report from goroutines of its own
			own := *pass
			own.Analyzer = a // the analyzer as the suite knows it
			own.Report = func(d analysis.Diagnostic) {
				p := pass.Fset.Position(d.Pos)
				mu.Lock()
				e := k.Entry(baseline.Finding{
					Code:     cmp.Or(d.Category, id),
					Package:  pass.Pkg.Path(),
					Filename: p.Filename,
					Offset:   p.Offset,
					Message:  d.Message,
				})
				known := m.Match(e.Fingerprint)
				mu.Unlock()
				if !known {
					pass.Report(d)
				}
			}
			return run(&own)
		}
		out[i] = &w
	}
	return out
}
