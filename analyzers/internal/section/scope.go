package section

import "golang.org/x/tools/go/ssa"

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
