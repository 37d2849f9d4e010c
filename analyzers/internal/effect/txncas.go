package effect

import (
	"slices"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/flow"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/storecond"
	"golang.org/x/tools/go/ssa"
)

// Versioned transactions. An etcd transaction whose If compares a key's
// version (ModRevision, Version, CreateRevision) for equality with a value
// commits only if nobody wrote the key since that value was read: a
// compare-and-swap the store enforces, as a Consul CAS on ModifyIndex or
// an UPDATE ... WHERE version = $n is. A stale holder's transaction fails
// it; what the holder does next depends on the outcome (FC1002). The
// compare is often built by the caller and handed to the helper that
// commits it (commit(ctx, cmp, ops...)): the walk binds the helper's
// parameters to the caller's values, and a summarised helper's fencing
// parameters are checked against the caller's argument (VersionCompare).

// txnVersioned reports whether the If of a transaction chain receives a
// version compare of the sink's store.
func txnVersioned(v ssa.Value, sink *model.Sink, toks *flow.Tokens) bool {
	if len(sink.VersionCompares) == 0 {
		return false
	}
	return storecond.TxnCompares(v, func(args ...ssa.Value) bool {
		return slices.ContainsFunc(args, func(a ssa.Value) bool { return versionCompares(a, sink.VersionCompares, toks, 0) })
	})
}

// VersionCompare reports whether v, an argument given to a summarised
// function of another package at a parameter whose token would fence its
// effect, is a version compare of a store of the knowledge base: the
// caller built the compare-and-swap the helper commits.
func VersionCompare(v ssa.Value) bool {
	for _, s := range model.KB.Sinks {
		if len(s.VersionCompares) > 0 && versionCompares(v, s.VersionCompares, nil, 0) {
			return true
		}
	}
	return false
}

// maxCompareSteps bounds the walk from an If argument to the compare it
// holds: a variadic slice, a slice literal, a parameter bound to the
// caller's value, a variable; a handful of steps.
const maxCompareSteps = 8

// versionCompares reports whether v is, or holds, a compare built from a
// version target (clientv3.Compare(clientv3.ModRevision(k), "=", rev)).
func versionCompares(v ssa.Value, targets []model.Func, toks *flow.Tokens, depth int) bool {
	if v == nil || depth > maxCompareSteps {
		return false
	}
	next := func(w ssa.Value) bool { return versionCompares(w, targets, toks, depth+1) }
	switch x := calls.Unwrap(v).(type) {
	case *ssa.Parameter:
		if toks != nil {
			return next(toks.Arg(x))
		}
	case *ssa.Slice:
		if elems, ok := calls.Variadic(x); ok {
			return slices.ContainsFunc(elems, next)
		}
	case *ssa.UnOp:
		return next(x.X)
	case *ssa.Alloc:
		for _, r := range *x.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == x && next(st.Val) {
				return true
			}
		}
	case *ssa.Call:
		return isVersionCompare(&x.Call, targets)
	}
	return false
}

// isVersionCompare reports whether c compares a version target for
// equality: one argument is a call of a target, another the constant "=".
func isVersionCompare(c *ssa.CallCommon, targets []model.Func) bool {
	var target, equal bool
	for _, a := range calls.Args(c) {
		if op, ok := calls.ConstString(a); ok && op == "=" {
			equal = true
		}
		if t, ok := calls.Unwrap(a).(*ssa.Call); ok && model.MatchesAny(targets, calls.Callee(&t.Call)) {
			target = true
		}
	}
	return target && equal
}
