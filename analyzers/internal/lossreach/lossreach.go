// Package lossreach decides whether the loss of a lease can reach the work
// the lease protects (FC5002): a heartbeat goroutine that can tell nobody
// that its renewal failed, a holder flag left set when the lease is lost,
// a lost channel read only by a goroutine that passes nothing on. The
// lifecycle check runs it beside its rules on the libraries' own loss
// signals, and on its own where a package names a renewal but imports no
// lock API.
package lossreach

import (
	"go/token"
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"golang.org/x/tools/go/ssa"
)

// checker holds what the loss rules need about one package.
type checker struct {
	u *unit.Unit
	// judgedRenewal reports whether another FC5002 rule judges the outcome
	// of a call (Check's judged).
	judgedRenewal func(ssa.CallInstruction) bool
	// summarisedRenewal reports whether a call renews a lease by the
	// renewal summaries of its callee (this package's or a fact).
	summarisedRenewal func(ssa.CallInstruction) bool
}

func (l *checker) report(f unit.Finding) { l.u.Report(f) }

func (l *checker) where(pos token.Pos) string { return l.u.Where(pos) }

func (l *checker) span(ci ssa.CallInstruction) (token.Pos, token.Pos) { return l.u.Span(ci) }

func (l *checker) callName(ci ssa.CallInstruction, callee *types.Func) string {
	return l.u.CallName(ci, callee)
}

// callSites returns the static call sites of fn in the package.
func (l *checker) callSites(fn *ssa.Function) []ssa.CallInstruction {
	return l.u.Index.Callers(fn)
}

// The limits of the walks, as lifecycle's: each keeps a walk finite where
// a seen-set does not; reaching one means giving up, silently.
const (
	// maxReleaserDepth bounds the package functions followed from a
	// goroutine to the library's release.
	maxReleaserDepth = 2

	// maxCallDepth bounds how deep calls of this package are followed to
	// see them read or write a holder flag: a helper or two.
	maxCallDepth = 3

	// maxWorkNesting bounds how deeply nested function literals of a
	// heartbeat goroutine are searched: work is started within a literal
	// or two (go func() {...}).
	maxWorkNesting = 4

	// maxReadDepth bounds how far a lease-loss channel is followed through
	// stores, phis and closures to see it read: it is read where it is
	// received or within a few assignments.
	maxReadDepth = 6
)

func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

func isNil(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}
