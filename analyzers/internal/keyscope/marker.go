package keyscope

import (
	"go/types"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"golang.org/x/tools/go/ssa"
)

// A SET NX that marks an item as done or queued is kept after the work
// succeeded: that is what makes a second run skip the item. A lock is
// given up when the work is done (a release after it, or a deferred one),
// or kept until its TTL runs out; it is never given up only when the work
// failed. So when the function that sets the key keeps it on a path where
// the work succeeded, a delete of the key elsewhere in the function undoes
// the marker (a publish that was not confirmed: delete, so that the next
// run retries), and is no lock's release (Rollback).
//
// Kept means: from the branch where SET NX said it set the key, a path
// reaches a return of the function on which
//   - no call deletes the key, renews it, or defers either,
//   - no error test fails (each one takes its err == nil branch): the
//     path is the work's success, not an early return on an error,
//   - the key is handed to no function that might delete it (one of the
//     program's own, an interface method, a function literal): only to
//     the standard library and to Redis commands that are no delete or
//     renewal.
//
// The function must not read the key back (touched), and must not defer a
// delete of it anywhere. A key whose only uses are the SET NX and no
// delete at all is no lock unless it is named like one (section.lockKey),
// which this rule does not change: a key named like a lock is a lock's
// whatever its deletes.

// keptOnSuccess reports whether the function of set keeps key on a path
// where the SET NX set it and the work after it succeeded.
func keptOnSuccess(set *ssa.Call, key ssa.Value) bool {
	fn := set.Parent()
	if calls.KeyHeldAcquire(&set.Call) == nil {
		return false // an application's acquire wrapper: its release is its own, not a delete this rule knows
	}
	start := setBranch(set)
	if start == nil || defersDelete(fn, key) {
		return false
	}
	seen := map[*ssa.BasicBlock]bool{}
	var visit func(b *ssa.BasicBlock) bool
	visit = func(b *ssa.BasicBlock) bool {
		if seen[b] {
			return false
		}
		seen[b] = true
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.Return:
				return true
			case *ssa.Panic:
				return false
			case ssa.CallInstruction:
				if x == ssa.CallInstruction(set) {
					continue
				}
				if mayDrop(x, key) {
					return false
				}
			}
		}
		succs := b.Succs
		if ifs, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok && len(succs) == 2 {
			if failedWhenTrue, isErr := errorTest(ifs.Cond, set); isErr {
				if failedWhenTrue {
					succs = succs[1:]
				} else {
					succs = succs[:1]
				}
			}
		}
		for _, s := range succs {
			if visit(s) {
				return true
			}
		}
		return false
	}
	return visit(start)
}

// setBranch returns the block entered when set, a SET NX, reports that it
// set the key: the true branch of its bool reply (ok, or the value of a
// go-redis BoolCmd's Result() or Val(), or of a conversion such as
// redigo's redis.Bool(conn.Do("SETNX", ...))), or nil when no branch
// tests it.
func setBranch(set *ssa.Call) *ssa.BasicBlock {
	for _, v := range replyBools(set, 0) {
		if b := calls.Branch(v, true); b != nil {
			return b
		}
	}
	return nil
}

// replyBools returns the bool values v yields: itself, the extracts of a
// tuple, and the results of a method called on it or of a call it is
// handed to (Result, Val, redis.Bool), a few levels deep.
func replyBools(v ssa.Value, depth int) []ssa.Value {
	if depth > 2 {
		return nil
	}
	if isBool(v.Type()) {
		return []ssa.Value{v}
	}
	var out []ssa.Value
	for _, r := range *v.Referrers() {
		switch x := r.(type) {
		case *ssa.Extract:
			if isBool(x.Type()) {
				out = append(out, x)
			} else if x.Index == 0 {
				out = append(out, replyBools(x, depth+1)...)
			}
		case *ssa.Call:
			if calls.Unwrap(calls.Receiver(&x.Call)) == v || !x.Call.IsInvoke() && len(x.Call.Args) > 0 && calls.Unwrap(x.Call.Args[0]) == v {
				out = append(out, replyBools(x, depth+1)...)
			}
		}
	}
	return out
}

func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}

// defersDelete reports whether fn, or a function literal of it, defers a
// call that may delete key (mayDrop).
func defersDelete(fn *ssa.Function, key ssa.Value) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if d, ok := instr.(*ssa.Defer); ok && mayDrop(d, key) {
				return true
			}
		}
	}
	return false
}

// mayDrop reports whether call may delete or renew key: a Redis delete
// or renewal naming it, a function literal that deletes or renews any
// key, or a call handing the key to a function that is neither the
// standard library nor a Redis command of the knowledge base (the
// program's own helpers and interface methods may delete it).
func mayDrop(call ssa.CallInstruction, key ssa.Value) bool {
	c := call.Common()
	callee := calls.Callee(c)
	if callee != nil {
		if calls.KeyDeleteLock(c, callee) != nil {
			if keys, ok := calls.RedisKeys(c, callee); !ok || containsKey(keys, key) {
				return true
			}
		}
		if calls.SameKey(calls.RedisExtend(c), key) {
			return true
		}
	}
	for _, v := range append([]ssa.Value{c.Value}, c.Args...) {
		if lit := calls.FuncOf(v); lit != nil && lit.Parent() != nil && (dropsAny(lit, 0) || captures(v, key)) {
			return true // a literal that deletes a key, or that is handed the key (defer func() { unlock(key) }())
		}
	}
	if !passes(c, key) {
		return false
	}
	return callee == nil || !standard(callee, call.Parent().Pkg) && !library(callee)
}

// dropsAny reports whether fn or a literal in it deletes or renews any
// Redis key.
func dropsAny(fn *ssa.Function, depth int) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			ci, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			c := ci.Common()
			if callee := calls.Callee(c); callee != nil && calls.KeyDeleteLock(c, callee) != nil || calls.RedisExtend(c) != nil {
				return true
			}
		}
	}
	if depth < 3 {
		for _, anon := range fn.AnonFuncs {
			if dropsAny(anon, depth+1) {
				return true
			}
		}
	}
	return false
}

// captures reports whether v, a function value, is a closure bound to
// key.
func captures(v ssa.Value, key ssa.Value) bool {
	mc, ok := v.(*ssa.MakeClosure)
	if !ok {
		return false
	}
	for _, b := range mc.Bindings {
		if calls.SameKey(b, key) {
			return true
		}
		if a, isAlloc := b.(*ssa.Alloc); isAlloc {
			for _, r := range *a.Referrers() {
				if st, isStore := r.(*ssa.Store); isStore && st.Addr == a && calls.SameKey(st.Val, key) {
					return true
				}
			}
		}
	}
	return false
}

// passes reports whether key is among the arguments of c (or the
// elements of its variadic slice).
func passes(c *ssa.CallCommon, key ssa.Value) bool {
	for i := 0; ; i++ {
		a := calls.FlatArg(c, i)
		if a == nil {
			return false
		}
		if calls.SameKey(a, key) {
			return true
		}
	}
}

func containsKey(keys []ssa.Value, key ssa.Value) bool {
	for _, k := range keys {
		if calls.SameKey(k, key) {
			return true
		}
	}
	return false
}

// library reports whether fn belongs to a library of the knowledge base
// (a Redis client: its deletes and renewals are recognised above, and its
// other commands drop no key).
func library(fn *types.Func) bool {
	return fn.Pkg() != nil && model.KB.IsLibraryPackage(fn.Pkg().Path())
}

// standard reports whether fn belongs to the standard library: its
// import path's first element has no dot, and is not that of from, the
// package being analysed (a module named without a dot, "myapp/...").
func standard(fn *types.Func, from *ssa.Package) bool {
	if fn.Pkg() == nil {
		return true
	}
	first, _, _ := strings.Cut(fn.Pkg().Path(), "/")
	if strings.Contains(first, ".") {
		return false
	}
	if from != nil && from.Pkg != nil {
		own, _, _ := strings.Cut(from.Pkg.Path(), "/")
		return first != own
	}
	return true
}
