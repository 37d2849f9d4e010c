// Package lockfile claims lock files: by an existence check followed by a
// plain write (racy), and by an exclusive create (safe).
package lockfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
)

var errBusy = errors.New("another run holds the lock")

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

type runner struct {
	dir      string
	lockFile string
}

// Racy: two runs both find the file absent and both write it.
func (r *runner) claimByHelper() error {
	r.lockFile = filepath.Join(r.dir, "job.lck")
	if fileExists(r.lockFile) {
		return errBusy
	}
	return os.WriteFile(r.lockFile, []byte(strconv.Itoa(os.Getpid())), 0o600) // want `WriteFile creates the lock file on what the existence check at lockfile.go:28 found`
}

// Racy, with os.Stat and a constant path.
func claimByStat() error {
	if _, err := os.Stat("/run/worker.lock"); err == nil {
		return errBusy
	}
	f, err := os.Create("/run/worker.lock") // want `Create creates the lock file`
	if err != nil {
		return err
	}
	return f.Close()
}

// Racy, with errors.Is(err, fs.ErrNotExist) and OpenFile without O_EXCL.
func claimByOpen(lockPath string) error {
	_, err := os.Stat(lockPath)
	if !errors.Is(err, fs.ErrNotExist) {
		return errBusy
	}
	f, err := os.OpenFile(lockPath, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o600) // want `OpenFile creates the lock file`
	if err != nil {
		return err
	}
	return f.Close()
}

// Safe: the exclusive create is the claim; the check only saves a syscall.
func claimExclusive(lockPath string) error {
	if fileExists(lockPath) {
		return errBusy
	}
	f, err := os.OpenFile(lockPath, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return errBusy
	}
	return f.Close()
}

// Safe: a directory is created only by one caller.
func claimDir(lockDir string) error {
	if fileExists(lockDir) {
		return errBusy
	}
	return os.Mkdir(lockDir, 0o700)
}

// Renewal: the file is rewritten only where it exists (the holder's own).
func (r *runner) renew() {
	if r.lockFile != "" && fileExists(r.lockFile) {
		_ = os.WriteFile(r.lockFile, []byte("renewed"), 0o600)
	}
}

// A cache file is no lock: the same shape is a fill.
func fillCache(cachePath string, data []byte) ([]byte, error) {
	if fileExists(cachePath) {
		return os.ReadFile(cachePath)
	}
	return data, os.WriteFile(cachePath, data, 0o600)
}

// No work is gated: the file is written whether or not it existed.
func touchMarker(lockPath string) {
	exists := fileExists(lockPath)
	_ = exists
	_ = os.WriteFile(lockPath, nil, 0o600)
}

// Suppressed.
func claimSuppressed(lockPath string) error {
	if fileExists(lockPath) {
		return errBusy
	}
	//lint:ignore FC2001 single-user tool, runs are serialised by the scheduler
	return os.WriteFile(lockPath, nil, 0o600)
}
