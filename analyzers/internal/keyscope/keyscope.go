// Package keyscope decides which uses of a SET NX key belong to a lock. A
// SET NX takes a lock or sets a de-duplication marker; the program's
// other uses of the key tell which, and a delete of a lock's key is its
// release. Two questions decide whether a delete counts:
//
//   - Rollback: does the delete undo a marker? An idempotency marker
//     (SET NX "processed:"+id, then the work) is deleted when the work
//     after it fails, so that a retry can run it again. That delete runs
//     only on the failure path, the holder's value is never read back
//     (no GET before it) and the key is never renewed while the work
//     runs: nothing in that shape needs the key to be held by one owner.
//     A marker is also recognised by what its function does when the
//     work succeeds: it keeps the key (marker.go), where a lock gives it
//     up; then every delete of the key in that function undoes it, on
//     whatever test of the work's outcome (a publish not acknowledged).
//   - Scope.HeldAt: is the lock held where the delete runs? Only there is
//     the delete a release: in the acquiring function, in a function it
//     calls or that calls it, in a method of the type whose method
//     acquires, in a function named as a release (Unlock, releaseLock), or
//     in a function called by the same function that calls the acquiring
//     one. The same constant key deleted in an unrelated function (a test
//     resetting its fixtures) releases nothing.
//
// Lock naming (a key or function named like a lock) is the callers'
// concern: a key named like a lock is a lock's whatever its deletes.
package keyscope

import (
	"go/token"
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
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
	return onFailure(set, del) || keptOnSuccess(set, key)
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

// Scope answers where a lock taken in one function of a package is held.
// It indexes the package's static calls once; it is not safe for
// concurrent use.
type Scope struct {
	callees map[*ssa.Function][]*ssa.Function // by outermost function, to outermost functions
	callers map[*ssa.Function][]*ssa.Function
	reach   map[[2]*ssa.Function]bool
}

// maxReach bounds how many calls deep HeldAt follows the acquiring
// function's callees (and callers): unit.MaxDepth, which this package
// cannot import.
const maxReach = 6

// NewScope indexes the static calls among funcs (the package's functions,
// literals included).
func NewScope(funcs []*ssa.Function) *Scope {
	s := &Scope{callees: map[*ssa.Function][]*ssa.Function{}, callers: map[*ssa.Function][]*ssa.Function{}, reach: map[[2]*ssa.Function]bool{}}
	seen := map[[2]*ssa.Function]bool{}
	for _, fn := range funcs {
		from := calls.Outermost(fn)
		for ci := range calls.In(fn) {
			callee := ci.Common().StaticCallee()
			if callee == nil {
				continue
			}
			to := calls.Outermost(callee)
			if to == from || seen[[2]*ssa.Function{from, to}] {
				continue
			}
			seen[[2]*ssa.Function{from, to}] = true
			s.callees[from] = append(s.callees[from], to)
			s.callers[to] = append(s.callers[to], from)
		}
	}
	return s
}

// HeldAt reports whether a lock acquired in acq may be held where del runs
// (see the package comment).
func (s *Scope) HeldAt(acq, del *ssa.Function) bool {
	a, d := calls.Outermost(acq), calls.Outermost(del)
	switch {
	case a == d, sameReceiver(a, d), releaseNamed(d):
		return true
	case s.reaches(a, d), s.reaches(d, a):
		return true
	}
	for _, c := range s.callers[a] {
		for _, e := range s.callees[c] {
			if e == d {
				return true // acquire(); ...; cleanup() in one caller
			}
		}
	}
	return false
}

// reaches reports whether from calls to, directly or through at most
// maxReach functions.
func (s *Scope) reaches(from, to *ssa.Function) bool {
	k := [2]*ssa.Function{from, to}
	if r, ok := s.reach[k]; ok {
		return r
	}
	seen := map[*ssa.Function]bool{from: true}
	level := []*ssa.Function{from}
	found := false
	for depth := 0; depth < maxReach && len(level) > 0 && !found; depth++ {
		var next []*ssa.Function
		for _, f := range level {
			for _, g := range s.callees[f] {
				if g == to {
					found = true
				}
				if !seen[g] {
					seen[g] = true
					next = append(next, g)
				}
			}
		}
		level = next
	}
	s.reach[k] = found
	return found
}

// sameReceiver reports whether a and b are methods of one named type (a
// lock type of the application: Lock and Unlock of a Mutex).
func sameReceiver(a, b *ssa.Function) bool {
	ra, rb := receiverNamed(a), receiverNamed(b)
	return ra != nil && ra == rb
}

func receiverNamed(fn *ssa.Function) *types.TypeName {
	if o := fn.Origin(); o != nil {
		fn = o
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok {
		return nil
	}
	if n := calls.ReceiverNamed(obj); n != nil {
		return n.Obj()
	}
	return nil
}

// releaseNamed reports whether fn or its receiver type is named as a lock
// operation that gives the lock up (Unlock, ReleaseLock, Mutex.Release,
// a RedisLocker's methods): its callers hold the lock.
func releaseNamed(fn *ssa.Function) bool {
	names := []string{fn.Name()}
	if t := receiverNamed(fn); t != nil {
		names = append(names, t.Name())
	}
	for _, n := range names {
		if vocab.ReleaseVerb.Match(n) || vocab.LockName.Match(n) {
			return true
		}
	}
	return false
}
