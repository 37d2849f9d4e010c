package lossreach

import (
	"go/token"
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/section"
	"golang.org/x/tools/go/ssa"
)

// LostReaderOnly returns the go statement of the one goroutine that reads
// a lock's lost channel, when nothing else reads it and that goroutine can
// pass the loss to nobody: it only receives from the channel, releases the
// lock and logs (no cancel, close, send, store of a field or captured
// variable, call of a function value). The work then goes on after the
// lock is lost, as if the channel were never read. Nil otherwise.
func LostReaderOnly(lost ssa.Value, sec *section.Section) *ssa.Go {
	var g *ssa.Go
	var visit func(v ssa.Value, depth int) bool
	visit = func(v ssa.Value, depth int) bool {
		if depth > 1 {
			return false
		}
		for _, r := range *v.Referrers() {
			switch x := r.(type) {
			case *ssa.DebugRef:
			case *ssa.BinOp:
				if (x.Op != token.EQL && x.Op != token.NEQ) || !(isNil(x.X) || isNil(x.Y)) {
					return false
				}
			case *ssa.Store:
				if x.Addr == v && x.Val == lost {
					continue // the variable's initialisation
				}
				// a variable captured by the goroutine: follow the variable
				alloc, ok := x.Addr.(*ssa.Alloc)
				if !ok || x.Val != v || depth > 0 || !visit(alloc, depth+1) {
					return false
				}
			case *ssa.UnOp:
				if x.Op != token.MUL || depth == 0 || !onlyReceived(x) {
					return false
				}
			case *ssa.MakeClosure:
				fn, _ := x.Fn.(*ssa.Function)
				if fn == nil || g != nil {
					return false
				}
				start := startedBy(x)
				if start == nil || !releasesOnly(fn, x, v, sec) {
					return false
				}
				g = start
			default:
				return false
			}
		}
		return true
	}
	if !visit(lost, 0) {
		return nil
	}
	return g
}

// onlyReceived reports whether a channel value is only received from (or
// selected on).
func onlyReceived(ch ssa.Value) bool {
	for _, r := range *ch.Referrers() {
		switch x := r.(type) {
		case *ssa.DebugRef, *ssa.Select:
		case *ssa.UnOp:
			if x.Op != token.ARROW {
				return false
			}
		case *ssa.BinOp:
			if !isNil(x.X) && !isNil(x.Y) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// startedBy returns the go statement that is the only use of a closure.
func startedBy(mc *ssa.MakeClosure) *ssa.Go {
	var g *ssa.Go
	for _, r := range *mc.Referrers() {
		switch x := r.(type) {
		case *ssa.DebugRef:
		case *ssa.Go:
			if x.Call.Value != mc || g != nil {
				return nil
			}
			g = x
		default:
			return nil
		}
	}
	return g
}

// releasesOnly reports whether a goroutine body does nothing with the lost
// channel (bound into it by mc, by value or as a captured variable) but
// receive from it, and nothing else but
// release the lock, log and wait.
func releasesOnly(fn *ssa.Function, mc *ssa.MakeClosure, lost ssa.Value, sec *section.Section) bool {
	for i, b := range mc.Bindings {
		if b != lost || i >= len(fn.FreeVars) {
			continue
		}
		fv := fn.FreeVars[i]
		if _, byRef := b.(*ssa.Alloc); byRef {
			for _, r := range *fv.Referrers() {
				if u, ok := r.(*ssa.UnOp); ok && u.Op == token.MUL && onlyReceived(u) {
					continue
				}
				if _, ok := r.(*ssa.DebugRef); !ok {
					return false
				}
			}
		} else if !onlyReceived(fv) {
			return false
		}
	}
	return onlyQuiet(fn, func(callee *types.Func) bool {
		return model.MatchesAny(sec.Lock.Release, callee) || releaser(fn.Prog.FuncValue(callee), sec, 0)
	})
}

// releaser reports whether fn is a function of the package that gives the
// lock up and tells nobody: the application's own Unlock, which looks the
// lock up, calls the library's release and forgets it (sync's mutexes and
// map lookups and deletes around it), calling nothing but harmless
// functions and other such functions of the package.
func releaser(fn *ssa.Function, sec *section.Section, depth int) bool {
	if fn == nil || depth > maxReleaserDepth || fn.Pkg == nil || fn.Pkg != sec.Fn.Pkg || len(fn.Blocks) == 0 {
		return false
	}
	released := false
	quiet := onlyQuiet(fn, func(callee *types.Func) bool {
		switch {
		case model.MatchesAny(sec.Lock.Release, callee):
			released = true
			return true
		case callee.Pkg() != nil && callee.Pkg().Path() == "sync":
			return true // the mutex around the map of held locks
		}
		inner := fn.Prog.FuncValue(callee)
		if releaser(inner, sec, depth+1) {
			released = true
			return true
		}
		return inner != nil && inner.Pkg == fn.Pkg && onlyQuiet(inner, func(c *types.Func) bool {
			return c.Pkg() != nil && c.Pkg().Path() == "sync"
		}) // a lookup of the held lock
	})
	return quiet && released
}

// Read reports whether a channel (or any value) is read: received from,
// selected on, passed on, returned or stored somewhere. Comparing it with
// nil is not a read.
func Read(v ssa.Value, depth int) bool {
	if depth > maxReadDepth || v.Referrers() == nil {
		return depth > maxReadDepth
	}
	for _, r := range *v.Referrers() {
		switch x := r.(type) {
		case *ssa.DebugRef:
			continue
		case *ssa.BinOp:
			if (x.Op == token.EQL || x.Op == token.NEQ) && (isNil(x.X) || isNil(x.Y)) {
				continue
			}
			return true
		case *ssa.MakeClosure:
			fn, _ := x.Fn.(*ssa.Function)
			for i, b := range x.Bindings {
				if b == v && fn != nil && i < len(fn.FreeVars) && Read(fn.FreeVars[i], depth+1) {
					return true
				}
			}
			continue
		case *ssa.Phi, *ssa.ChangeType, *ssa.MakeInterface, *ssa.ChangeInterface:
			if Read(x.(ssa.Value), depth+1) {
				return true
			}
			continue
		case *ssa.Store:
			alloc, ok := x.Addr.(*ssa.Alloc)
			if !ok || x.Val != v {
				return true // handed off into a field, a global, a slice
			}
			for _, r2 := range *alloc.Referrers() {
				switch y := r2.(type) {
				case *ssa.Store, *ssa.DebugRef:
				case *ssa.UnOp:
					if y.Op == token.MUL && Read(y, depth+1) {
						return true
					}
				default:
					return true
				}
			}
			continue
		}
		return true
	}
	return false
}
