// Package lifecycle is the lock lifecycle checks: FC5001 (unsafe release)
// and FC5002 (ignored lease loss). The engine runs Check on every relevant
// package once its critical sections are walked (package unit).
package lifecycle

import (
	"github.com/fencecheck/fencecheck/analyzers/internal/leaseclaim"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"

	"github.com/fencecheck/fencecheck/analyzers/internal/lossreach"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// Check reports FC5001 (unsafe release) and FC5002 (ignored lease
// loss).
//
// Both checks are about the ends of a lock's life rather than the writes in
// the middle: FC5001 looks at how a lock is given up (release.go,
// storerelease.go), FC5002 at how the news that it was lost is handled
// (loss.go, renewal.go, and package lossreach for whether the loss reaches the
// work at all).
func Check(u *unit.Unit) {
	l := &checker{u: u}
	l.unsafeReleases()
	l.storeReleaseCalls()
	l.lockFileReleases()
	l.objectReleases()
	l.kubeLeaseReleases()
	l.protocolReleases()
	l.ignoredLeaseLoss()
	l.leaseRenewals()
	lossreach.Check(u, l.judgedRenewal, l.summarisedRenewal)
}

// CheckLoss runs only FC5002's loss rules for a package that names a
// renewal but imports no lock API: the loss-reach rules (package
// lossreach), and the calls of renewals summarised in other packages (a
// heartbeat behind the application's own repository interface) whose
// error is dropped. It exports no fact.
func CheckLoss(u *unit.Unit) {
	l := &checker{u: u, lossOnly: true}
	l.leaseRenewals()
	lossreach.Check(u, l.judgedRenewal, l.summarisedRenewal)
}

// checker holds what both lifecycle checks need about one package.
type checker struct {
	u        *unit.Unit
	lossOnly bool // CheckLoss: no statements of its own, no fact exported
	// renewals are this package's renewal functions (leaseRenewals).
	renewals map[*types.Func]*RenewalFact

	setnxs []*setnx           // SET NX calls, built on first use
	done   map[token.Pos]bool // reported positions (Key)
	// factMethods are other packages' methods with a fact, by fact type
	// and name, built on first use.
	factMethods map[reflect.Type]map[string][]*types.Func
	rel         *storeReleases // FC5001's release functions, built on first use
}

// report records a finding. A problem found twice (a callback registered
// by two elections, say) is reported once: the engine keeps one finding
// per check and key.
func (l *checker) report(f unit.Finding) { l.u.Report(f) }

// eachCall calls visit for every call, go and defer instruction of the
// package's source functions.
func (l *checker) eachCall(visit func(fn *ssa.Function, ci ssa.CallInstruction)) {
	for _, s := range l.u.Index.Sites() {
		visit(s.Fn, s.Call)
	}
}

// where renders a position as "file.go:12" for messages.
func (l *checker) where(pos token.Pos) string { return l.u.Where(pos) }

// acquired is the related location naming an acquisition.
func acquired(pos token.Pos, lib string) analysis.RelatedInformation {
	return analysis.RelatedInformation{Pos: pos, Message: lib + " acquired here"}
}

// span returns the source range of the call expression of ci (the whole
// `rdb.Del(ctx, key)`), falling back to the instruction's position.
func (l *checker) span(ci ssa.CallInstruction) (token.Pos, token.Pos) { return l.u.Span(ci) }

// lockKeyName reports whether a key's name says it is a lock.
func lockKeyName(hint string) bool {
	return vocab.LockKey.Match(hint)
}

// isError reports whether t is the error type.
func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// callSites returns the static call sites of fn in the package.
func (l *checker) callSites(fn *ssa.Function) []ssa.CallInstruction {
	return l.u.Index.Callers(fn)
}

// callExpr returns the syntax of a call instruction.
func (l *checker) callExpr(ci ssa.CallInstruction) *ast.CallExpr {
	return l.u.Index.Call(ci.Common().Pos())
}

// source renders an expression as Go source.
func (l *checker) source(e ast.Expr) string { return l.u.Source(e) }

// judged reports whether a column of a table is the time by which the
// package's lease protocol takes a claim of its records back
// (leaseclaim.Protocol.Judged).
func (l *checker) judged(table, col string) bool {
	return leaseclaim.Of(l.u).Judged(table, col)
}
