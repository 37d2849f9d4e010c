package lockfile

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// A lock file claimed by reading it: absent (the read's error says so)
// means free, and a helper of the package creates it with a plain write.
func lockByRead(name string, ttl time.Duration) error {
	path := filepath.Join(os.TempDir(), name+".lock")
	c, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return writeExpiry(path, ttl) // want `writeExpiry creates the lock file on what the existence check at readclaim.go:15 found`
	}
	if err != nil {
		return err
	}
	exp, err := strconv.ParseInt(string(c), 10, 64)
	if err != nil {
		return err
	}
	if time.Unix(0, exp).After(time.Now()) {
		return fmt.Errorf("lock %q taken", name)
	}
	return writeExpiry(path, ttl)
}

func writeExpiry(path string, ttl time.Duration) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = f.WriteString(strconv.FormatInt(time.Now().Add(ttl).UnixNano(), 10))
	return err
}

// Silent: the holder reads its own file to rewrite it (a renewal); the
// write runs where the file was there, not where it was absent.
func renewByRead(name string, ttl time.Duration) error {
	path := filepath.Join(os.TempDir(), name+".lock")
	if _, err := os.ReadFile(path); err != nil {
		if !os.IsNotExist(err) {
			return err
		}
		time.Sleep(time.Millisecond)
		if _, err := os.ReadFile(path); err != nil {
			return err
		}
	}
	return writeExpiry(path, ttl)
}

// Suppressed.
func lockByReadSuppressed(name string, ttl time.Duration) error {
	path := filepath.Join(os.TempDir(), name+".lock")
	if _, err := os.ReadFile(path); os.IsNotExist(err) {
		//lint:ignore FC2001 a single-user tool: one run at a time by construction
		return writeExpiry(path, ttl)
	}
	return nil
}
