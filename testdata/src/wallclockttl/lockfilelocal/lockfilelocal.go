// Package lockfilelocal keeps a lock file in this machine's temporary
// directory: the heartbeat and the expiry in it were written by processes
// of this machine, with its clock, so judging them by this clock compares
// one clock with itself (FC4001 stays silent). A record that names the
// host that wrote it is shared between machines, and stays reported
// (package lockfilestale).
package lockfilelocal

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

type state struct {
	PID       int       `json:"pid"`
	UpdatedAt time.Time `json:"updatedAt"`
}

var errHeld = errors.New("held")

// Silent: a heartbeat decoded from a local lock file.
func Stale(name string) (bool, error) {
	data, err := os.ReadFile(filepath.Join(os.TempDir(), name+".lock"))
	if err != nil {
		return false, err
	}
	var s state
	if err := json.Unmarshal(data, &s); err != nil {
		return false, err
	}
	return time.Since(s.UpdatedAt) > 10*time.Minute, nil
}

// Silent: an expiry parsed from a local lock file.
func Lock(name string, ttl time.Duration) error {
	path := filepath.Join(os.TempDir(), name+".lock")
	c, err := os.ReadFile(path)
	if err == nil {
		exp, err := strconv.ParseInt(string(c), 10, 64)
		if err != nil {
			return err
		}
		if time.Unix(0, exp).After(time.Now()) {
			return errHeld
		}
	}
	return os.WriteFile(path, []byte(strconv.FormatInt(time.Now().Add(ttl).UnixNano(), 10)), 0o600)
}
