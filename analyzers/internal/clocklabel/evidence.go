package clocklabel

import (
	"go/ast"
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/clocktype"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
)

// EvidenceBits are the labels that say a value belongs to a lock or a
// lease (rather than what clock it comes from): read from a lock store, a
// lease record's field, a deadline-like or lock-like name, a lock TTL.
const EvidenceBits = FromStore | LeaseField | DeadlineName | LockNamed | LockTTL | OwnTTL | APITTL

// maxEvidenceDepth bounds how far Evidence follows an expression into its
// operands and the definitions of local variables.
const maxEvidenceDepth = 6

// Evidence returns the lease evidence of a compared value, read from the
// value's own expression rather than from the package-wide labelling: the
// fields it selects (a lease record's expiry or heartbeat, any field of a
// struct named like a lock, a field the knowledge base knows as a lease
// field or a lock TTL), the names of the instants and durations it is
// made of (a lock-named instant such as leaseExpiry, a deadline-like name,
// a duration named as a lock TTL), the functions of this package whose
// result it is (leaseExpiresAt(lease)), the local variables it is defined
// from, and a TTL the knowledge base knows from a lock API. Only
// EvidenceBits are set.
//
// The labelling is flow-insensitive over the whole package: a value stored
// into a struct field, a map or a parameter shared by many callers gives
// its labels to every other value that passes through it, so in a large
// package every instant ends up "lease-named". Evidence is per compared
// value instead: what is stored into a field never makes the field a
// lease's; the field's own identity does.
func (w *Labeller) Evidence(e ast.Expr) Label {
	return w.evidence(e, 0, map[types.Object]bool{})
}

func (w *Labeller) evidence(e ast.Expr, depth int, seen map[types.Object]bool) Label {
	if e == nil || depth > maxEvidenceDepth {
		return Label{}
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		obj := w.Info.Uses[x]
		if obj == nil {
			obj = w.Info.Defs[x]
		}
		return w.objectEvidence(obj, depth, seen)
	case *ast.SelectorExpr:
		sel := w.Info.Selections[x]
		if sel == nil {
			return w.objectEvidence(w.Info.Uses[x.Sel], depth, seen) // package-qualified
		}
		if sel.Kind() != types.FieldVal {
			return Label{}
		}
		return w.fieldEvidence(sel).Union(w.evidence(x.X, depth+1, seen))
	case *ast.CallExpr:
		if tv, ok := w.Info.Types[x.Fun]; ok && tv.IsType() {
			if len(x.Args) == 1 {
				return w.evidence(x.Args[0], depth+1, seen) // a conversion
			}
			return Label{}
		}
		var l Label
		if fn := w.Callee(x); fn != nil && fn.Origin().Pkg() == w.Pkg && clocktype.Timeish(clocktype.ResultType(fn)) {
			// leaseExpiresAt(lease), lockDeadline(): a function of this
			// package whose result is named as a lease's instant.
			l = l.Union(nameEvidence(fn.Name(), true))
		}
		if recv := w.RecvExpr(x); recv != nil {
			l = l.Union(w.evidence(recv, depth+1, seen))
		}
		for _, a := range x.Args {
			l = l.Union(w.evidence(a, depth+1, seen))
		}
		return l
	case *ast.BinaryExpr:
		return w.evidence(x.X, depth+1, seen).Union(w.evidence(x.Y, depth+1, seen))
	case *ast.UnaryExpr:
		return w.evidence(x.X, depth+1, seen)
	case *ast.StarExpr:
		return w.evidence(x.X, depth+1, seen)
	case *ast.IndexExpr:
		return w.evidence(x.X, depth+1, seen) // the container, not the key
	case *ast.SliceExpr:
		return w.evidence(x.X, depth+1, seen)
	case *ast.TypeAssertExpr:
		return w.evidence(x.X, depth+1, seen)
	}
	return Label{}
}

// objectEvidence is the evidence of a variable or constant: its name, the
// lock TTL the knowledge base gave it (a value passed to a lock API), and,
// for a local variable, the expressions it is defined by.
func (w *Labeller) objectEvidence(obj types.Object, depth int, seen map[types.Object]bool) Label {
	v, ok := obj.(*types.Var)
	if !ok {
		if c, ok := obj.(*types.Const); ok {
			return w.durationEvidence(c)
		}
		return Label{}
	}
	if seen[v] {
		return Label{}
	}
	seen[v] = true
	l := nameEvidence(v.Name(), timeOrDuration(v.Type())).Union(w.durationEvidence(v))
	if own := w.objs[v]; own.Has(APITTL) {
		l = l.Union(Label{Bits: own.Bits & (LockTTL | OwnTTL | APITTL), TTL: own.TTL})
	}
	if v.Kind() == types.LocalVar {
		for _, def := range w.localDefs(v) {
			l = l.Union(w.evidence(def, depth+1, seen))
		}
	}
	return l
}

// fieldEvidence is the evidence of a selected field, from its own
// identity: a lease record's field of the knowledge base, a lock TTL
// field, a field of a lease record or of a struct named like a lock
// (clocktype.IsLeaseField), and the field's name.
func (w *Labeller) fieldEvidence(sel *types.Selection) Label {
	f, _ := sel.Obj().(*types.Var)
	if f == nil {
		return Label{}
	}
	owner := clocktype.FieldOwner(sel)
	var l Label
	if _, ok := clocktype.ModelField(model.KB.LeaseRecordFields, owner, f); ok {
		l.Bits |= FromStore | DeadlineName
	}
	if what, ok := clocktype.ModelField(model.KB.LockTTLFields, owner, f); ok {
		if _, record := clocktype.ModelField(model.KB.RecordTTLFields, owner, f); record {
			l = l.Union(RecordTTLAt(f.Pos(), what))
		} else {
			l = l.Union(TTLAt(f.Pos(), what))
		}
	}
	if clocktype.IsLeaseField(sel, owner, f) {
		l.Bits |= LeaseField
	}
	if w.AssignedInstant(f) {
		l.Bits |= DeadlineName // a Timeout assigned time.Now().Add(d).Unix()
	}
	return l.Union(nameEvidence(f.Name(), timeOrDuration(f.Type()))).Union(w.durationEvidence(f))
}

// timeOrDuration reports whether t holds an instant or a duration: a
// name says something of the time only then.
func timeOrDuration(t types.Type) bool {
	return clocktype.Timeish(t) || clocktype.Durationish(t)
}

// nameEvidence is what the name of an instant or a duration says: named
// as a lock's or a lease's own (leaseExpiry, LockUpdateTime), or like a
// deadline (expires_at, renewTime, a record's TTL).
func nameEvidence(name string, timeValue bool) Label {
	if !timeValue {
		return Label{}
	}
	var l Label
	if vocab.LockType.Match(name) {
		l.Bits |= LockNamed
	}
	if vocab.Validity.Match(name) {
		l.Bits |= DeadlineName
	}
	return l
}

// durationEvidence is a duration named as a lock TTL (lockTTL,
// leaseDuration), as Object labels it.
func (w *Labeller) durationEvidence(obj types.Object) Label {
	if !clocktype.Durationish(obj.Type()) || !clocktype.LockTTLName(obj.Name()) || w.AssignedInstant(obj) {
		return Label{}
	}
	if v, ok := obj.(*types.Var); ok && clocktype.RecordTTLField(v) {
		return RecordTTLAt(obj.Pos(), obj.Name()+", a lease record's duration")
	}
	return NamedTTLAt(obj.Pos(), obj.Name()+", a lock TTL by its name")
}

// localDefs returns the expressions a local variable is assigned: the
// right-hand sides of its assignments and declarations (the call of a
// multi-valued assignment), and what a range statement ranges over.
func (w *Labeller) localDefs(v *types.Var) []ast.Expr {
	if w.defs == nil {
		w.defs = map[*types.Var][]ast.Expr{}
	}
	if d, ok := w.defs[v]; ok {
		return d
	}
	var defs []ast.Expr
	for _, f := range w.Files {
		if f.FileStart > v.Pos() || f.FileEnd < v.Pos() {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.AssignStmt:
				for i, lhs := range x.Lhs {
					if w.Target(lhs) != v {
						continue
					}
					switch {
					case len(x.Lhs) == len(x.Rhs):
						defs = append(defs, x.Rhs[i])
					case len(x.Rhs) == 1:
						defs = append(defs, x.Rhs[0])
					}
				}
			case *ast.ValueSpec:
				for i, name := range x.Names {
					if w.Info.Defs[name] != v {
						continue
					}
					switch {
					case len(x.Values) == len(x.Names):
						defs = append(defs, x.Values[i])
					case len(x.Values) == 1:
						defs = append(defs, x.Values[0])
					}
				}
			case *ast.RangeStmt:
				if (x.Key != nil && w.Target(x.Key) == v) || (x.Value != nil && w.Target(x.Value) == v) {
					defs = append(defs, x.X)
				}
			}
			return true
		})
	}
	w.defs[v] = defs
	return defs
}
