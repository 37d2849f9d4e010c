package claims

import (
	"fmt"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/objlock"
	"github.com/fencecheck/fencecheck/analyzers/internal/storecond"
	"golang.org/x/tools/go/ssa"
)

// generic reports a lock's record claimed through a key-addressed store
// client the knowledge base does not know (storecond.Generic: an
// application's own KV or HTTP client): a write of the record with
// nothing the store could compare (no version, check-and-set option or
// expected value), on a branch taken on what a read of the same record
// returned (its result, or the response it filled in). The record is a
// lock's when its key is named like one (objlock.LockObject), or when the
// function is the acquisition of a type with a lock's protocol
// (calls.LockProtocol).
func (c *claimer) generic() {
	acquire, _ := calls.LockProtocolRole(c.fn)
	var reads, writes []*storecond.KeyCall
	for ci := range calls.In(c.fn) {
		kc := storecond.Generic(ci)
		switch {
		case kc == nil:
		case kc.Verb == storecond.KeyRead:
			reads = append(reads, kc)
		case kc.Verb == storecond.KeyWrite && !kc.Conditional:
			writes = append(writes, kc)
		}
	}
	for _, w := range writes {
		wcall, ok := w.Call.(*ssa.Call)
		if !ok {
			continue
		}
		for _, r := range reads {
			rcall, ok := r.Call.(*ssa.Call)
			if !ok {
				continue
			}
			key := sharedKey(r, w)
			if key == nil || !acquire && !objlock.LockObject(storecond.KeyRoot(key)) && !objlock.LockObject(key) ||
				!decidedByRead(wcall, rcall) || reachable2(wcall.Block(), rcall.Block()) {
				continue
			}
			name := c.u.CallName(w.Call, calls.Callee(w.Call.Common()))
			rname := c.u.CallName(r.Call, calls.Callee(r.Call.Common()))
			c.report(wcall, rcall, fmt.Sprintf(
				"%s writes the lock record with no condition the store evaluates, on what %s at %s read: two claimants can both read it free and both write it, and both go on as the holder; claim it in one conditional request (create only if absent, or a check-and-set on the version read) and act only if that succeeded",
				name, rname, c.where(rcall.Pos())))
			break
		}
	}
}

// sharedKey returns the key of w that names the record r read, or nil.
func sharedKey(r, w *storecond.KeyCall) ssa.Value {
	for _, wk := range w.Keys {
		for _, rk := range r.Keys {
			if storecond.SameKey(wk, rk) && !constant(wk) {
				return wk
			}
		}
	}
	return nil
}

// constant reports whether a key is a constant text (an endpoint, not a
// record) with no lock word in it.
func constant(k ssa.Value) bool {
	_, ok := calls.ConstString(k)
	return ok && !objlock.LockObject(k)
}

// decidedByRead reports whether the write runs on a branch taken on what
// the read returned, or on the response it filled in (&resp passed to
// it).
func decidedByRead(write, read *ssa.Call) bool {
	if calls.DecidedBy(write, read, read) {
		return true
	}
	for _, a := range calls.Args(&read.Call) {
		if _, ok := calls.Unwrap(a).(*ssa.Alloc); ok && calls.DecidedBy(write, read, calls.Unwrap(a)) {
			return true
		}
	}
	return false
}
