package engine

import (
	"github.com/fencecheck/fencecheck/analyzers/internal/claims"
	"github.com/fencecheck/fencecheck/analyzers/internal/leaseclaim"
	"github.com/fencecheck/fencecheck/analyzers/internal/program"
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/flow"
	"github.com/fencecheck/fencecheck/analyzers/internal/lifecycle"
	"github.com/fencecheck/fencecheck/analyzers/internal/section"
	"github.com/fencecheck/fencecheck/analyzers/internal/tokenquality"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/analyzers/internal/wallclock"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// unitChecks run on every relevant package after the critical sections
// have been walked. Each is a package of its own, which imports unit and
// not the engine.
var unitChecks = []func(*unit.Unit){
	lifecycle.Check,    // FC5001 unsaferelease, FC5002 ignoredleaseloss
	tokenquality.Check, // FC3001 randomfence, FC3002 volatilefence
	wallclock.Check,    // FC4001 wallclockttl
	claims.Check,       // FC2001 checkthenact: racy claims of a lock record
	leaseclaim.Check,   // FC1001, FC5001: writes by key alone of records leased by a claim
}

// services is the engine's side of unit.Engine, for the package a is
// analysing.
type services struct{ a *analysis_ }

func (s services) Tokens(fn *ssa.Function) *flow.Tokens { return s.a.tokens(fn, nil) }

func (s services) Report(f Finding) { s.a.findings.add(f) }

func (s services) Implementations(c *ssa.CallCommon) []*ssa.Function {
	return s.a.implementations(c)
}

func (s services) DepImplementations(c *ssa.CallCommon) []*types.Func {
	var out []*types.Func
	for _, d := range s.a.depImplementations(c) {
		out = append(out, d.method)
	}
	return out
}

func (s services) HandleText(sec *section.Section) string { return s.a.handleText(sec) }

func (s services) KeyEvidence(fn *ssa.Function, key ssa.Value) bool { return s.a.keys.Of(fn, key) }

func (s services) HeldAt(acq, del *ssa.Function) bool { return s.a.keys.HeldAt(acq, del) }

func (s services) IsCustomCheck(fn *types.Func) bool { return s.a.custom.isCheck(fn) }

func (s services) RecordSummary(fn *ssa.Function, obj *types.Func, kind string, f analysis.Fact) {
	s.a.recordImpl(fn, obj, func(im *program.Impl) { im.Summaries = map[string]analysis.Fact{kind: f} })
}

func (s services) ProgramSummaries(c *ssa.CallCommon, kind string) []unit.Summary {
	prog := s.a.prog
	if prog == nil {
		return nil
	}
	k, iface := methodKey(c)
	if k == "" {
		return nil
	}
	pkg := s.a.pass.Pkg.Path()
	if !prog.Resolving() {
		prog.WantKind(s.a.pass.Pkg, k, kind)
		return nil
	}
	var out []unit.Summary
	for _, im := range prog.Lookup(k, iface) {
		if f := im.Summaries[kind]; f != nil && im.Pkg != pkg {
			out = append(out, unit.Summary{Pkg: im.Pkg, Type: im.Type, Fact: f})
		}
	}
	return out
}
