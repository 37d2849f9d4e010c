package storecond

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"golang.org/x/tools/go/ssa"
)

// TxnCompares walks a transaction's receiver chain back from its commit
// (etcd's Txn().If(...).Then(...)) and reports whether an If received a
// compare of which carries holds (the caller's test: built from the
// token), directly or among its variadic compares.
func TxnCompares(v ssa.Value, carries func(...ssa.Value) bool) bool {
	for i := 0; v != nil && i < maxTxnCalls; i++ {
		call, ok := calls.Unwrap(v).(*ssa.Call)
		if !ok {
			return false
		}
		if fn := calls.Callee(&call.Call); fn != nil && fn.Name() == "If" {
			args := calls.Args(&call.Call)
			if carries(args...) {
				return true
			}
			if elems, ok := calls.Variadic(args[len(args)-1]); ok && carries(elems...) {
				return true
			}
		}
		v = calls.Receiver(&call.Call)
	}
	return false
}

// LeaseBound reports whether a write is attached to the holder's lease by
// one of its trailing options (sink.LeaseOptions: etcd's
// clientv3.WithLease): the store refuses it once the lease is gone.
func LeaseBound(c *ssa.CallCommon, sink *model.Sink) bool {
	if len(sink.LeaseOptions) == 0 {
		return false
	}
	args := calls.Args(c)
	if len(args) == 0 {
		return false
	}
	opts, _ := calls.Variadic(args[len(args)-1])
	for _, o := range opts {
		if oc, ok := o.(*ssa.Call); ok {
			if f := calls.Callee(&oc.Call); f != nil && model.MatchesAny(sink.LeaseOptions, f) {
				return true
			}
		}
	}
	return false
}

// Coalesced reports whether a call of sink is given an option by which
// the store de-duplicates it (sink.Coalescing): among the call's trailing
// options, or among those of the call that built one of its arguments
// (asynq.NewTask(typ, payload, asynq.TaskID(id)) handed to Enqueue).
// Options passed as a slice built elsewhere are not seen: the call is
// then judged as any other.
func Coalesced(c *ssa.CallCommon, sink *model.Sink) bool {
	if len(sink.Coalescing) == 0 {
		return false
	}
	if hasOption(c, sink.Coalescing) {
		return true
	}
	for _, a := range calls.Args(c) {
		if made, ok := calls.Unwrap(a).(*ssa.Call); ok && hasOption(&made.Call, sink.Coalescing) {
			return true
		}
	}
	return false
}

// hasOption reports whether a call of one of opts is among the trailing
// variadic options of c.
func hasOption(c *ssa.CallCommon, opts []model.Func) bool {
	args := calls.Args(c)
	if len(args) == 0 {
		return false
	}
	elems, _ := calls.Variadic(args[len(args)-1])
	for _, o := range elems {
		if oc, ok := calls.Unwrap(o).(*ssa.Call); ok {
			if f := calls.Callee(&oc.Call); f != nil && model.MatchesAny(opts, f) {
				return true
			}
		}
	}
	return false
}

// ArgConditional reports whether the store makes a write conditional or
// session-bound through the value of an argument (sink.ArgConds):
// ZooKeeper's Set/Delete with a version other than -1 (compare-and-swap)
// and ephemeral Create. An argument that is not constant counts as
// conditional, to stay silent when unsure.
func ArgConditional(c *ssa.CallCommon, sink *model.Sink) bool {
	for _, ac := range sink.ArgConds {
		k, ok := calls.Arg(c, ac.Arg).(*ssa.Const)
		switch {
		case !ok:
			return true
		case ac.Bits != 0 && k.Int64()&ac.Bits != 0, ac.Bits == 0 && k.Int64() != ac.Any:
			return true
		}
	}
	return false
}

// GuardedOps reports whether the operations passed to a multi-operation
// transaction (Consul's KV.Txn) include a check (model.KB.OpGuards). It
// follows the operation literals built in the caller: variadic elements,
// slice literals, appends and the values they merge, the arguments of a
// parameter as argOf gives them (nil: not known), and the structs stored
// into them. Operations it cannot see count as guarded, to stay silent
// when unsure.
func GuardedOps(args []ssa.Value, argOf func(*ssa.Parameter) ssa.Value) bool {
	seen := map[ssa.Value]bool{}
	var queue []ssa.Value
	push := func(v ssa.Value) {
		v = calls.Unwrap(v)
		if v != nil && !seen[v] {
			seen[v] = true
			queue = append(queue, v)
		}
	}
	for _, a := range args {
		if _, ok := a.Type().Underlying().(*types.Slice); !ok {
			continue // the options of the call (Consul's QueryOptions), not its operations
		}
		if sl, ok := calls.Unwrap(a).(*ssa.Slice); ok {
			push(sl.X)
		} else {
			push(a)
		}
	}
	opaque := false
	for len(queue) > 0 && len(seen) < maxOpValues {
		v := queue[0]
		queue = queue[1:]
		switch x := v.(type) {
		case *ssa.Const:
			if x.Value != nil {
				if vals, ok := model.KB.OpGuards.Consts[types.TypeString(x.Type(), nil)]; ok && slices.Contains(vals, strings.Trim(x.Value.ExactString(), `"`)) {
					return true
				}
			}
			continue
		case *ssa.Alloc:
			named, _ := types.Unalias(x.Type().(*types.Pointer).Elem()).(*types.Named)
			for _, f := range model.KB.OpGuards.Types {
				if named != nil && named.Obj().Name() == f.Type && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == f.Pkg {
					return true
				}
			}
			// Follow what is stored into its fields and elements.
			for _, r := range *x.Referrers() {
				addr, ok := r.(ssa.Value)
				if !ok {
					continue
				}
				switch r.(type) {
				case *ssa.FieldAddr, *ssa.IndexAddr:
				default:
					continue
				}
				for _, r2 := range *addr.Referrers() {
					if st, ok := r2.(*ssa.Store); ok && st.Addr == addr && mayHoldOp(st.Val.Type(), 0) {
						push(st.Val)
					}
				}
			}
		case *ssa.Slice:
			push(x.X)
		case *ssa.Phi:
			for _, e := range x.Edges {
				push(e)
			}
		case *ssa.Parameter:
			if arg := argOf(x); arg != nil {
				push(arg) // the caller's operations (commitOps(ops))
			} else {
				opaque = true
			}
		case *ssa.Call:
			if b, ok := x.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" {
				for _, a := range x.Call.Args {
					push(a)
				}
			} else {
				opaque = true
			}
		case *ssa.UnOp:
			cell, ok := x.X.(*ssa.Alloc)
			if x.Op != token.MUL || !ok {
				opaque = true
				continue
			}
			// A local variable captured by a closure lives in a cell:
			// what was stored into it.
			for _, r := range *cell.Referrers() {
				if st, ok := r.(*ssa.Store); ok && st.Addr == cell {
					push(st.Val)
				}
			}
		case *ssa.Extract, *ssa.FreeVar, *ssa.Global:
			opaque = true // built elsewhere: cannot tell
		}
	}
	return opaque
}

// mayHoldOp reports whether a value of type t can be or hold a
// transaction's operation or its verb: the payload of an operation
// (Value: json.Marshal(...)) cannot, and its origin does not matter.
func mayHoldOp(t types.Type, depth int) bool {
	if _, ok := model.KB.OpGuards.Consts[types.TypeString(t, nil)]; ok {
		return true
	}
	if depth > 3 {
		return true
	}
	switch u := t.Underlying().(type) {
	case *types.Basic, *types.Map, *types.Chan, *types.Signature:
		return false
	case *types.Pointer:
		return mayHoldOp(u.Elem(), depth+1)
	case *types.Slice:
		return mayHoldOp(u.Elem(), depth+1)
	case *types.Array:
		return mayHoldOp(u.Elem(), depth+1)
	}
	return true // structs and interfaces
}

// TxnClaim reports whether v, the receiver of a transaction's commit,
// is a claim (model.Claim): an If that compares an Absent target of a key
// with "=" 0, and a Then that creates the same key with a lease option.
func TxnClaim(v ssa.Value, cl *model.Claim) bool { return TxnClaimKey(v, cl) != nil }

// TxnClaimKey is TxnClaim, returning the claimed key (nil: no claim).
func TxnClaimKey(v ssa.Value, cl *model.Claim) ssa.Value {
	var absent, created []ssa.Value // the keys
	for i := 0; v != nil && i < maxTxnCalls; i++ {
		call, ok := calls.Unwrap(v).(*ssa.Call)
		if !ok {
			break
		}
		switch fn := calls.Callee(&call.Call); {
		case fn == nil:
		case fn.Name() == "If":
			absent = append(absent, txnOperands(&call.Call, func(c *ssa.CallCommon) ssa.Value { return absentKey(c, cl.Absent) })...)
		case fn.Name() == "Then":
			created = append(created, txnOperands(&call.Call, func(c *ssa.CallCommon) ssa.Value { return leasedCreate(c, cl) })...)
		}
		v = calls.Receiver(&call.Call)
	}
	for _, a := range absent {
		if slices.ContainsFunc(created, func(c ssa.Value) bool { return calls.SameValue(a, c) }) {
			return a
		}
	}
	return nil
}

// txnOperands returns what of yields for each compare or operation passed
// to an If or Then call, listed or as variadic elements.
func txnOperands(c *ssa.CallCommon, of func(*ssa.CallCommon) ssa.Value) []ssa.Value {
	var out []ssa.Value
	args := calls.Args(c)
	if len(args) == 0 {
		return nil
	}
	elems, ok := calls.Variadic(args[len(args)-1])
	if !ok {
		return nil
	}
	for _, e := range elems {
		if ec, ok := calls.Unwrap(e).(*ssa.Call); ok {
			if k := of(&ec.Call); k != nil {
				out = append(out, k)
			}
		}
	}
	return out
}

// absentKey returns the key of a compare that demands its absence
// (Compare(CreateRevision(k), "=", 0)), or nil.
func absentKey(c *ssa.CallCommon, targets []model.Func) ssa.Value {
	args := calls.Args(c)
	if len(args) != 3 {
		return nil
	}
	if op, ok := calls.ConstString(args[1]); !ok || op != "=" {
		return nil
	}
	if k, ok := calls.Unwrap(args[2]).(*ssa.Const); !ok || k.Value == nil || k.Value.ExactString() != "0" {
		return nil
	}
	t, ok := calls.Unwrap(args[0]).(*ssa.Call)
	if !ok || !model.MatchesAny(targets, calls.Callee(&t.Call)) {
		return nil
	}
	return calls.Arg(&t.Call, 0)
}

// leasedCreate returns the key of a create operation bound to a lease
// (OpPut(k, v, WithLease(id))), or nil.
func leasedCreate(c *ssa.CallCommon, cl *model.Claim) ssa.Value {
	if !model.MatchesAny(cl.Creates, calls.Callee(c)) {
		return nil
	}
	if !LeaseBound(c, &model.Sink{LeaseOptions: cl.LeaseOptions}) {
		return nil
	}
	return calls.Arg(c, 0)
}
