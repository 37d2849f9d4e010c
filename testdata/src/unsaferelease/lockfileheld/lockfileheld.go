// Package lockfileheld keeps a lock file's path in the lock's handle
// under a plain name (path), computed once from the lock file's name and
// handed to helpers as a parameter: the release removes whatever file is
// there, although a contender reads the file through a helper and its
// caller judges the decoded heartbeat stale by the clock.
package lockfileheld

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"time"
)

const lockName = ".backup.lock"

type content struct {
	PID        int       `json:"pid"`
	LastUpdate time.Time `json:"lastUpdate"`
}

type Lock struct {
	path string
}

var errActive = errors.New("lock is active")

func Acquire(dir string) (*Lock, error) {
	p := filepath.Join(dir, lockName)
	if l, err := create(p); err == nil {
		return l, nil
	}
	c, err := read(p)
	if err != nil {
		return nil, err
	}
	if time.Since(c.LastUpdate) < 3*time.Minute {
		return nil, errActive
	}
	return takeOver(p)
}

func create(path string) (*Lock, error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if err := json.NewEncoder(f).Encode(content{PID: os.Getpid(), LastUpdate: time.Now()}); err != nil {
		return nil, err
	}
	return newLock(path), nil
}

func takeOver(path string) (*Lock, error) {
	data, _ := json.Marshal(content{PID: os.Getpid(), LastUpdate: time.Now()})
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return nil, err
	}
	return newLock(path), nil
}

func newLock(path string) *Lock { return &Lock{path: path} }

func read(path string) (content, error) {
	var c content
	data, err := os.ReadFile(path)
	if err != nil {
		return c, err
	}
	err = json.Unmarshal(data, &c)
	return c, err
}

// Unsafe: the file may be a successor's by now.
func (l *Lock) Release() {
	os.Remove(l.path) // want `Remove of the lock file releases it with no check of its holder, and the lock can change hands \(Acquire reads it, at lockfileheld.go:\d+, and judges its age`
}

// Silent: a lock file nobody judges stale (no clock anywhere near its
// reads) is released only by its creator.
type pidFile struct {
	path string
}

func openPID(dir string) (*pidFile, error) {
	p := filepath.Join(dir, "daemon.lock")
	f, err := os.OpenFile(p, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, err
	}
	f.Close()
	return &pidFile{path: p}, nil
}

func readPID(path string) ([]byte, error) { return os.ReadFile(path) }

func who(dir string) ([]byte, error) { return readPID(filepath.Join(dir, "daemon.lock")) }

func (p *pidFile) close() { os.Remove(p.path) }

// Silent: a spool file kept beside the lock is no lock file, though the
// same directory holds one and its age is judged.
type spool struct {
	path string
}

func newSpool(dir string) *spool { return &spool{path: filepath.Join(dir, "spool.tmp")} }

func (s *spool) stale() bool {
	fi, err := os.Stat(s.path)
	return err == nil && time.Since(fi.ModTime()) > time.Hour
}

func (s *spool) drop() { os.Remove(s.path) }
