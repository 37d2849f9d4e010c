package fences

import (
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"golang.org/x/tools/go/ssa"
)

// identityNamespaced reports whether a key-value write is namespaced by the
// lock holder's identity: its key is built from the lock's value (redsync
// Value(), redislock Token(), or the value read back from the lock's own
// key). Each holder then writes under its own key, and readers that look up
// the current holder's value never see a stale holder's write, so the
// write needs no fence. It is one level deep: the key may depend on a
// parameter of the function reached through site.
func identityNamespaced(e *effect.Effect, site ssa.CallInstruction) bool {
	if e.Key == nil {
		return false
	}
	viaParams := map[*ssa.Parameter]bool{}
	found := dependsOn(e.Key, func(v ssa.Value) bool {
		if p, ok := v.(*ssa.Parameter); ok && p.Parent() == e.Call.Parent() {
			viaParams[p] = true
			return false
		}
		return isHolderIdentity(v)
	})
	if found {
		return true
	}
	if len(viaParams) == 0 || site == nil {
		return false
	}
	c := site.Common()
	if c.StaticCallee() != e.Call.Parent() {
		return false
	}
	for i, p := range e.Call.Parent().Params {
		if viaParams[p] && i < len(c.Args) && dependsOn(c.Args[i], isHolderIdentity) {
			return true
		}
	}
	return false
}

// dependsOn walks back from v through string building (concatenation,
// conversions, fmt/strings/strconv calls, the Result/Val of a command) and
// reports whether any value on the way satisfies pred.
func dependsOn(v ssa.Value, pred func(ssa.Value) bool) bool {
	seen := map[ssa.Value]bool{}
	work := []ssa.Value{v}
	for steps := 0; len(work) > 0 && steps < maxNamespaceSteps; steps++ {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		if v == nil || seen[v] {
			continue
		}
		seen[v] = true
		if pred(v) {
			return true
		}
		switch v := v.(type) {
		case *ssa.BinOp:
			work = append(work, v.X, v.Y)
		case *ssa.Convert:
			work = append(work, v.X)
		case *ssa.ChangeType:
			work = append(work, v.X)
		case *ssa.MakeInterface:
			work = append(work, v.X)
		case *ssa.Extract:
			work = append(work, v.Tuple)
		case *ssa.Phi:
			work = append(work, v.Edges...)
		case *ssa.Slice:
			work = append(work, v.X)
		case *ssa.Alloc:
			// The backing array of a variadic call: its stored elements.
			for _, r := range *v.Referrers() {
				if ia, ok := r.(*ssa.IndexAddr); ok {
					for _, rr := range *ia.Referrers() {
						if st, ok := rr.(*ssa.Store); ok && st.Addr == ia {
							work = append(work, st.Val)
						}
					}
				}
			}
		case *ssa.Call:
			fn := calls.Callee(&v.Call)
			if fn == nil || fn.Pkg() == nil {
				continue
			}
			switch fn.Pkg().Path() {
			case "fmt", "strings", "strconv", "path", "path/filepath":
				work = append(work, v.Call.Args...)
				continue
			}
			if v.Call.StaticCallee() != nil && isString(v.Type()) {
				// A key-building helper (c.key(tag)): its arguments.
				work = append(work, v.Call.Args...)
				continue
			}
			switch fn.Name() {
			case "Result", "Val", "String", "Bytes", "Text":
				// A command's value (go-redis StringCmd.Result): back to the command.
				if recv := v.Call.Signature().Recv(); recv != nil && len(v.Call.Args) > 0 {
					work = append(work, v.Call.Args[0])
				} else if v.Call.IsInvoke() {
					work = append(work, v.Call.Value)
				}
			}
		}
	}
	return false
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// isHolderIdentity reports whether v is the lock holder's identity: a
// lock library's identity accessor (redsync Mutex.Value, redislock
// Lock.Token), or a Redis read of a key that the same function also hands
// to a lock library (the current holder's value, read back).
func isHolderIdentity(v ssa.Value) bool {
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	fn := calls.Callee(&call.Call)
	if fn == nil {
		return false
	}
	for i := range model.KB.TokenSources {
		s := &model.KB.TokenSources[i]
		if s.Kind == model.Identity && s.Func.Name != "" && !s.Numeric && s.Func.Matches(fn) {
			return true
		}
	}
	if k := calls.RedisRead(&call.Call); k != nil {
		return keyOfLock(k)
	}
	return false
}

// keyOfLock reports whether key is also passed to a lock library in its
// function (redsync's NewMutex(key), a lock constructor or acquisition).
func keyOfLock(key ssa.Value) bool {
	if key == nil || key.Referrers() == nil {
		return false
	}
	for _, r := range *key.Referrers() {
		ci, ok := r.(ssa.CallInstruction)
		if !ok {
			continue
		}
		if fn := calls.Callee(ci.Common()); fn != nil && lockLibrary(fn.Pkg()) {
			return true
		}
	}
	return false
}

// lockLibrary reports whether pkg is the package of a known lock API.
func lockLibrary(pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	for _, l := range model.KB.Locks {
		if l.KeyOnly {
			continue // a client's own command (SET NX), not a lock library
		}
		for _, f := range l.Acquire {
			if f.Pkg == pkg.Path() {
				return true
			}
		}
	}
	return false
}
