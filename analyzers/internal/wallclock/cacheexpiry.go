package wallclock

import (
	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/clocklabel"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/valuename"
	"golang.org/x/tools/go/ssa"
)

// Expiries that belong to a cached record, not to a lock (issue 26,
// mechanism 8: evidence before judgement). A cache with a logical expiry
// keeps its deadline inside the cached value (GET key; decode {Data,
// ExpireTime}; if expired, SET NX lockKey and rebuild): the deadline says
// when the copy is stale, and the lock taken on another key only keeps two
// rebuilds apart. Clock skew makes a copy stale a little early or late; it
// gives no two processes one lease. So a deadline decoded from a Redis GET
// of a key that no lock of the function is taken on, and that is not named
// like a lock's, is no lease's, whatever its field is called.

// maxReadSteps bounds the walk from a decoded value back to the read.
const maxReadSteps = 8

// cachedDeadline reports whether the untrusted instant of l was decoded, in
// fn, from a Redis GET of a key other than the keys of the SET NX locks fn
// takes, and fn takes at least one.
func (w *checker) cachedDeadline(l clocklabel.Label, fn *ssa.Function) bool {
	if !l.Foreign.Pos.IsValid() {
		return false
	}
	fset := w.u.Pass.Fset
	line := fset.Position(l.Foreign.Pos).Line
	var key ssa.Value
	var locks []ssa.Value
	for ci := range calls.In(fn) {
		c := ci.Common()
		if lk := calls.KeyHeldAcquire(c); lk != nil {
			if keys, ok := calls.RedisKeys(c, calls.Callee(c)); ok && len(keys) > 0 {
				locks = append(locks, keys[0])
			}
		}
		if key != nil || fset.Position(ci.Pos()).Line != line {
			continue
		}
		for _, a := range c.Args {
			if k := readKey(a, map[ssa.Value]bool{}, 0); k != nil {
				key = k
				break
			}
		}
	}
	for _, sec := range w.u.Sections {
		if sec.Fn == fn && sec.Lock.Held == model.HeldByKey && sec.Handle != nil {
			locks = append(locks, sec.Handle) // a SET NX taken through a wrapper: tryLock(ctx, lockKey)
		}
	}
	if key == nil || len(locks) == 0 || valuename.LockKey(key) {
		return false
	}
	for _, lk := range locks {
		if calls.SameKey(lk, key) {
			return false // the lock's own record: its deadline is the lease's
		}
	}
	return true
}

// readKey returns the key of the Redis GET v is computed from, or nil.
func readKey(v ssa.Value, seen map[ssa.Value]bool, depth int) ssa.Value {
	if v == nil || depth > maxReadSteps || seen[v] {
		return nil
	}
	seen[v] = true
	if c, ok := v.(*ssa.Call); ok {
		if k := calls.RedisRead(&c.Call); k != nil {
			return k
		}
	}
	instr, ok := v.(ssa.Instruction)
	if !ok {
		return nil
	}
	var ops []*ssa.Value
	for _, op := range instr.Operands(ops) {
		if op != nil && *op != nil {
			if k := readKey(*op, seen, depth+1); k != nil {
				return k
			}
		}
	}
	return nil
}
