package fences

import (
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
)

// A lease's own renewal. Inside a section the holder keeps its lease alive
// (a heartbeat goroutine, a renewal before each batch) with an UPDATE that
// only moves the row's heartbeat or expiry forward:
//
//	UPDATE jobs SET heartbeat_at = now() WHERE id = $1
//	UPDATE leases SET locked_until = $1 WHERE name = $2 AND owner = $3
//
// That is the lock's protocol, not the work it protects: a stale holder's
// renewal is judged by FC5002 (is its failure noticed?), not FC1001. A
// statement that also assigns anything else (a state, a result, the owner)
// is work and still judged.

// renewsLease reports whether an SQL write is an UPDATE whose every
// assigned column is a heartbeat or lease-expiry column.
func renewsLease(e *effect.Effect) bool {
	st := e.Stmt
	if st == nil || st.Verb != "UPDATE" || len(st.Assigned) == 0 {
		return false
	}
	for _, col := range st.Assigned {
		if !vocab.RenewalColumn(col, false) {
			return false
		}
	}
	return true
}
