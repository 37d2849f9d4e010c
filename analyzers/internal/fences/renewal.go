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

// A lock's own script. A hand-rolled Redis lock renews and releases its key
// with a script that compares the key's value with the holder's token
// before it moves the expiry or deletes the key:
//
//	if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) ...
//
// Run inside the section (a watchdog, a release before return) it is the
// lock's protocol: the store refuses it once the key holds another holder's
// token, so it cannot overwrite a successor's state. Its dropped answer is
// FC5002's and its owner argument FC5001's, not FC1001's.

// LockScript reports whether an effect runs such a compare-and-expire or
// compare-and-delete script, its text found by scripts.
func LockScript(e *effect.Effect, scripts *scriptsrc.Index) bool {
	if scripts == nil || e.Sink == nil || e.Sink.Cond != model.CondScript || e.Where != "" || e.Call == nil {
		return false
	}
	src, ok := scripts.Text(e.Call)
	if !ok {
		return false
	}
	_, renews := ownercheck.CompareAndExpire(src)
	_, releases := ownercheck.CompareAndDelete(src)
	return renews || releases
}
