package suppressed

import (
	"encoding/json"
	"errors"
	"os"
	"time"
)

type fileLockContent struct {
	PID        int       `json:"pid"`
	Hostname   string    `json:"hostname"`
	LastUpdate time.Time `json:"lastUpdate"`
}

type FileLock struct{ path string }

// Acquire judges the holder's heartbeat by the local clock; the record
// names its host, but the operator keeps the lock directory on a local
// disk, so the holder's clock is this host's.
func Acquire(path string) (*FileLock, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var c fileLockContent
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, err
	}
	//lint:ignore FC4001 the lock directory is local: one host, one clock
	if time.Since(c.LastUpdate) < 3*time.Minute {
		return nil, errors.New("lock is active")
	}
	return &FileLock{path: path}, nil
}
