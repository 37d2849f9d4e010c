package fences

import (
	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/keyscope"
)

// De-duplication markers. A SET NX that marks an item as queued or done
// (SET NX "queued:"+id, then the publish) is no lock, and a delete of its
// key that undoes it when the work after it failed (keyscope.Rollback:
// on an error, or whenever the function keeps the key once the work
// succeeded) takes back this run's own marker, set moments before: no
// successor can hold that key while it is set, so the delete overwrites
// nothing a successor wrote. Under another lock it is the marker's
// bookkeeping, not a protected write.

// UndoesMarker reports whether an unfenced effect deletes a
// de-duplication marker its own function set.
func UndoesMarker(e *effect.Effect) bool {
	if e.Verdict != effect.Missing || e.Call == nil || e.Callee == nil || calls.KeyDeleteLock(e.Call.Common(), e.Callee) == nil {
		return false
	}
	keys, ok := calls.RedisKeys(e.Call.Common(), e.Callee)
	if !ok || len(keys) != 1 {
		return false
	}
	return keyscope.UndoesMarker(e.Call, keys[0])
}
