// Package checker builds the thin go/analysis front of each fencecheck check:
// an Analyzer named after the check that reports the engine's findings for
// its code. All analysis happens once per package in the engine; the check
// analyzers only select, which keeps them consistent with each other and
// lets "one finding per problem" be decided in one place.
package checker

import (
	"fmt"

	"github.com/fencecheck/fencecheck/analyzers/internal/engine"
	"github.com/fencecheck/fencecheck/docs"
	"github.com/fencecheck/fencecheck/internal/checks"
	"golang.org/x/tools/go/analysis"
)

// New returns the Analyzer for the check with the given code.
func New(code checks.Code) *analysis.Analyzer { return NewFor(code, engine.Analyzer) }

// NewFor returns the Analyzer for the check with the given code that takes
// its findings from eng, an engine made by engine.New.
func NewFor(code checks.Code, eng *analysis.Analyzer) *analysis.Analyzer {
	c, ok := checks.ByCode(code)
	if !ok {
		panic(fmt.Sprintf("fencecheck: unknown check code %v", code)) // programming error at init
	}
	id := code.String()
	return &analysis.Analyzer{
		Name:     c.Name,
		Doc:      docs.AnalyzerDoc(id),
		URL:      docs.URL(id),
		Requires: []*analysis.Analyzer{eng},
		Run: func(pass *analysis.Pass) (any, error) {
			res := pass.ResultOf[eng].(*engine.Result)
			for _, f := range res.Findings {
				if f.Code != code {
					continue
				}
				pass.Report(analysis.Diagnostic{
					Pos:            f.Pos,
					End:            f.End,
					Category:       id,
					Message:        f.Message + " (" + id + ")",
					URL:            docs.URL(id),
					Related:        f.Related,
					SuggestedFixes: f.Fixes,
				})
			}
			return nil, nil
		},
	}
}
