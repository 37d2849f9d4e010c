//go:build unix

package config

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Only regular files and pipes are read, whole and bounded: a device
// (/dev/zero, directly or through a link) is an error at once, and so is
// a file or a pipe larger than MaxSize.
func TestReadBounded(t *testing.T) {
	dir := t.TempDir()
	zero := filepath.Join(dir, "fencecheck.json")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	huge := filepath.Join(dir, "huge.json")
	if err := os.WriteFile(huge, []byte(`{"fences": ["`+strings.Repeat("a", MaxSize)+`"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{
		"/dev/zero": "/dev/zero: not a regular file or a pipe (a character device)",
		zero:        zero + ": not a regular file or a pipe (a character device)",
		dir:         dir + ": not a regular file or a pipe (a directory)",
		huge:        "too large for a configuration",
	} {
		start := time.Now()
		_, err := Load(path)
		var ce *Error
		if err == nil || !errors.As(err, &ce) || !strings.Contains(err.Error(), want) {
			t.Errorf("Load(%s) = %v, want an error with %q", path, err, want)
		}
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("Load(%s) took %v", path, d)
		}
	}
}

// A pipe (-config <(...)) is read whole, however the writer splits it,
// and is not "empty".
func TestReadPipe(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("mkfifo:", err)
	}
	go func() {
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		defer f.Close()
		f.Write([]byte(`{"fences": [`))
		time.Sleep(50 * time.Millisecond)
		f.Write([]byte(`"example.com/l.Lease.Epoch"]}`))
	}()
	c, err := Load(fifo)
	if err != nil || len(c.Fences) != 1 {
		t.Fatalf("Load(fifo) = %+v, %v", c, err)
	}
}

// A link to a file that is no configuration says where the text is wrong,
// never what the text is.
func TestSymlinkContentNotShown(t *testing.T) {
	dir := t.TempDir()
	secret := filepath.Join(dir, "credentials")
	for _, text := range []string{"hunter2 is the password\n", `{"password": "hunter2"}`, `{"fences": ["hunter2"]}`} {
		if err := os.WriteFile(secret, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		link := filepath.Join(dir, "fencecheck.json")
		os.Remove(link)
		if err := os.Symlink(secret, link); err != nil {
			t.Fatal(err)
		}
		_, err := Load(link)
		if err == nil || strings.Contains(err.Error(), "hunter") || strings.Contains(err.Error(), "password") || strings.Contains(err.Error(), "'h'") ||
			!strings.Contains(err.Error(), link+":1:") || !strings.Contains(err.Error(), "is a symbolic link to "+secret) {
			t.Errorf("%q through a link: %v", text, err)
		}
	}
}
