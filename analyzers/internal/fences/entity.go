package fences

import (
	"go/types"
	"slices"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/section"
	"github.com/fencecheck/fencecheck/analyzers/internal/textval"
	"golang.org/x/tools/go/ssa"
)

// A lock whose key names one record (dispatch:<event.ID>) serialises the
// work on that record. A key-value write whose key names another record,
// through a reference the first one holds (cb:<event.EndpointID>: the
// endpoint's circuit breaker), writes state the lock does not cover: the
// holders of the same kind of lock for other records (other events of the
// same endpoint) write it concurrently, so no token of this lock could
// fence it. What such a write lacks is a lock of its own, not this lock's
// token; it is not reported under this lock.

// OtherRecord reports whether the key-value effect e, under the lock of
// sec, is keyed by references to other records (fields named as another
// record's id: EndpointID, TenantID) of the value the lock's key is built
// from, none of which the lock's key uses.
func OtherRecord(sec *section.Section, e *effect.Effect, path *section.Path) bool {
	lockKey := sectionKey(sec)
	if lockKey == nil {
		return false
	}
	key := e.KeyArg
	if e.Key != nil {
		key = e.Key
	}
	if key == nil {
		return false
	}
	lockBase, lockFields, ok := recordFields(lockKey, nil)
	if !ok {
		return false
	}
	// The key of a write reached through calls, its parameters bound to
	// the values the walk passed them.
	base, fields, ok := recordFields(key, func(p *ssa.Parameter) ssa.Value {
		if v := path.Value(p); v != p {
			return v
		}
		return nil
	})
	if !ok || !calls.SameValue(lockBase, base) {
		return false
	}
	for _, f := range fields {
		if slices.Contains(lockFields, f) || !referenceName(f.Name()) {
			return false
		}
	}
	return true
}

// sectionKey returns the key a section's lock was taken on: the key of a
// lock held by its key, or the one string argument of the acquiring call
// (an application's Acquire(ctx, resourceID, ttl)); nil when unknown.
func sectionKey(sec *section.Section) ssa.Value {
	if sec.Lock.Held == model.HeldByKey {
		return sec.Handle
	}
	if sec.Call == nil {
		return nil
	}
	var key ssa.Value
	for _, a := range calls.Args(sec.Call.Common()) {
		if b, ok := a.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			if key != nil {
				return nil
			}
			key = a
		}
	}
	return key
}

// recordFields returns the value a key is built from and the fields of it
// that fill the key's holes: every hole a field of one value ("dispatch:"
// + event.ID; fmt.Sprintf("%s/%s", ev.TenantID, ev.ID)). ok is false when
// a hole is anything else, or there is none.
func recordFields(key ssa.Value, bind func(*ssa.Parameter) ssa.Value) (base ssa.Value, fields []*types.Var, ok bool) {
	t, _ := textval.Of(key, textval.Options{Bind: bind})
	holes := t.Holes()
	if len(holes) == 0 {
		return nil, nil, false
	}
	for _, h := range holes {
		f, b := calls.LoadedField(calls.Unwrap(h.Hole))
		if f == nil || base != nil && !calls.SameValue(base, b) {
			return nil, nil, false
		}
		base, fields = b, append(fields, f)
	}
	return base, fields, true
}

// referenceName reports whether a field's name says it holds another
// record's id: a word, then ID (EndpointID, TenantId, owner_id).
func referenceName(name string) bool {
	lower := strings.ToLower(name)
	for _, suffix := range []string{"_id", "id"} {
		if rest, ok := strings.CutSuffix(lower, suffix); ok && strings.Trim(rest, "_") != "" {
			return suffix == "_id" || strings.HasSuffix(name, "ID") || strings.HasSuffix(name, "Id")
		}
	}
	return false
}
