package fences

import (
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/valuename"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"golang.org/x/tools/go/ssa"
)

// Cache fills. A read-through cache reads a key, and only on a miss loads
// the value from the source of truth and writes it back (GET key; miss;
// load; SET key value). A lock around the load (a stampede guard) spares
// the source duplicate loads; it keeps no state safe: the fill copies what
// the source holds, and a stale holder's late fill writes a copy, which the
// next invalidation or expiry replaces, not a successor's work. So FC1001
// says nothing about a Redis write of a key that a GET of the same key, in
// the same function, decides (calls.RedisReadDeciding), of a value not
// computed from what that GET returned. A write of a value read from the
// key itself (GET counter, SET counter+1) is a read-modify-write and still
// judged, as is a write of a key named like a lock's. So is a write of a
// value that another write produced (an id allocated by INCR, a row's id
// returned by an INSERT): a fill copies what the source holds, an
// allocation makes something new, and a stale holder's late one replaces
// the successor's (the mapping from a name to the id it allocated).
// The lookup and the fill are often helpers of their own, each building
// the key (getShopFromCache(ctx, id); miss; rebuildShopCache(ctx, id)):
// a call of the section's function whose result decides whether the fill
// is reached, and that GETs a key of the fill's family (the same constant
// prefix), itself or in a helper, is the lookup (lookupDeciding).

// maxLookupDepth bounds how deep a cache lookup helper is read for the
// GET it makes (getShopFromCache -> decode -> rdb.Get).
const maxLookupDepth = 2

// lookupDeciding returns the call, in the function of site (the call of
// the critical section that leads to a write of key), whose result decides
// whether site runs and which reads a key of the same family as key (the
// same constant prefix, "cache:shop:" + id), itself or in a helper of the
// package: the cache lookup of a read-through cache whose miss leads to
// the fill, when the lookup and the fill are helpers of their own
// (getShopFromCache(ctx, id); miss; rebuildShopCache(ctx, id)).
func lookupDeciding(site ssa.CallInstruction, key ssa.Value) *ssa.Call {
	prefix, ok := calls.ConstPrefix(key)
	if !ok || prefix == "" || site.Parent() == nil {
		return nil
	}
	for ci := range calls.In(site.Parent()) {
		h, ok := ci.(*ssa.Call)
		if !ok || ci == site || !calls.DecidedBy(site, h, h) {
			continue
		}
		if readsFamily(&h.Call, prefix, 0) {
			return h
		}
	}
	return nil
}

// readsFamily reports whether c reads (GET) a key with the constant
// prefix, itself or in the functions with a body it calls, to depth
// maxLookupDepth.
func readsFamily(c *ssa.CallCommon, prefix string, depth int) bool {
	if k := calls.RedisRead(c); k != nil {
		p, ok := calls.ConstPrefix(k)
		return ok && p == prefix
	}
	fn := c.StaticCallee()
	if fn == nil || fn.Blocks == nil || depth >= maxLookupDepth {
		return false
	}
	for ci := range calls.In(fn) {
		if readsFamily(ci.Common(), prefix, depth+1) {
			return true
		}
	}
	return false
}

// maxFillDepth bounds the walk back from a written value to the read it
// may be computed from.
const maxFillDepth = 12

// FillsCache reports whether an unfenced effect fills a read-through cache
// on a miss. site is the call in the critical section through which the
// walk reached the effect: a fill in a helper handed the key
// (loadAndCache(ctx, id, key)) is decided by the GET of its caller.
func FillsCache(e *effect.Effect, site ssa.CallInstruction) bool {
	if e.Verdict != effect.Missing || e.Call == nil || e.Key == nil || e.Where != "" || !model.MatchesAny(e.Sink.Assigns, e.Callee) {
		return false
	}
	if valuename.LockKey(e.Key) {
		return false
	}
	fn := e.Call.Parent()
	var caller ssa.CallInstruction // the call of fn in the section, which hands it its arguments
	if site != nil && site != e.Call && site.Common().StaticCallee() == fn && len(fn.Params) == len(site.Common().Args) {
		caller = site
	}
	get := calls.RedisReadDeciding(e.Call, e.Key)
	if get == nil && caller != nil {
		if key := calls.ArgFor(caller.Common(), e.Key); key != e.Key && !valuename.LockKey(key) {
			get = calls.RedisReadDeciding(caller, key) // the key handed to a fill helper
		}
	}
	if get == nil && site != nil {
		get = lookupDeciding(site, e.Key)
	}
	if get == nil {
		return false
	}
	c := e.Call.Common()
	for i, a := range c.Args {
		if a == e.Key || calls.IsContext(a.Type()) || calls.Receiver(c) == a && i == 0 {
			continue
		}
		up := func(v ssa.Value) ssa.Value {
			if caller == nil {
				return v
			}
			return calls.ArgFor(caller.Common(), v)
		}
		if computedFrom(a, func(c *ssa.Call) bool { return c == get }, up, map[ssa.Value]bool{}, 0) {
			return false // GET n; SET n+1: a read-modify-write of the key itself
		}
		if computedFrom(a, allocates, up, map[ssa.Value]bool{}, 0) {
			return false // INCR id; SET name id: an allocation, not a copy
		}
	}
	return true
}

// allocates reports whether a call is itself a write whose result is a
// new value: an id handed out by INCR (effect.Allocates), or a protected
// effect such as an INSERT that returns the key the database gave it.
func allocates(c *ssa.Call) bool { return effect.Allocates(c) || effect.Classify(c, nil) != nil }

// computedFrom reports whether v is computed from the result of a call
// that from accepts, walking back over the operands of the instructions
// that make it, and from a parameter to what up says the caller passed
// for it.
func computedFrom(v ssa.Value, from func(*ssa.Call) bool, up func(ssa.Value) ssa.Value, seen map[ssa.Value]bool, depth int) bool {
	if v == nil || depth > maxFillDepth || seen[v] {
		return false
	}
	if p, ok := v.(*ssa.Parameter); ok {
		if w := up(p); w != p {
			return computedFrom(w, from, up, seen, depth+1)
		}
		return false
	}
	seen[v] = true
	if c, ok := v.(*ssa.Call); ok && from(c) {
		return true
	}
	instr, ok := v.(ssa.Instruction)
	if !ok {
		return false
	}
	if a, ok := v.(*ssa.Alloc); ok {
		// json.Unmarshal([]byte(got), &x): the cell is written through
		// its address by calls whose other operands may come from the read.
		for _, r := range *a.Referrers() {
			if ci, ok := r.(ssa.CallInstruction); ok {
				for _, arg := range ci.Common().Args {
					if arg != v && computedFrom(arg, from, up, seen, depth+1) {
						return true
					}
				}
			}
			if ia, ok := r.(*ssa.IndexAddr); ok && storedFrom(ia, from, up, seen, depth+1) {
				return true // a variadic call's argument array (fmt.Sprintf("%d", id))
			}
		}
		return storedFrom(a, from, up, seen, depth+1)
	}
	var ops []*ssa.Value
	for _, op := range instr.Operands(ops) {
		if op != nil && *op != nil && computedFrom(*op, from, up, seen, depth+1) {
			return true
		}
	}
	return false
}

// storedFrom reports whether a value stored through addr (an element of
// an array) is computed from the result of a call that from accepts.
func storedFrom(addr ssa.Value, from func(*ssa.Call) bool, up func(ssa.Value) ssa.Value, seen map[ssa.Value]bool, depth int) bool {
	for _, r := range *addr.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == addr && computedFrom(st.Val, from, up, seen, depth+1) {
			return true
		}
	}
	return false
}

// CacheStore reports whether e writes a key through a cache's own code: a
// keyed store write (a SET, a DEL) made by a method of a type named as a
// cache (servercache's (Cache).set): every key such a type writes is a
// cache entry. Like a fill (FillsCache) it copies a source the lock does
// not make safe, and a stale holder's late write leaves a stale copy that
// the next invalidation or expiry replaces, not a successor's work. An
// increment is still judged: it makes a value no source holds. A package
// named as a cache is not enough (an application's cacheapp keeps
// balances too).
func CacheStore(e *effect.Effect) bool {
	if e.Call == nil || e.Key == nil || effect.Increments(e.Call) {
		return false
	}
	fn := e.Call.Parent()
	for fn != nil && fn.Parent() != nil {
		fn = fn.Parent()
	}
	obj, ok := fn.Object().(*types.Func)
	return ok && vocab.CacheKey.Match(model.RecvName(obj))
}
