package claims

import (
	"fmt"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/objlock"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/internal/checks"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// objects reports a lock object of an object store (S3, GCS, MinIO)
// claimed by reading it (or its metadata) and then writing it, or putting
// a hold on it, with no precondition, on a branch taken on what the read
// returned ("not found", "no hold", "expired"): two claimants can both
// read it free and both write it, and both go on as the holder. A write
// with a precondition the store evaluates (S3 If-None-Match, a GCS
// DoesNotExist or generation condition) is the claim done right, and a
// write after which the function reads the object again (create it empty,
// then claim it) is not the claim. A write through a function of the
// package that makes it (putLockFile) counts as the write.
func (c *claimer) objects(writers, readers map[*ssa.Function]*objlock.Op) {
	var reads []*objlock.Op
	type write struct {
		call ssa.CallInstruction
		op   *objlock.Op
		name ssa.Value
	}
	var writes []write
	for _, b := range c.fn.Blocks {
		for _, instr := range b.Instrs {
			ci, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if op := objlock.Of(ci); op != nil {
				switch {
				case op.Kind == model.ObjectRead && op.Name != nil:
					reads = append(reads, op)
				case op.Claims() && !op.Conditional && (objlock.LockObject(op.Name) || calls.LockProtocol(c.fn)):
					writes = append(writes, write{ci, op, op.Name})
				}
				continue
			}
			callee := ci.Common().StaticCallee()
			if w := writers[callee]; w != nil {
				if name := calls.ArgFor(ci.Common(), w.Name); objlock.LockObject(name) || calls.LockProtocol(c.fn) {
					writes = append(writes, write{ci, w, name})
				}
			}
			if r := readers[callee]; r != nil && callee != c.fn {
				// A helper that reads the object and returns what it
				// found (isBusy(), a free/expired verdict): its call is
				// the read the claim is taken on.
				reads = append(reads, &objlock.Op{Call: ci, Kind: model.ObjectRead, Store: r.Store, Name: calls.ArgFor(ci.Common(), r.Name)})
			}
		}
	}
	for _, w := range writes {
		wcall, ok := w.call.(*ssa.Call)
		if !ok {
			continue
		}
		for _, r := range reads {
			rcall, ok := r.Call.(*ssa.Call)
			if !ok || !sameObject(r, w.op, w.name) || !calls.DecidedBy(wcall, rcall, rcall) ||
				reachable2(wcall.Block(), rcall.Block()) {
				continue
			}
			what := "writes"
			if w.op.Hold > 0 {
				what = "puts a hold on"
			}
			name := calls.Callee(w.call.Common()).Name()
			via := ""
			if w.op.Call != w.call {
				via = fmt.Sprintf(" (%s at %s)", calls.Callee(w.op.Call.Common()).Name(), c.where(w.op.Call.Pos()))
			}
			pos := w.call.Pos()
			c.u.Report(unit.Finding{Code: checks.CheckThenAct, Pos: pos, End: pos, Key: rcall.Pos(),
				Message: fmt.Sprintf(
					"%s%s %s the %s lock object %s with no precondition, on what the read at %s found: two claimants can both find it free and both write it, and both go on as the holder; %s",
					name, via, what, w.op.Store.Name, objlock.Describe(w.name), c.where(rcall.Pos()), w.op.Store.Objects.CreateFix),
				Related: []analysis.RelatedInformation{{Pos: rcall.Pos(), Message: "the lock object is read here"}}})
			break
		}
	}
}

// sameObject reports whether a read and a write are of one object: the
// same handle, or names of one object.
func sameObject(r, w *objlock.Op, wname ssa.Value) bool {
	if r.Handle != nil && r.Handle == w.Handle {
		return true
	}
	return objlock.SameObject(r.Name, wname)
}

// reachable2 reports whether the read's block can run again after the
// write's: the function reads the object again (create, then claim).
func reachable2(write, read *ssa.BasicBlock) bool {
	for _, s := range write.Succs {
		if reachable(s, read, nil) {
			return true
		}
	}
	return false
}

// objectReaders are the package's functions that read an object and
// return a result (what they found, or a verdict on it), by the read.
func objectReaders(funcs []*ssa.Function) map[*ssa.Function]*objlock.Op {
	out := map[*ssa.Function]*objlock.Op{}
	for _, fn := range funcs {
		if fn.Signature.Results().Len() == 0 {
			continue
		}
		for ci := range calls.In(fn) {
			if op := objlock.Of(ci); op != nil && op.Kind == model.ObjectRead && op.Name != nil {
				out[fn] = op
				break
			}
		}
	}
	return out
}

// objectWriters are the package's functions that make an unconditional
// claiming write of an object, by the write: a helper like
// putLockFile(ctx, key), which a claim calls. The object must be a lock's
// where the helper names it, or where its caller passes the name.
func objectWriters(funcs []*ssa.Function) map[*ssa.Function]*objlock.Op {
	out := map[*ssa.Function]*objlock.Op{}
	for _, fn := range funcs {
		for ci := range calls.In(fn) {
			if op := objlock.Of(ci); op != nil && op.Claims() && !op.Conditional && op.Name != nil {
				out[fn] = op
				break
			}
		}
	}
	return out
}
