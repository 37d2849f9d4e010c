package fences

import (
	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/textval"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"golang.org/x/tools/go/ssa"
)

// Cache invalidations. A delete of a cache entry, repeated by a stale
// holder after a successor rebuilt the entry, only makes the next reader
// fill it again from the source of truth: it cannot overwrite a
// successor's state, so FC1001 says nothing about it. The knowledge base
// marks which calls of a sink delete a key (model.Sink.Invalidations); the
// key's literal text must name a cache entry (vocab.CacheKey), or the
// function that deletes it must say that it invalidates (vocab.Invalidator:
// a repository's InvalidateSubscriptionCache over a key "billing:sub:%d"),
// or that it drops a cache's copy (vocab.CacheKey and vocab.CacheDrop:
// DelUserInfoCache over a key "user:info:%s").
// An HTTP request whose method drops a cache's copy (vocab.InvalidationMethods:
// PURGE, BAN) is such a delete too, whatever its URL.
// A write of a cache entry, or a delete of any other key, is still judged.

// InvalidatesCache reports whether an unfenced effect deletes a cache
// entry. The engine also leaves such deletes out of the summaries it
// exports, so that callers in other packages see none.
func InvalidatesCache(e *effect.Effect) bool {
	if e.Verdict == effect.Missing && e.Method != "" && vocab.InvalidationMethods.Match(e.Method) {
		return true // a request that drops a cache's copy (PURGE, BAN): the cache refetches from the origin
	}
	if e.Verdict != effect.Missing || e.Callee == nil || !model.MatchesAny(e.Sink.Invalidations, e.Callee) {
		return false
	}
	if e.Call != nil && namedInvalidator(e.Call.Parent()) {
		return true
	}
	if e.Key == nil {
		return false
	}
	key := e.Key
	if elems, ok := calls.Variadic(key); ok && len(elems) > 0 {
		key = elems[0]
	}
	t, ok := textval.Of(key, textval.Options{})
	if !ok {
		return false
	}
	for _, p := range t.Parts {
		if p.Hole == nil && vocab.CacheKey.Match(p.Lit) {
			return true
		}
	}
	return false
}

// namedInvalidator reports whether fn, or the declared function a closure
// fn belongs to, is named as a cache invalidation.
func namedInvalidator(fn *ssa.Function) bool {
	for ; fn != nil; fn = fn.Parent() {
		if vocab.Invalidator.Match(fn.Name()) || vocab.CacheKey.Match(fn.Name()) && vocab.CacheDrop.Match(fn.Name()) {
			return true
		}
	}
	return false
}
