package fences

import (
	"go/types"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"golang.org/x/tools/go/ssa"
)

// outcomeOf returns the value that says whether a conditional write took
// effect: the rows affected's source, Succeeded's response, a
// compare-and-swap's ok or its error; nil when there is none.
func outcomeOf(e *effect.Effect) ssa.Value {
	call, ok := e.Call.(*ssa.Call)
	if !ok {
		return nil
	}
	res := call.Call.Signature().Results()
	switch e.Sink.Cond {
	case model.CondSQL, model.CondChain:
		switch e.Callee.Name() {
		case "QueryRow", "QueryRowContext", "Query", "QueryContext", "QueryRowx", "QueryRowxContext", "QueryxContext", "Queryx":
			return call // RETURNING rows: the row is the outcome
		}
		if e.Sink.RowsField {
			return call
		}
		return calls.Result(call, 0)
	case model.CondTxn, model.CondFilter:
		return calls.Result(call, 0)
	case model.CondScript:
		return call
	case model.CondCAS:
		if res.Len() > 1 && calls.IsBool(res.At(0).Type()) {
			return calls.Result(call, 0)
		}
		fallthrough
	case model.CondInput:
		if res.Len() > 0 {
			return calls.Result(call, res.Len()-1)
		}
	}
	return nil
}

// outcomeIgnored reports whether the outcome of a fenced conditional write
// is never looked at, and names what should have been read. A write whose
// outcome escapes (returned, stored, passed on) is assumed checked.
func outcomeIgnored(e *effect.Effect) (bool, string) {
	call, ok := e.Call.(*ssa.Call)
	if !ok {
		return false, "" // go/defer: nothing to check
	}
	var outcome ssa.Value
	var what string
	switch e.Sink.Cond {
	case model.CondSQL, model.CondChain:
		switch e.Callee.Name() {
		case "QueryRow", "QueryRowContext", "Query", "QueryContext", "QueryRowx", "QueryRowxContext", "QueryxContext", "Queryx":
			return false, "" // RETURNING rows: the row is the outcome
		}
		if e.Sink.Shape == model.GeneratedBuilder {
			return builderOutcomeIgnored(e, call)
		}
		if e.Sink.RowsField {
			outcome, what = call, "RowsAffected"
		} else {
			outcome, what = calls.Result(call, 0), "RowsAffected()"
		}
	case model.CondTxn:
		outcome, what = calls.Result(call, 0), "Succeeded"
	case model.CondScript:
		outcome, what = call, "the script's result"
	case model.CondFilter:
		outcome, what = calls.Result(call, 0), "MatchedCount"
	case model.CondCAS:
		// Consul's CAS reports a lost race as ok == false; NATS KV's
		// Update and Create as an error.
		res := call.Call.Signature().Results()
		if res.Len() > 1 && calls.IsBool(res.At(0).Type()) {
			outcome, what = calls.Result(call, 0), "its ok result (false: another writer changed the key first)"
			break
		}
		if res.Len() > 0 {
			if r := calls.Result(call, res.Len()-1); r == nil || len(*r.Referrers()) == 0 {
				return true, "its error (the key's revision moved on: another writer got there first)"
			}
		}
		return false, ""
	case model.CondInput:
		// A failed condition comes back as an error
		// (ConditionalCheckFailedException): dropping it is the problem.
		if calls.Result(call, call.Call.Signature().Results().Len()-1) == nil {
			return true, "the error (a ConditionalCheckFailedException means a newer holder has written)"
		}
		return false, ""
	default:
		return false, ""
	}
	if outcome == nil {
		return true, what // the result was discarded outright
	}
	return !looked(outcome, 0), what
}

// builderOutcomeIgnored judges the outcome of a generated builder's write
// (ent): an XUpdateOne or XDeleteOne that matches no row returns a not-found
// error, so its error is the outcome; XUpdate.Save and XDelete.Exec return
// the number of rows; XUpdate.Exec returns neither.
func builderOutcomeIgnored(e *effect.Effect, call *ssa.Call) (bool, string) {
	res := call.Call.Signature().Results()
	if strings.HasSuffix(model.RecvName(e.Callee), "One") {
		if res.Len() == 0 {
			return false, "" // ExecX, SaveX: a failure panics
		}
		if r := calls.Result(call, res.Len()-1); r == nil || len(*r.Referrers()) == 0 {
			return true, "the error (a not-found error means no row matched the fence)"
		}
		return false, ""
	}
	if res.Len() == 0 || !isInteger(res.At(0).Type()) {
		return true, "the number of rows (call Save, which returns it, instead of Exec)"
	}
	n := calls.Result(call, 0)
	if n == nil {
		return true, "the number of rows Save returns"
	}
	for _, r := range *n.Referrers() {
		if _, ok := r.(*ssa.DebugRef); !ok {
			return false, ""
		}
	}
	return true, "the number of rows Save returns"
}

func isInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// looked reports whether anything reads the outcome beyond its error.
func looked(v ssa.Value, depth int) bool {
	refs := v.Referrers()
	if refs == nil || depth > maxOutcomeDepth {
		return true
	}
	for _, r := range *refs {
		switch x := r.(type) {
		case *ssa.Call:
			fn := calls.Callee(&x.Call)
			if fn == nil {
				return true
			}
			if calls.Receiver(&x.Call) == v {
				if fn.Name() == "Err" {
					continue // only the transport error
				}
				return true // RowsAffected(), Int(), Result(), Val(), ...
			}
			return true // passed on
		case *ssa.FieldAddr, *ssa.Field:
			if name := fieldName(x.(ssa.Value)); name == "Error" {
				continue
			}
			return true
		case *ssa.Return, *ssa.Store, *ssa.MapUpdate, *ssa.Send, *ssa.MakeInterface, *ssa.Phi, *ssa.If:
			return true
		case *ssa.BinOp:
			if _, basic := v.Type().Underlying().(*types.Basic); basic {
				return true // ok == false, n != 1
			}
		case *ssa.UnOp, *ssa.ChangeType, *ssa.Convert:
			if looked(x.(ssa.Value), depth+1) {
				return true
			}
		}
	}
	return false
}

func fieldName(v ssa.Value) string {
	var t types.Type
	var i int
	switch x := v.(type) {
	case *ssa.FieldAddr:
		t, i = x.X.Type().Underlying().(*types.Pointer).Elem(), x.Field
	case *ssa.Field:
		t, i = x.X.Type(), x.Field
	}
	if s, ok := t.Underlying().(*types.Struct); ok && i < s.NumFields() {
		return s.Field(i).Name()
	}
	return ""
}
