package fences

import (
	"strings"

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
		if !renewalColumn(col) {
			return false
		}
	}
	return true
}

// renewalColumn reports whether a column is a heartbeat (heartbeat_at,
// last_keepalive, renewed_at) or a lease expiry (locked_until,
// lease_expires_at): a beat word, or a lease word and a time word.
func renewalColumn(col string) bool {
	var lease, time bool
	for _, w := range vocab.Words(col) {
		if hasPrefix(w, vocab.RenewalBeatWords) {
			return true
		}
		lease = lease || hasPrefix(w, vocab.RenewalLeaseWords)
		time = time || hasPrefix(w, vocab.RenewalTimeWords)
	}
	return lease && time
}

func hasPrefix(w string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(w, p) {
			return true
		}
	}
	return false
}
