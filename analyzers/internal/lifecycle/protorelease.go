package lifecycle

import (
	"fmt"
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/objlock"
	"github.com/fencecheck/fencecheck/analyzers/internal/storecond"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/internal/checks"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// protocolReleases reports the release of a lock a type implements over
// a key-addressed store client the knowledge base does not know (an
// application's own KV or HTTP client): the release method of a type with
// a lock's protocol (calls.LockProtocol: Lock and Unlock, Acquire and
// Release) deletes the lock's record (storecond.Generic: Delete(key),
// HTTP DELETE of the lock's path) with nothing the store could compare
// (no version, owner or options), whoever holds the lock now. The record
// is the lock's when its key is named like one (objlock.LockObject: a
// ".lock" suffix, a lock-named variable), also through a helper that
// turns it into a path, or when the type's acquisition writes the same
// key. A read of the record before the delete, compared in Go, does not
// make it atomic: the message says so.
func (l *checker) protocolReleases() {
	l.eachCall(func(fn *ssa.Function, ci ssa.CallInstruction) {
		if _, rel := calls.LockProtocolRole(fn); !rel || calls.InTestFile(l.u.Pass.Fset, ci.Pos()) {
			return
		}
		kc := storecond.Generic(ci)
		if kc == nil || kc.Verb != storecond.KeyDelete || kc.Conditional {
			return
		}
		if f, _ := summaryOf(l, ci, l.releases().local, kindRelease); f != nil {
			return // a release function the store rules read (storerelease.go)
		}
		key := l.protocolKey(fn, kc)
		if key == nil {
			return
		}
		name := l.callName(ci, calls.Callee(ci.Common()))
		var related []analysis.RelatedInformation
		how := "without reading or comparing who holds it"
		if read := readBefore(ci, key); read != nil {
			related = append(related, analysis.RelatedInformation{Pos: read.Pos(), Message: "the lock record is read here, in a separate request"})
			how = fmt.Sprintf("after reading it in a separate request (at %s)", l.where(read.Pos()))
		}
		pos, end := l.span(ci)
		l.report(unit.Finding{Code: checks.UnsafeRelease, Pos: pos, End: end, Key: ci.Pos(), Related: related,
			Message: fmt.Sprintf("%s deletes the lock record %s %s, with no condition the store evaluates: if this holder's lock expired (or was broken as stale) and another holder took it, this release deletes that holder's lock and a third one can enter; store an owner value unique to this acquisition and delete only if the record still holds it, in one conditional request (a compare-and-delete, a version or check-and-set the store enforces)",
				name, l.keyText(ci, key), how)})
	})
}

// keyText renders the argument key of ci as the code writes it, or
// describes it.
func (l *checker) keyText(ci ssa.CallInstruction, key ssa.Value) string {
	if ce := l.callExpr(ci); ce != nil {
		for i, a := range calls.Args(ci.Common()) {
			if a == key && i < len(ce.Args) {
				return l.source(ce.Args[i])
			}
		}
	}
	return objlock.Describe(storecond.KeyRoot(key))
}

// protocolKey returns the argument of kc that names the lock's record, or
// nil: one named like a lock's, or the key the type's acquisition writes.
func (l *checker) protocolKey(fn *ssa.Function, kc *storecond.KeyCall) ssa.Value {
	for _, k := range kc.Keys {
		if objlock.LockObject(k) || objlock.LockObject(storecond.KeyRoot(k)) {
			return k
		}
	}
	recv := receiverType(fn)
	if recv == nil {
		return nil
	}
	for _, other := range l.u.Funcs {
		if acq, _ := calls.LockProtocolRole(other); !acq || other.Parent() != nil || !types.Identical(receiverType(other), recv) {
			continue
		}
		for ci := range calls.In(other) {
			w := storecond.Generic(ci)
			if w == nil || w.Verb != storecond.KeyWrite {
				continue
			}
			for _, wk := range w.Keys {
				for _, k := range kc.Keys {
					if storecond.SameKey(k, wk) {
						return k
					}
				}
			}
		}
	}
	return nil
}

// receiverType is the receiver type of the declared function fn belongs
// to, or nil.
func receiverType(fn *ssa.Function) types.Type {
	for fn != nil && fn.Parent() != nil {
		fn = fn.Parent()
	}
	if fn == nil || fn.Signature.Recv() == nil {
		return nil
	}
	return fn.Signature.Recv().Type()
}

// readBefore returns a read of the same record (storecond.Generic) that
// runs before del in its function, or nil.
func readBefore(del ssa.CallInstruction, key ssa.Value) ssa.CallInstruction {
	for ci := range calls.In(del.Parent()) {
		r := storecond.Generic(ci)
		if r == nil || r.Verb != storecond.KeyRead || !calls.Before(ci, del) {
			continue
		}
		for _, k := range r.Keys {
			if storecond.SameKey(k, key) {
				return ci
			}
		}
	}
	return nil
}
