package fences

import (
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/ownercheck"
	"github.com/fencecheck/fencecheck/analyzers/internal/scriptsrc"
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

// A lock's own script, and writes its key guards. A hand-rolled Redis lock
// renews and releases its key with a script that compares the key's value
// with the holder's token before it moves the expiry or deletes the key,
// and may guard other writes the same way (the compare and the write run
// atomically in the server):
//
//	if redis.call("get", KEYS[1]) ~= ARGV[1] then return 0 end
//	return redis.call("pexpire", KEYS[1], ARGV[2])
//
// The store refuses such a script once the key holds another holder's
// token, so it cannot overwrite a successor's state: the Redis form of a
// write that compares the record's holder (holderChecked). Its dropped
// answer is FC5002's and its owner argument FC5001's, not FC1001's.

// HolderScript reports whether an effect runs a script that compares the
// value of a key it reads with an argument before it acts, its text found
// by scripts.
func HolderScript(e *effect.Effect, scripts *scriptsrc.Index) bool {
	if scripts == nil || e.Sink == nil || e.Sink.Cond != model.CondScript || e.Where != "" || e.Call == nil {
		return false
	}
	src, ok := scripts.Text(e.Call)
	if !ok {
		return false
	}
	_, ok = ownercheck.HolderCompared(src)
	return ok
}

// LockProtocol reports whether an effect is the lock's own protocol or a
// write the store refuses once another holder took the record: a write
// that compares the holder, a renewal of the lease's heartbeat or expiry,
// a script that compares the key's holder. Such an effect is safe for
// every caller, so summaries leave it out.
func LockProtocol(e *effect.Effect, scripts *scriptsrc.Index) bool {
	return holderChecked(e) || renewsLease(e) || HolderScript(e, scripts)
}
