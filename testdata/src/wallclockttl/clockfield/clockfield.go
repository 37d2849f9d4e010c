// Package clockfield reads the clock through a func field that the
// constructor sets to time.Now (an injectable clock): its call reads this
// host's clock as time.Now() would, and a lease expiry compared with it is
// judged the same way. A func field given something else (a fixed instant,
// a database's clock) is not a clock of this host.
package clockfield

import (
	"encoding/json"
	"os"
	"time"
)

type lockContents struct {
	Host    string
	Expires time.Time
}

type elector struct {
	lockPath string
	now      func() time.Time
	epoch    func() time.Time
}

func newElector(path string) *elector {
	return &elector{lockPath: path, now: time.Now, epoch: func() time.Time { return time.Unix(0, 0) }}
}

func (e *elector) read() (lockContents, bool) {
	var c lockContents
	data, err := os.ReadFile(e.lockPath)
	if err != nil || json.Unmarshal(data, &c) != nil {
		return c, false
	}
	return c, true
}

// lockExpired compares the holder's expiry with the injected clock.
func (e *elector) lockExpired() bool {
	var c lockContents
	data, err := os.ReadFile(e.lockPath)
	if err != nil || json.Unmarshal(data, &c) != nil {
		return true
	}
	return c.Expires.Before(e.now()) // want `c.Expires.Before\(e.now\(\)\)`
}

// lockBeforeEpoch compares it with a func field that is no clock of this host.
func (e *elector) lockBeforeEpoch() bool {
	c, ok := e.read()
	if !ok {
		return true
	}
	return c.Expires.Before(e.epoch())
}

// lockExpiredSuppressed is lockExpired with the finding suppressed.
func (e *elector) lockExpiredSuppressed() bool {
	c, ok := e.read()
	if !ok {
		return true
	}
	//lint:ignore FC4001 the lock directory is local to this host
	return c.Expires.Before(e.now())
}
