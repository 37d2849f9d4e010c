package lifecycle

import (
	"slices"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/fences"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/section"
	"golang.org/x/tools/go/ssa"
)

// Stampede guards. A SET NX taken around a read-through cache's fill (GET
// key; miss; SET NX lockKey; load from the database; SET key; DEL
// lockKey) keeps concurrent misses from all loading the same row: the
// only write it covers is the fill, which copies the source of truth
// (fences.FillsCache). Released blindly after its lease ran out, it lets
// one more filler in, which loads and writes the same copy: a duplicate
// load, never two holders of state that needs one. So FC5001 says nothing
// about the release of a lock whose critical sections write nothing but
// cache fills.

// maxGuardDepth bounds how deep the calls of a guarded section are read.
const maxGuardDepth = 2

// blindReleaseHarmless reports whether a plain DEL of a SET NX lock held
// in secs, of kind and on key, can only delete its own holder's lock or
// let in one more filler of a cache: its sections write only cache fills
// (a stampede guard), or the lock has no expiry (neverExpire).
func (l *checker) blindReleaseHarmless(secs []*section.Section, kind *model.Lock, key ssa.Value) bool {
	return len(secs) > 0 && (l.guardsFills(secs, kind, key) || neverExpire(secs))
}

// sectionsOf returns the critical sections of acq's lock: the SET NX
// itself, and the calls of the wrapper that makes it.
func (l *checker) sectionsOf(acq *setnx) []*section.Section {
	var secs []*section.Section
	for _, s := range l.u.Sections {
		if s.Call != nil && (s.Call == ssa.CallInstruction(acq.call) || s.Call.Common().StaticCallee() == acq.fn) {
			secs = append(secs, s)
		}
	}
	return secs
}

// neverExpire reports whether secs are some, and all of a lock taken with
// no expiry (section.Section.Forever): the key cannot pass to another
// holder before this one deletes it, so a blind DEL deletes only its own.
func neverExpire(secs []*section.Section) bool {
	return len(secs) > 0 && !slices.ContainsFunc(secs, func(s *section.Section) bool { return !s.Forever })
}

// guardsFills reports whether the sections, of a SET NX lock of kind l
// taken on key (or on the key a section holds), write something, and
// only cache fills.
func (l *checker) guardsFills(secs []*section.Section, kind *model.Lock, key ssa.Value) bool {
	fills := 0
	for _, s := range secs {
		k := key
		if s.Handle != nil {
			k = s.Handle // the key the caller hands the wrapper (tryLock(ctx, lockKey))
		}
		for ci := range calls.In(s.Fn) {
			if !s.Contains(ci) {
				continue
			}
			n, only := l.fillsOnly(ci, nil, nil, kind, k, 0)
			if !only {
				return false
			}
			fills += n
		}
	}
	return fills > 0
}

// heldSections returns fn's sections of a SET NX lock held on key.
func (l *checker) heldSections(fn *ssa.Function, key ssa.Value) []*section.Section {
	var out []*section.Section
	for _, s := range l.u.Sections {
		if s.Fn == fn && s.Handle != nil && s.Lock.Held == model.HeldByKey && calls.SameKey(s.Handle, key) {
			out = append(out, s)
		}
	}
	return out
}

// fillsOnly reads a call made while the guard is held (site: the call of
// the section that leads to it; caller: the call of the function that
// makes it): how many cache fills it makes, and whether it makes no other
// write. The release of the guard itself, reads and calls outside the
// package are no writes.
func (l *checker) fillsOnly(ci, site, caller ssa.CallInstruction, kind *model.Lock, key ssa.Value, depth int) (int, bool) {
	if section.Releases(kind, ci.Common()) {
		return 0, true
	}
	if keys, ok := calls.RedisKeys(ci.Common(), calls.Callee(ci.Common())); ok && len(keys) == 1 && calls.SameKey(argFor(caller, keys[0]), key) {
		return 0, true // the guard's own key: its release through a helper (unlock(ctx, lockKey))
	}
	if e := effect.Classify(ci, nil); e != nil {
		if e.Verdict == effect.Missing && fences.FillsCache(e, site) {
			return 1, true
		}
		return 0, false
	}
	callee := ci.Common().StaticCallee()
	if callee == nil || callee.Blocks == nil || !l.u.Local(callee) {
		return 0, true
	}
	if depth >= maxGuardDepth {
		return 0, false // too deep to tell: not a guard
	}
	if site == nil {
		site = ci
	}
	n := 0
	for inner := range calls.In(callee) {
		k, only := l.fillsOnly(inner, site, ci, kind, key, depth+1)
		if !only {
			return 0, false
		}
		n += k
	}
	return n, true
}

// argFor is calls.ArgFor at a call that may be absent (the section's own
// calls have no caller).
func argFor(caller ssa.CallInstruction, v ssa.Value) ssa.Value {
	if caller == nil {
		return v
	}
	return calls.ArgFor(caller.Common(), v)
}
