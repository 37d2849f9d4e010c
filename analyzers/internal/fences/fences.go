// Package fences is the fence checks: FC1001 (unfenced write), FC1002
// (unchecked fence), FC1003 (unfenceable effect), FC2001 (check-then-act)
// and FC2002 (split fence check). Unlike the checks that look at a whole
// package once its sections are walked (lifecycle, tokenquality,
// wallclock), they judge each effect the engine's walk finds inside a
// section, as it finds it: the engine calls Judge for every effect, and
// CheckedSections adds the sections that start at a bool lease check
// before it walks.
package fences

import (
	"github.com/fencecheck/fencecheck/analyzers/internal/holderflag"
	"github.com/fencecheck/fencecheck/analyzers/internal/oneway"
	"github.com/fencecheck/fencecheck/analyzers/internal/section"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"go/types"
	"golang.org/x/tools/go/ssa"
)

// Checker judges the effects in the sections of one package.
type Checker struct {
	u *unit.Unit
	// locked are the sections of acquisitions, extensions and "may hold"
	// sections included, by function: a lease check inside one is judged
	// with the lock (Judge's guard), not as a section of its own
	// (checked.go).
	locked map[*ssa.Function][]*section.Section
	guards map[guardKey]*ssa.Call // memo of guardingCheck
	// claims are the package's one-way claims (dependence.go); nil for
	// none.
	claims *oneway.Package
	// converge decides which effects converge (converge.go).
	converge *Convergence
	// flags are the package's lease flags (leaseflag.go), once computed.
	flags map[*types.Var]*holderflag.Flag
	// wrappers memoises checkWrapper (checked.go): true, false, or
	// absent while being decided.
	wrappers map[*ssa.Function]bool
	// fieldChecks memoises storedChecks (checked.go).
	fieldChecks map[*types.Var]bool
}

// New returns the checker of u's package; locked are the package's
// sections with a lock in view, by function (see Checker.locked).
func New(u *unit.Unit, locked map[*ssa.Function][]*section.Section, claims *oneway.Package) *Checker {
	return &Checker{u: u, locked: locked, guards: map[guardKey]*ssa.Call{}, wrappers: map[*ssa.Function]bool{}, fieldChecks: map[*types.Var]bool{}, claims: claims, converge: NewConvergence(u.Funcs)}
}

// Convergence returns the package's convergence rule (converge.go), which
// the engine's summaries share with the judge.
func (c *Checker) Convergence() *Convergence { return c.converge }
