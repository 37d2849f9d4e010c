package engine

import (
	"github.com/fencecheck/fencecheck/analyzers/internal/flow"
	"github.com/fencecheck/fencecheck/analyzers/internal/section"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// Unit is what a check sees of one package's analysis: the pass, the SSA
// functions, the critical sections and the fence flow. Checks report
// through it so that de-duplication and suppression stay in one place.
type Unit struct {
	Pass     *analysis.Pass
	Funcs    []*ssa.Function
	Sections []*section.Section
	a        *analysis_
}

// Tokens returns the values of fn that carry a fencing token, with no
// token assumed on entry.
func (u *Unit) Tokens(fn *ssa.Function) *flow.Tokens { return u.a.tokens(fn, nil) }

// Report records a finding. Key should be the position of the effect the
// finding is about, so that several checks matching one effect yield one
// finding (the catalog's precedence, checks.Supersedes).
func (u *Unit) Report(f Finding) { u.a.findings.add(f) }

// unitChecks run on every relevant package after the critical sections
// have been walked. Each lives in its own file.
var unitChecks = []func(*Unit){
	checkLifecycle,    // FC5001 unsaferelease, FC5002 ignoredleaseloss (lifecycle.go)
	checkTokenQuality, // FC3001 randomfence, FC3002 volatilefence (tokenquality.go)
	checkWallClock,    // FC4001 wallclockttl (wallclock.go)
}
