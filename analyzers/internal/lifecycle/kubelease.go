package lifecycle

import (
	"fmt"
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/leaserec"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/internal/checks"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// kubeLeaseReleases reports a Kubernetes coordination Lease handled by hand
// that a function reads and then deletes with no resourceVersion
// precondition (model.KubeLeases). Whatever the function checked on the
// read (the holder, the UID), the delete is not tied to it: the API server
// deletes the Lease as it is when the delete arrives, so if the lease
// expired and another holder took it over with an Update in between, this
// removes that holder's Lease and a third one can create a fresh one. An
// Update after the read carries the resourceVersion read and is a
// compare-and-swap; a delete with a ResourceVersion precondition is one
// too; a Lease deleted without having been read (a cleanup of objects this
// program created) is not reported, nor options it cannot see (passed in
// from elsewhere).
func (l *checker) kubeLeaseReleases() {
	kl := &model.KubeLeases
	type leaseCall struct {
		fn *ssa.Function
		ci ssa.CallInstruction
	}
	var gets, dels []leaseCall
	l.eachCall(func(fn *ssa.Function, ci ssa.CallInstruction) {
		callee := calls.Callee(ci.Common())
		switch {
		case model.MatchesAny(kl.Gets, callee):
			gets = append(gets, leaseCall{fn, ci})
		case model.MatchesAny(kl.Deletes, callee):
			dels = append(dels, leaseCall{fn, ci})
		}
	})
	for _, d := range dels {
		c := d.ci.Common()
		if calls.InTestFile(l.u.Pass.Fset, c.Pos()) {
			continue
		}
		target := calls.Arg(c, 1)
		typed := target != nil && isString(target.Type())
		if !typed && !kubeLease(typeOf(target)) {
			continue // controller-runtime: only a Lease object
		}
		obj := stripIface(target)
		// The read: a Get of the same name (typed) or into the same object,
		// or the object returned by a call (a helper that gets it).
		var read ssa.CallInstruction
		for _, g := range gets {
			if calls.Outermost(g.fn) != calls.Outermost(d.fn) {
				continue
			}
			gc := g.ci.Common()
			if typed && leaserec.SamePath(calls.Arg(gc, 1), target) ||
				!typed && kubeLease(typeOf(calls.Arg(gc, 2))) && calls.SameKey(stripIface(calls.Arg(gc, 2)), obj) {
				read = g.ci
				break
			}
		}
		if read == nil && !typed {
			if ex, ok := obj.(*ssa.Extract); ok {
				if call, ok := ex.Tuple.(*ssa.Call); ok {
					read = call
				}
			} else if call, ok := obj.(*ssa.Call); ok {
				read = call
			}
		}
		if read == nil {
			continue
		}
		uidOnly, known := l.deletePreconditions(c, typed)
		if !known {
			continue
		}
		what := "no precondition"
		if uidOnly {
			what = "only a UID precondition (it names the same object, not the same holder)"
		}
		pos, end := l.span(d.ci)
		l.report(unit.Finding{Code: checks.UnsafeRelease, Pos: pos, End: end, Key: d.ci.Pos(),
			Related: []analysis.RelatedInformation{{Pos: read.Pos(), Message: "the Lease is read here"}},
			Message: fmt.Sprintf("Delete of the Kubernetes Lease read at %s carries %s: whatever was checked on the read is not tied to the delete, so if the lease expired and another holder took it over with an Update in between, this deletes that holder's Lease and a third one can create it and enter; delete only the version read (DeleteOptions.Preconditions.ResourceVersion, or client.Preconditions{ResourceVersion: &lease.ResourceVersion}), or release by an Update that clears the holder",
				l.where(read.Pos()), what)})
	}
}

// deletePreconditions reads a Lease delete's options: whether they carry a
// precondition that is only a UID (no ResourceVersion), and whether they
// are known at all (a literal here). A delete with a ResourceVersion
// precondition is known and reported by neither result: it returns
// known=false.
func (l *checker) deletePreconditions(c *ssa.CallCommon, typed bool) (uidOnly, known bool) {
	kl := &model.KubeLeases
	var pres []ssa.Value
	if typed {
		opts := calls.Arg(c, 2)
		if k, ok := calls.Unwrap(opts).(*ssa.Const); ok && k.Value == nil {
			return false, true // metav1.DeleteOptions{}
		}
		fields := calls.StructFields(opts)
		if fields == nil {
			return false, false
		}
		p, ok := fields["Preconditions"]
		if !ok {
			return false, true
		}
		pres = append(pres, p)
	} else {
		elems, ok := calls.Variadic(calls.Arg(c, 2))
		if !ok {
			return false, false
		}
		for _, e := range elems {
			e = stripIface(e)
			if model.NamedAny(kl.Preconditions, e.Type()) {
				pres = append(pres, e)
			}
		}
		if len(pres) == 0 {
			return false, true
		}
	}
	for _, p := range pres {
		fields := calls.StructFields(p)
		if fields == nil {
			return false, false // a precondition built elsewhere
		}
		if _, ok := fields[kl.VersionField]; ok {
			return false, false
		}
		if _, ok := fields["UID"]; ok {
			uidOnly = true
		}
	}
	return uidOnly, true
}

// kubeLease reports whether t is (a pointer to) a coordination Lease.
func kubeLease(t types.Type) bool {
	return t != nil && model.NamedAny(model.KubeLeases.Types, t)
}

func typeOf(v ssa.Value) types.Type {
	if v = stripIface(v); v == nil {
		return nil
	}
	return v.Type()
}

// stripIface returns the value v converts to an interface (a Lease passed
// as a client.Object), unwrapped.
func stripIface(v ssa.Value) ssa.Value {
	if v == nil {
		return nil
	}
	v = calls.Unwrap(v)
	if mi, ok := v.(*ssa.MakeInterface); ok {
		return calls.Unwrap(mi.X)
	}
	return v
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}
