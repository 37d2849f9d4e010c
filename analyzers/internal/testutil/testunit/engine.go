package testunit

import (
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/flow"
	"github.com/fencecheck/fencecheck/analyzers/internal/section"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// Engine answers a check's unit tests as the engine does for a package
// with no acquire wrappers, no interface implementations elsewhere and no
// dependencies' facts, and keeps the findings. Held is what HeldAt
// answers: whether a lock taken in one function may be held in another.
type Engine struct {
	Found []unit.Finding
	Held  bool
}

func (*Engine) Tokens(fn *ssa.Function) *flow.Tokens { return flow.Analyze(fn, nil, flow.NewFields()) }
func (e *Engine) Report(f unit.Finding)              { e.Found = append(e.Found, f) }
func (*Engine) Implementations(*ssa.CallCommon) []*ssa.Function {
	return nil
}
func (*Engine) DepImplementations(*ssa.CallCommon) []*types.Func        { return nil }
func (*Engine) HandleText(*section.Section) string                      { return "" }
func (*Engine) KeyEvidence(*ssa.Function, ssa.Value) bool               { return false }
func (e *Engine) HeldAt(_, _ *ssa.Function) bool                        { return e.Held }
func (*Engine) IsCustomCheck(*types.Func) bool                          { return false }
func (*Engine) ProgramSummaries(*ssa.CallCommon, string) []unit.Summary { return nil }
func (*Engine) RecordSummary(*ssa.Function, *types.Func, string, analysis.Fact) {
}

// WithEngine gives u an Engine (HeldAt answering held), the sections the
// engine finds without wrappers (section.Find), and facts that go nowhere:
// what a check's Check needs to run on u alone.
func WithEngine(u *unit.Unit, held bool) *Engine {
	e := &Engine{Held: held}
	u.Engine = e
	u.Pass.ExportObjectFact = func(types.Object, analysis.Fact) {}
	u.Pass.ImportObjectFact = func(types.Object, analysis.Fact) bool { return false }
	u.Pass.AllObjectFacts = func() []analysis.ObjectFact { return nil }
	for _, fn := range u.Funcs {
		u.Sections = append(u.Sections, section.Find(fn)...)
	}
	return e
}
