// Package observedlease: client-go's leader election measures expiry with
// the observer's own clock since it last saw the record change
// (observedTime = clock.Now() when the record changed, plus
// LeaseDurationSeconds), which docs/checks/FC4001.md recommends; the same
// shape was reported as remaining validity used as proof of authority
// (FC4001), as in client-go's leaderelection.go:396 and :553. Fixed: a
// duration declared in the observed record is the observer's wait.
package observedlease

import (
	"bytes"
	"sync"
	"time"

	rl "k8s.io/client-go/tools/leaderelection/resourcelock"
)

type Elector struct {
	mu           sync.RWMutex
	observed     rl.LeaderElectionRecord
	observedRaw  []byte
	observedTime time.Time
}

// Observe records a record seen in the API server, with the local time it
// was first seen (a monotonic reading, never rebuilt).
func (e *Elector) Observe(rec rl.LeaderElectionRecord, raw []byte) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if !bytes.Equal(raw, e.observedRaw) {
		e.observed = rec
		e.observedRaw = raw
		e.observedTime = time.Now()
	}
}

// IsLeaseValid: has the holder renewed within its lease duration, as far as
// this observer's own clock can tell?
func (e *Elector) IsLeaseValid(now time.Time) bool {
	e.mu.RLock()
	defer e.mu.RUnlock()
	return e.observedTime.Add(time.Second * time.Duration(e.observed.LeaseDurationSeconds)).After(now) // was FP: FC4001
}
