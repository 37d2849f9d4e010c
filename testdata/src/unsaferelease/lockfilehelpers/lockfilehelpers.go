// Package lockfilehelpers keeps a lock file protocol behind its own
// helpers: the path is made by a function, and the file is created,
// read and removed by helpers that take the path. The helpers do at each
// call what the os call inside them does.
package lockfilehelpers

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"time"
)

type state struct {
	Owner     string
	UpdatedAt time.Time
}

const staleAfter = 10 * time.Minute

var dir = os.TempDir()

// lockPath names the lock file of one job; every call names the same
// protocol's file.
func lockPath(job string) string { return filepath.Join(dir, job+".lock") }

func readState(path string) (*state, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var s state
	return &s, json.Unmarshal(data, &s)
}

func createExclusive(path string, s *state) error {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	defer f.Close()
	return json.NewEncoder(f).Encode(s)
}

func removeLock(path string) error {
	if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}

func isStale(s *state) bool { return time.Since(s.UpdatedAt) > staleAfter }

// Acquire claims the lock exclusively; a stale one is taken over by
// renaming it aside (one step only one process wins).
func Acquire(job, me string) error {
	p := lockPath(job)
	if err := createExclusive(p, &state{Owner: me, UpdatedAt: time.Now()}); err == nil {
		return nil
	}
	s, err := readState(p)
	if err != nil {
		return err
	}
	if !isStale(s) {
		return errors.New("held")
	}
	if err := os.Rename(p, p+".stale."+me); err != nil {
		return err
	}
	return createExclusive(p, &state{Owner: me, UpdatedAt: time.Now()})
}

// Release: unsafe, the helper removes whoever's lock file is there now.
func Release(job string) error {
	return removeLock(lockPath(job)) // want `removeLock of the lock file releases it with no check of its holder`
}

// Heartbeat rewrites the holder's own file: a renewal, silent.
func Heartbeat(job, me string) error {
	p := lockPath(job)
	s, err := readState(p)
	if err != nil || s.Owner != me {
		return errors.New("lost")
	}
	s.UpdatedAt = time.Now()
	data, _ := json.Marshal(s)
	tmp := p + ".tmp"
	if err := os.WriteFile(tmp, data, 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, p)
}

// Suppressed.
func ForceRelease(job string) error {
	//lint:ignore FC5001 an operator runs this after checking the holder is gone
	return removeLock(lockPath(job))
}
