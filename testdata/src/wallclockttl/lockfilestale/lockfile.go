// Package lockfilestale takes a lock file over when the heartbeat decoded
// from it is old by this host's clock. The acquisition is named by what it
// returns (Acquire(dir) (*Lock, error)), not by a lock word of its own;
// the decoded heartbeat was written by the holder's clock, possibly on
// another host sharing the directory.
package lockfilestale

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"time"
)

type lockContent struct {
	PID        int       `json:"pid"`
	Hostname   string    `json:"hostname"`
	LastUpdate time.Time `json:"lastUpdate"`
}

type Lock struct{ path string }

var errActive = errors.New("lock is active")

func read(path string) (lockContent, error) {
	var c lockContent
	data, err := os.ReadFile(path)
	if err != nil {
		return c, err
	}
	err = json.Unmarshal(data, &c)
	return c, err
}

// Reported: the stale branch takes over a lock whose holder's clock may
// lag this one.
func Acquire(dir string) (*Lock, error) {
	p := filepath.Join(dir, ".job.lock")
	if f, err := os.OpenFile(p, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644); err == nil {
		f.Close()
		return &Lock{path: p}, nil
	}
	c, err := read(p)
	if err != nil {
		return nil, err
	}
	elapsed := time.Since(c.LastUpdate)
	if elapsed < 3*time.Minute { // want `elapsed < 3 \* time.Minute. decides lease expiry by comparing a value decoded from JSON into c with this host's clock \(time.Since\), and its result decides whether Acquire takes the lock over \(WriteFile of the lock record\)`
		return nil, errActive
	}
	data, _ := json.Marshal(lockContent{PID: os.Getpid(), LastUpdate: time.Now()})
	if err := os.WriteFile(p, data, 0o644); err != nil {
		return nil, err
	}
	return &Lock{path: p}, nil
}

// Silent: the same age judged by a function that takes no lock (it
// reports the holder for a status page).
func Describe(dir string) (string, error) {
	c, err := read(filepath.Join(dir, ".job.lock"))
	if err != nil {
		return "", err
	}
	if time.Since(c.LastUpdate) > 3*time.Minute {
		return "stale", nil
	}
	return c.Hostname, nil
}

// Silent: an acquisition verb on something that is no lock (a buffer from
// a pool, judged by its own age in a cache entry).
type entry struct {
	Owner   string    `json:"owner"`
	Updated time.Time `json:"updated"`
}

type Buffer struct{ data []byte }

func Acquire2(path string) (*Buffer, error) {
	var e entry
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(data, &e); err != nil {
		return nil, err
	}
	if time.Since(e.Updated) > time.Hour {
		return nil, errors.New("cache entry too old")
	}
	return &Buffer{data: data}, nil
}

// Reported: the same judgement in a predicate the acquisition acts on.
func stale(c lockContent) bool {
	return time.Since(c.LastUpdate) > 3*time.Minute // want `time.Since\(c.LastUpdate\) > 3 \* time.Minute. decides lease expiry by comparing .* and its result decides whether AcquireStale \(to which stale returns it\) refuses the lock`
}

func AcquireStale(dir string) (*Lock, error) {
	p := filepath.Join(dir, ".job.lock")
	c, err := read(p)
	if err != nil {
		return nil, err
	}
	if !stale(c) {
		return nil, errActive
	}
	return &Lock{path: p}, nil
}

// Silent: a predicate nobody acquires on (a status page).
func oldHolder(c lockContent) bool {
	return time.Since(c.LastUpdate) > time.Hour
}

func Status(dir string) string {
	c, _ := read(filepath.Join(dir, ".job.lock"))
	if oldHolder(c) {
		return "stale"
	}
	return "ok"
}
