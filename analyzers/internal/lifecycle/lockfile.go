package lifecycle

import (
	"fmt"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/leaserec"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/internal/checks"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// agedReader reports whether what fn reads is judged by the clock: fn
// reads the clock itself (leaserec.Aged), or a function of the package
// that calls it does (a helper reads and decodes the lock file, its
// caller compares the decoded heartbeat with time.Now).
// It returns the function that reads the clock, or nil.
func (l *checker) agedReader(fn *ssa.Function) *ssa.Function {
	if leaserec.Aged(fn) {
		return fn
	}
	for _, ci := range l.u.Index.Callers(fn) {
		if leaserec.Aged(ci.Parent()) {
			return ci.Parent()
		}
	}
	return nil
}

// lockFileReleases reports a lock file removed with no look at who holds
// it, where the lock can change hands: the package judges the same file
// stale by the clock somewhere (its expiry or age is read, so a run that
// paused past it has been replaced). The remove of such a run then deletes
// its successor's lock. A lock file that never expires (created
// exclusively, removed by its creator) is not reported, nor a remove in a
// function that reads the file first (an owner check, or the stale
// takeover itself, FC4001's concern). The path is followed across the
// package's functions (leaserec.Paths): computed once, passed to the
// helpers that create and read the file, kept in the lock's handle for the
// release.
func (l *checker) lockFileReleases() {
	type fileOp struct {
		fn   *ssa.Function
		op   leaserec.Op
		path ssa.Value
		ci   ssa.CallInstruction
	}
	var ops []fileOp
	l.eachCall(func(fn *ssa.Function, ci ssa.CallInstruction) {
		if op, path := leaserec.File(ci.Common()); op != leaserec.NoOp && path != nil {
			ops = append(ops, fileOp{fn, op, path, ci})
		}
	})
	paths := leaserec.NewPaths(l.u.Index, l.u.Funcs)
	for _, rm := range ops {
		if rm.op != leaserec.Remove || !paths.Lock(rm.path) || calls.InTestFile(l.u.Pass.Fset, rm.ci.Pos()) {
			continue
		}
		var stale *fileOp
		var judge *ssa.Function // the function that judges stale's read by the clock
		read := false
		writes := map[*ssa.Function]bool{} // a function that rewrites the file renews it
		for _, o := range ops {
			if o.op == leaserec.Create && paths.Same(o.path, rm.path) {
				writes[o.fn] = true
			}
		}
		for i, o := range ops {
			if o.ci == rm.ci || !paths.Same(o.path, rm.path) || o.op != leaserec.Read && o.op != leaserec.Exists {
				continue
			}
			if calls.Outermost(o.fn) == calls.Outermost(rm.fn) {
				read = true
				break
			}
			if writes[o.fn] || stale != nil && (stale.op != leaserec.Exists || o.op != leaserec.Read) {
				continue
			}
			if j := l.agedReader(o.fn); j != nil {
				stale, judge = &ops[i], j
			}
		}
		if read || stale == nil {
			continue
		}
		reads := stale.fn.Name() + " reads it, at " + l.where(stale.ci.Pos()) + ", and judges its age or expiry by the clock"
		if judge != stale.fn {
			reads = stale.fn.Name() + " reads it, at " + l.where(stale.ci.Pos()) + ", and " + judge.Name() + " judges its age or expiry by the clock"
		}
		pos, end := l.span(rm.ci)
		l.report(unit.Finding{Code: checks.UnsafeRelease, Pos: pos, End: end, Key: rm.ci.Pos(),
			Related: []analysis.RelatedInformation{{Pos: stale.ci.Pos(), Message: "the lock file is read here by a function that reads the clock: it can be judged stale and taken over"}},
			Message: fmt.Sprintf("%s of the lock file releases it with no check of its holder, and the lock can change hands (%s): if this process paused or ran past the expiry and another took the lock over, this deletes that holder's lock file and a third process can enter; write a unique owner id into the file and remove it only while it still holds that id (renaming it aside first makes the check and the removal one step), or use a lock the operating system releases (flock)",
				calls.Callee(rm.ci.Common()).Name(), reads)})
	}
}
