package lifecycle

import (
	"fmt"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/leaserec"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/objlock"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/internal/checks"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// objectReleases reports a lock object of an object store (S3, GCS,
// MinIO) deleted, or its hold cleared, with no precondition that ties the
// call to this holder's version of it (an ETag or generation match, a
// version id), where the lock can change hands: the package reads the same
// object in a function that reads the clock (it judges the lock stale and
// takes it over). A holder that paused or ran past that expiry then
// deletes its successor's lock, and a third claimant can enter. A release
// in a function that reads the object first is not reported (an owner
// check, or the takeover itself: FC2001's and FC4001's concern), nor one
// of an object that never changes hands.
func (l *checker) objectReleases() {
	type objOp struct {
		fn *ssa.Function
		op *objlock.Op
	}
	var ops []objOp
	l.eachCall(func(fn *ssa.Function, ci ssa.CallInstruction) {
		if op := objlock.Of(ci); op != nil && op.Name != nil {
			ops = append(ops, objOp{fn, op})
		}
	})
	for _, rel := range ops {
		op := rel.op
		if !op.Releases() || op.Conditional || !objlock.LockObject(op.Name) && !calls.LockProtocol(rel.fn) || calls.InTestFile(l.u.Pass.Fset, op.Call.Pos()) {
			continue
		}
		var stale *objOp
		read := false
		for i, o := range ops {
			if o.op.Kind != model.ObjectRead || !objlock.SameObject(o.op.Name, op.Name) {
				continue
			}
			if calls.Outermost(o.fn) == calls.Outermost(rel.fn) {
				read = true
				break
			}
			if stale == nil && leaserec.Aged(o.fn) {
				stale = &ops[i]
			}
		}
		if read || stale == nil {
			continue
		}
		what := "deletes"
		if op.Kind == model.ObjectUpdate {
			what = "clears the hold on"
		}
		pos, end := l.span(op.Call)
		l.report(unit.Finding{Code: checks.UnsafeRelease, Pos: pos, End: end, Key: op.Call.Pos(),
			Related: []analysis.RelatedInformation{{Pos: stale.op.Call.Pos(), Message: "the lock object is read here by a function that reads the clock: it can be judged stale and taken over"}},
			Message: fmt.Sprintf("%s %s the %s lock object %s with no precondition tying it to this holder's version, and the lock can change hands (%s reads it, at %s, and judges it by the clock): if this holder paused or ran past the expiry and another took the lock over, this releases that holder's lock and a third one can enter; %s",
				calls.Callee(op.Call.Common()).Name(), what, op.Store.Name, objlock.Describe(op.Name), stale.fn.Name(), l.where(stale.op.Call.Pos()), op.Store.Objects.ReleaseFix)})
	}
}
