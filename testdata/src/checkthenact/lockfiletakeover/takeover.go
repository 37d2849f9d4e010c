// Package lockfiletakeover claims a lock file by creating it exclusively
// and takes a stale one over by renaming a temporary file onto it, then
// reads it back to see whether its own nonce is there: two contenders can
// both judge it stale and both rename, and each can read its own write
// before the other's lands.
package lockfiletakeover

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"time"
)

type content struct {
	PID        int       `json:"pid"`
	Nonce      string    `json:"nonce"`
	LastUpdate time.Time `json:"lastUpdate"`
}

type Lock struct {
	path string
	c    content
	stop chan struct{}
}

var errActive = errors.New("lock is active")

func Acquire(dir, nonce string, force bool) (*Lock, error) {
	p := filepath.Join(dir, ".sync.lock")
	if force {
		return nil, forceTakeOver(p, nonce)
	}
	f, err := os.OpenFile(p, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	if err == nil {
		c := content{PID: os.Getpid(), Nonce: nonce, LastUpdate: time.Now()}
		json.NewEncoder(f).Encode(c)
		f.Close()
		l := &Lock{path: p, c: c, stop: make(chan struct{})}
		go l.heartbeat()
		return l, nil
	}
	c, err := read(p)
	if err != nil {
		return nil, err
	}
	if time.Since(c.LastUpdate) < 3*time.Minute {
		return nil, errActive
	}
	return takeOver(p, nonce)
}

func takeOver(path, nonce string) (*Lock, error) {
	c := content{PID: os.Getpid(), Nonce: nonce, LastUpdate: time.Now()}
	if err := writeAtomic(path, c); err != nil { // want `takeOver takes the lock file over with a plain write \(through writeAtomic\) after Acquire judged it stale by the clock`
		return nil, err
	}
	back, err := read(path)
	if err != nil || back.Nonce != nonce {
		return nil, errors.New("lost the race")
	}
	return &Lock{path: path, c: c, stop: make(chan struct{})}, nil
}

// Silent: the holder's heartbeat rewrites its own file; it is started
// with go, not called on a stale judgement.
func (l *Lock) heartbeat() {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-l.stop:
			return
		case now := <-t.C:
			l.c.LastUpdate = now
			writeAtomic(l.path, l.c)
		}
	}
}

func writeAtomic(path string, c content) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tmp*")
	if err != nil {
		return err
	}
	if err := json.NewEncoder(tmp).Encode(c); err != nil {
		tmp.Close()
		return err
	}
	tmp.Close()
	return os.Rename(tmp.Name(), path)
}

func read(path string) (content, error) {
	var c content
	data, err := os.ReadFile(path)
	if err != nil {
		return c, err
	}
	err = json.Unmarshal(data, &c)
	return c, err
}

// Silent: a stale takeover done right: renamed aside (only one process
// can), then created exclusively.
func AcquireAside(dir, nonce string) error {
	p := filepath.Join(dir, ".other.lock")
	c, err := read(p)
	if err == nil && time.Since(c.LastUpdate) < 3*time.Minute {
		return errActive
	}
	if err == nil {
		if err := os.Rename(p, p+"."+nonce); err != nil {
			return err
		}
	}
	f, err := os.OpenFile(p, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	return f.Close()
}

// Silent: a state file rewritten after an age check, in no lock.
func Snapshot(dir string) error {
	p := filepath.Join(dir, "state.json")
	if fi, err := os.Stat(p); err == nil && time.Since(fi.ModTime()) < time.Minute {
		return nil
	}
	return os.WriteFile(p, []byte("{}"), 0o644)
}

// Suppressed.
func forceTakeOver(path, nonce string) error {
	//lint:ignore FC2001 an operator runs this by hand after checking that the holder is gone
	return writeAtomic(path, content{Nonce: nonce})
}
