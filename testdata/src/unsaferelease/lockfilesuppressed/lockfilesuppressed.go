// Package lockfilesuppressed checks that FC5001 findings on a lock file
// released without an owner check honour suppression comments. It keeps a lock file's path in the lock's handle
// under a plain name (path), computed once from the lock file's name and
// handed to helpers as a parameter: the release removes whatever file is
// there, although a contender reads the file through a helper and its
// caller judges the decoded heartbeat stale by the clock.
package lockfilesuppressed

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

func (l *Lock) Release() {
	//lint:ignore FC5001 this tool runs once per host and the directory is local
	os.Remove(l.path)
}
