// Package keyscope decides which uses of a SET NX key belong to a lock. A
// SET NX takes a lock or sets a de-duplication marker; the program's
// other uses of the key tell which, and a delete of a lock's key is its
// release.
//
// Rollback: does the delete undo a marker? An idempotency marker (SET NX
// "processed:"+id, then the work) is deleted when the work after it
// fails, so that a retry can run it again. That delete runs only on the
// failure path, the holder's value is never read back (no GET before it)
// and the key is never renewed while the work runs: nothing in that shape
// needs the key to be held by one owner.
//
// Lock naming (a key or function named like a lock) is the callers'
// concern: a key named like a lock is a lock's whatever its deletes.
package keyscope

import (
	"go/token"
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"golang.org/x/tools/go/ssa"
)

// Rollback reports whether del, a delete naming key in the function of
// set (a SET NX of key) or in a function literal of it, undoes a marker:
// it runs only where an error of the work after the SET NX was found
// (err != nil), the function reads no value of key (GET) and no literal
// of it renews key (EXPIRE in a watchdog).
func Rollback(set *ssa.Call, del ssa.CallInstruction, key ssa.Value) bool {
	fn := set.Parent()
	if !calls.Encloses(fn, del.Parent()) || touched(fn, key, 0) {
		return false
	}
	return onFailure(set, del)
}

// touched reports whether fn reads key (GET, compared or not), or a
// function literal of it reads or extends it.
func touched(fn *ssa.Function, key ssa.Value, depth int) bool {
	for ci := range calls.In(fn) {
		c := ci.Common()
		if calls.SameKey(calls.RedisRead(c), key) || depth > 0 && calls.SameKey(calls.RedisExtend(c), key) {
			return true
		}
	}
	if depth < 3 {
		for _, anon := range fn.AnonFuncs {
			if touched(anon, key, depth+1) {
				return true
			}
		}
	}
	return false
}

// onFailure reports whether del runs only on the failing branch of a test
// of an error that is not the SET NX's own: the If's failing successor
// dominates del. In the SET NX's function the test must follow it; in a
// literal (a deferred rollback on the named error result) it is the
// literal's own test.
func onFailure(set *ssa.Call, del ssa.CallInstruction) bool {
	for _, b := range del.Parent().Blocks {
		ifs, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok || len(b.Succs) != 2 {
			continue
		}
		failed, ok := errorTest(ifs.Cond, set)
		if !ok {
			continue
		}
		fail := b.Succs[0]
		if !failed {
			fail = b.Succs[1]
		}
		if len(fail.Preds) != 1 || !fail.Dominates(del.Block()) {
			continue
		}
		if del.Parent() == set.Parent() && !set.Block().Dominates(b) {
			continue
		}
		return true
	}
	return false
}

// errorTest reports whether cond compares an error with nil, and whether
// its true branch is the failure (err != nil); the error must not come
// from set.
func errorTest(cond ssa.Value, set *ssa.Call) (failedWhenTrue, ok bool) {
	bin, isBin := cond.(*ssa.BinOp)
	if !isBin || bin.Op != token.NEQ && bin.Op != token.EQL {
		return false, false
	}
	x, y := bin.X, bin.Y
	if isNil(x) {
		x, y = y, x
	}
	if !isNil(y) || !isError(x.Type()) || from(x, set) {
		return false, false
	}
	return bin.Op == token.NEQ, true
}

func isNil(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value == nil
}

var errorType = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

func isError(t types.Type) bool {
	_, iface := t.Underlying().(*types.Interface)
	return iface && types.Implements(t, errorType)
}

// from reports whether v is the SET NX's own error: a result of set, or
// of a method called on its reply (cmd.Result(), cmd.Err()).
func from(v ssa.Value, set *ssa.Call) bool {
	if e, ok := calls.Unwrap(v).(*ssa.Extract); ok {
		v = e.Tuple
	}
	c, ok := calls.Unwrap(v).(*ssa.Call)
	if !ok {
		return false
	}
	return c == set || calls.Unwrap(calls.Receiver(&c.Call)) == set
}
