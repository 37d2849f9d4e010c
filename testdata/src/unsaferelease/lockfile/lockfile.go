// Package lockfile releases lock files: a lease kept in a file, with an
// expiry other runs judge by the clock, removed without a look at who
// holds it (unsafe), and look-alikes that are safe.
package lockfile

import (
	"encoding/json"
	"errors"
	"os"
	"time"
)

type lease struct {
	Holder  string
	Expires time.Time
}

type run struct {
	lockFile string
}

// expired is the stale-lock takeover's judgement: after it, another run
// may hold the file.
func (r *run) expired() bool {
	data, err := os.ReadFile(r.lockFile)
	if err != nil {
		return true
	}
	var l lease
	if json.Unmarshal(data, &l) != nil {
		return true
	}
	return l.Expires.Before(time.Now())
}

// Unsafe: removes whoever's lock file is there now.
func (r *run) release() error {
	return os.Remove(r.lockFile) // want `Remove of the lock file releases it with no check of its holder, and the lock can change hands \(expired reads it, at lockfile.go:\d+`
}

// Unsafe: the holder is read and compared, then the file is removed in a
// second step; a takeover can land between the two.
func (r *run) releaseOwned(me string) error {
	data, err := os.ReadFile(r.lockFile)
	if err != nil {
		return err
	}
	var l lease
	if json.Unmarshal(data, &l) != nil || l.Holder != me {
		return nil
	}
	return os.Remove(r.lockFile) // want `Remove of the lock file comes after reading its holder \(at lockfile.go:\d+\) in a separate step, and the lock can change hands`
}

// Silent: renamed aside first (only one process can), then the renamed
// file, which nobody else can take any more, is checked and removed.
func (r *run) releaseAside(me string) error {
	mine := r.lockFile + ".release." + me
	if err := os.Rename(r.lockFile, mine); err != nil {
		return err
	}
	data, err := os.ReadFile(mine)
	if err != nil {
		return err
	}
	var l lease
	if json.Unmarshal(data, &l) != nil || l.Holder != me {
		return os.Rename(mine, r.lockFile)
	}
	return os.Remove(mine)
}

// Unsafe: the stale takeover removes what it judged stale, then creates
// the file exclusively; a second contender that judged the same file
// stale removes the first one's new lock.
func (r *run) takeOver(me string) error {
	data, err := os.ReadFile(r.lockFile)
	if err != nil {
		return err
	}
	var l lease
	if json.Unmarshal(data, &l) == nil && l.Expires.After(time.Now()) {
		return errHeld
	}
	os.Remove(r.lockFile) // want `Remove removes the lock file it has just judged stale \(read at lockfile.go:\d+\): two processes can both judge it stale`
	f, err := os.OpenFile(r.lockFile, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	return f.Close()
}

var errHeld = errors.New("held")

// Suppressed.
func (r *run) releaseSuppressed() error {
	//lint:ignore FC5001 runs of this tool are never taken over while alive
	return os.Remove(r.lockFile)
}

// A lock file that never expires: created exclusively, removed by its
// creator only. Nothing judges it stale, so nobody else can hold it.
type pidLock struct {
	lockPath string
}

func (p *pidLock) acquire() error {
	f, err := os.OpenFile(p.lockPath, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	return f.Close()
}

func (p *pidLock) release() error { return os.Remove(p.lockPath) }

// A temporary file is no lock file.
type spool struct {
	tmpFile string
}

func (s *spool) old() bool {
	st, err := os.Stat(s.tmpFile)
	return err == nil && time.Since(st.ModTime()) > time.Hour
}

func (s *spool) clean() error { return os.Remove(s.tmpFile) }

// A lock file that is only renewed (rewritten with a new stamp) and never
// judged stale by anyone: nobody takes it over, so its creator may remove
// it.
type stamped struct {
	lockFile string
}

func (s *stamped) renew() {
	if _, err := os.Stat(s.lockFile); err == nil {
		_ = os.WriteFile(s.lockFile, []byte(time.Now().String()), 0o600)
	}
}

func (s *stamped) release() error { return os.Remove(s.lockFile) }
