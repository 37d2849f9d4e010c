package section

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// deferredHelperReleases reports whether a deferred call of the section's
// function runs a declared function of the same package that releases the
// section's lock in its body (or in a literal it contains): defer
// s.unlock(ctx), where unlock calls the lock's release. The function gives
// the lock up when it returns, so it is no acquire wrapper and its callers
// do not hold the lock after the call. Only the callee's own body counts,
// as for a deferred literal; a release two named calls down is not seen
// (the function is then taken as a wrapper, as before).
func deferredHelperReleases(s *Section, d *ssa.Defer) bool {
	fn := d.Call.StaticCallee()
	if fn == nil || fn.Parent() != nil || fn.Pkg == nil || fn.Pkg != s.Fn.Pkg || len(fn.Blocks) == 0 {
		return false
	}
	acq, _ := s.Call.(*ssa.Call)
	return litReleases(s.Lock, acq, fn, 0)
}

// ReturnedRelease returns 1 + the index of the result through which s's
// function hands its caller a function that releases s's lock (cleanup =
// func() { lock.Unlock() }; return cleanup, nil), or 0. Such a function is
// an acquire wrapper whose release is the call of what it returns, as for
// a library's own release function (model.Lock.ReleaseFunc): a caller
// that defers it gives the lock up when it returns.
func ReturnedRelease(s *Section) int {
	acq, _ := s.Call.(*ssa.Call)
	res := s.Fn.Signature.Results()
	for i := range res.Len() {
		if sig, ok := res.At(i).Type().Underlying().(*types.Signature); !ok || sig.Params().Len() > 0 {
			continue
		}
		for _, b := range s.Fn.Blocks {
			if len(b.Instrs) == 0 {
				continue
			}
			ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
			if !ok {
				continue
			}
			for _, lit := range closuresOf(ret.Results[i]) {
				if litReleases(s.Lock, acq, lit, 0) {
					return i + 1
				}
			}
		}
	}
	return 0
}

// closuresOf returns the function literals v may be: a closure, or the
// closures stored into the named result a return loads.
func closuresOf(v ssa.Value) []*ssa.Function {
	var out []*ssa.Function
	add := func(v ssa.Value) {
		if mc, ok := v.(*ssa.MakeClosure); ok {
			if fn, ok := mc.Fn.(*ssa.Function); ok {
				out = append(out, fn)
			}
		}
	}
	add(v)
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		if alloc, ok := ld.X.(*ssa.Alloc); ok {
			for _, r := range *alloc.Referrers() {
				if st, ok := r.(*ssa.Store); ok && st.Addr == alloc {
					add(st.Val)
				}
			}
		}
	}
	return out
}
