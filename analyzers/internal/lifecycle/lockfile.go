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
	if leaserec.Judges(fn) {
		return fn
	}
	for _, ci := range l.u.Index.Callers(fn) {
		if leaserec.Judges(ci.Parent()) {
			return ci.Parent()
		}
	}
	return nil
}

// lockFileReleases reports a lock file removed where the lock can change
// hands: the package judges the same file stale by the clock somewhere
// (its expiry or age is read, so a run that paused past it has been
// replaced). A file has no compare-and-delete, so three removes delete a
// successor's lock:
//
//   - a remove with no look at the holder: the release of a run that
//     paused past the expiry deletes the lock of the run that took over;
//   - a remove after reading the holder (read, compare, remove): the
//     check and the removal are two steps, and the takeover can land
//     between them;
//   - the stale takeover's own remove (read, judge stale, remove, create):
//     two contenders can both judge it stale, and the second's remove
//     deletes the lock the first has just created.
//
// A lock file that never expires (created exclusively, removed by its
// creator) is not reported, nor a remove with no read before it in a
// function that reads the file elsewhere (the creator cleaning up a file
// it has just made), nor a takeover that then rewrites the file with a
// plain write (FC2001 reports the takeover). The calls may be the
// program's own file helpers (leaserec.Files), and the path is followed
// across the package's functions (leaserec.Paths): computed once, passed
// to the helpers that create and read the file, kept in the lock's handle
// for the release.
func (l *checker) lockFileReleases() {
	type fileOp struct {
		fn   *ssa.Function
		op   leaserec.Op
		path ssa.Value
		ci   ssa.CallInstruction
	}
	var ops []fileOp
	files := l.u.Files()
	l.eachCall(func(fn *ssa.Function, ci ssa.CallInstruction) {
		if op, path := files.Op(ci.Common()); op != leaserec.NoOp && path != nil {
			ops = append(ops, fileOp{fn, op, path, ci})
		}
	})
	paths := l.u.Paths()
	for _, rm := range ops {
		if rm.op != leaserec.Remove || !paths.Lock(rm.path) || calls.InTestFile(l.u.Pass.Fset, rm.ci.Pos()) {
			continue
		}
		if _, isParam := calls.Unwrap(rm.path).(*ssa.Parameter); isParam && files.Helper(rm.fn) {
			continue // a helper's remove: judged where the helper is called
		}
		var stale, before *fileOp
		var judge *ssa.Function // the function that judges stale's read by the clock
		readNear := false       // the remove's function reads the file somewhere
		rewrites := false       // a plain write of the file follows the remove
		// A function that rewrites the file with no judgement by the clock
		// before it renews it; one that rewrites it after judging it takes
		// it over, and its reads are the judgement.
		writes := map[*ssa.Function]bool{}
		for _, o := range ops {
			if o.op == leaserec.Create && paths.Same(o.path, rm.path) {
				if _, seen := writes[o.fn]; !seen {
					writes[o.fn] = true
				}
				if leaserec.JudgedBefore(o.ci) {
					writes[o.fn] = false
				}
				if o.fn == rm.fn && calls.Reaches(rm.ci, o.ci) {
					rewrites = true
				}
			}
		}
		for i, o := range ops {
			if o.ci == rm.ci || !paths.Same(o.path, rm.path) || o.op != leaserec.Read && o.op != leaserec.Exists {
				continue
			}
			if o.fn == rm.fn && before == nil && calls.Before(o.ci, rm.ci) {
				before = &ops[i]
			}
			if calls.Outermost(o.fn) == calls.Outermost(rm.fn) {
				readNear = true
			}
			if writes[o.fn] || stale != nil && (stale.op != leaserec.Exists || o.op != leaserec.Read) {
				continue
			}
			if j := l.agedReader(o.fn); j != nil {
				stale, judge = &ops[i], j
			}
		}
		if stale == nil {
			continue
		}
		reads := stale.fn.Name() + " reads it, at " + l.where(stale.ci.Pos()) + ", and judges its age or expiry by the clock"
		if judge != stale.fn {
			reads = stale.fn.Name() + " reads it, at " + l.where(stale.ci.Pos()) + ", and " + judge.Name() + " judges its age or expiry by the clock"
		}
		name := calls.Callee(rm.ci.Common()).Name()
		var msg string
		switch {
		case before != nil && leaserec.JudgedBefore(rm.ci):
			if rewrites {
				continue // a takeover by a plain write: FC2001's
			}
			msg = fmt.Sprintf("%s removes the lock file it has just judged stale (read at %s): two processes can both judge it stale, and the second's remove deletes the lock the first has just created in its place, so both go on as the holder; take the stale file over in one step that only one process can win (rename it aside to a name of your own, then create it exclusively), or use a lock the operating system releases (flock)",
				name, l.where(before.ci.Pos()))
		case before != nil:
			msg = fmt.Sprintf("%s of the lock file comes after reading its holder (at %s) in a separate step, and the lock can change hands (%s): if this process pauses between the read and the remove and another takes the lock over, this deletes that holder's lock file and a third process can enter; rename the file aside to a name of your own first and remove it only if it still holds this owner's id, or use a lock the operating system releases (flock)",
				name, l.where(before.ci.Pos()), reads)
		case readNear:
			continue // the creator cleaning up a file it has just made
		default:
			msg = fmt.Sprintf("%s of the lock file releases it with no check of its holder, and the lock can change hands (%s): if this process paused or ran past the expiry and another took the lock over, this deletes that holder's lock file and a third process can enter; write a unique owner id into the file and remove it only while it still holds that id (renaming it aside first makes the check and the removal one step), or use a lock the operating system releases (flock)",
				name, reads)
		}
		pos, end := l.span(rm.ci)
		l.report(unit.Finding{Code: checks.UnsafeRelease, Pos: pos, End: end, Key: rm.ci.Pos(),
			Related: []analysis.RelatedInformation{{Pos: stale.ci.Pos(), Message: "the lock file is read here by a function that reads the clock: it can be judged stale and taken over"}},
			Message: msg})
	}
}
