package engine

import (
	"fmt"
	"go/types"
	"path/filepath"
	"slices"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/fact"
	"github.com/fencecheck/fencecheck/analyzers/internal/oneway"
	"golang.org/x/tools/go/ssa"
)

// kindClaim is the Program summary kind of a function that reports a
// one-way claim (fact.ClaimFact), for the interface calls of packages
// that cannot import its package (a service calling its repository
// through an interface the repository package implements).
const kindClaim = "oneway claim"

// claimCallee says how a call that leaves this package's functions
// reports a one-way claim: a function of a dependency with a
// fact.ClaimFact, or an interface call every implementation of which
// (here, in the dependencies and, in the standalone command, in the rest
// of the program) reports one the same way. It is oneway.Package's
// remote.
func (a *analysis_) claimCallee(c *ssa.CallCommon) (oneway.Signal, bool) {
	if !c.IsInvoke() {
		obj := calls.Callee(c)
		var f fact.ClaimFact
		if obj == nil || obj.Pkg() == a.pass.Pkg || !a.pass.ImportObjectFact(obj, &f) {
			return 0, false
		}
		return oneway.Signal(f.Signal), true
	}
	sig, ok := oneway.SignalOf(c.Signature())
	if !ok {
		return 0, false
	}
	n := 0
	for _, fn := range a.implementations(c) {
		n++
		if s, ok := a.oneway.Reports(fn); !ok || s != sig {
			return 0, false
		}
	}
	deps := a.depImplementations(c)
	var seen []string
	for _, d := range deps {
		n++
		seen = append(seen, d.id)
		var f fact.ClaimFact
		if !a.pass.ImportObjectFact(d.method, &f) || oneway.Signal(f.Signal) != sig {
			return 0, false
		}
	}
	if prog := a.prog; prog != nil {
		if k, iface := methodKey(c); k != "" {
			if !prog.Resolving() {
				if n == 0 {
					prog.WantKind(a.pass.Pkg, k, kindClaim)
				}
			} else {
				for _, im := range prog.Lookup(k, iface) {
					if im.Pkg == a.pass.Pkg.Path() || slices.Contains(seen, im.Pkg+"."+im.Type) {
						continue
					}
					n++
					f, ok := im.Summaries[kindClaim].(*fact.ClaimFact)
					if !ok || oneway.Signal(f.Signal) != sig {
						return 0, false
					}
				}
			}
		}
	}
	return sig, n > 0
}

// exportClaims exports a fact.ClaimFact for each declared function of the
// package that reports a one-way claim, and records the methods among them
// in the Program.
func (a *analysis_) exportClaims(funcs []*ssa.Function) {
	for _, fn := range funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Parent() != nil {
			continue
		}
		sig, ok := a.oneway.Reports(fn)
		if !ok {
			continue
		}
		p := a.pass.Fset.Position(fn.Pos())
		f := &fact.ClaimFact{Signal: int(sig), Where: fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)}
		a.pass.ExportObjectFact(obj, f)
		services{a}.RecordSummary(fn, obj, kindClaim, f)
	}
}
