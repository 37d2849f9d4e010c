// Package checker builds the thin go/analysis front of each fencecheck check:
// an Analyzer named after the check that reports the engine's findings for
// its code. All analysis happens once per package in the engine; the check
// analyzers only select, which keeps them consistent with each other and
// lets "one finding per problem" be decided in one place.
package checker

import (
	"fmt"

	"github.com/fencecheck/fencecheck/analyzers/internal/engine"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/docs"
	"golang.org/x/tools/go/analysis"
)

// New returns the Analyzer for the check with the given code.
func New(code string) *analysis.Analyzer { return NewFor(code, engine.Analyzer) }

// NewFor returns the Analyzer for the check with the given code that takes
// its findings from eng, an engine made by engine.NewAnalyzer.
func NewFor(code string, eng *analysis.Analyzer) *analysis.Analyzer {
	c, ok := model.CheckByCode(code)
	if !ok {
		panic(fmt.Sprintf("fencecheck: unknown check code %s", code)) // programming error at init
	}
	return &analysis.Analyzer{
		Name:     c.Name,
		Doc:      docs.AnalyzerDoc(c.Code),
		URL:      docs.URL(c.Code),
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
					Category:       code,
					Message:        f.Message + " (" + code + ")",
					URL:            docs.URL(code),
					Related:        f.Related,
					SuggestedFixes: f.Fixes,
				})
			}
			return nil, nil
		},
	}
}
