package config

import (
	"fmt"
	"io"
	"io/fs"
	"os"
)

// MaxSize bounds what is read of a configuration: a real file of
// thousands of entries is far below it, and /dev/zero, a huge file or an
// endless pipe is an error at once instead of a run that grows without
// bound.
const MaxSize = 4 << 20

// Stdin is the name that reads the configuration from standard input
// (-config -).
const Stdin = "-"

// ReadFile reads a configuration: a regular file, or a pipe (-config
// <(...)) or standard input, read whole; anything else (a device such as
// /dev/zero, a directory, a socket) is an error, and so is more than
// MaxSize bytes. A symbolic link is followed, and its target must be one
// of those.
func ReadFile(path string) ([]byte, error) {
	f := os.Stdin
	if path != Stdin {
		var err error
		if f, err = os.Open(path); err != nil {
			return nil, err
		}
		defer f.Close()
	}
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	switch m := fi.Mode(); {
	case m.IsRegular():
		if fi.Size() > MaxSize {
			return nil, fmt.Errorf("%s: %d bytes is too large for a configuration (at most %d)", path, fi.Size(), MaxSize)
		}
	case m&fs.ModeNamedPipe != 0, path == Stdin && m&fs.ModeCharDevice == 0:
	default:
		return nil, fmt.Errorf("%s: not a regular file or a pipe (%s), so it is not read as a configuration", path, kindOfMode(m))
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxSize {
		return nil, fmt.Errorf("%s: more than %d bytes, too large for a configuration", path, MaxSize)
	}
	return data, nil
}

func kindOfMode(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "mode " + m.String()
}

// symlinkTarget returns what path is a symbolic link to, or "" when it is
// none.
func symlinkTarget(path string) string {
	if path == Stdin {
		return ""
	}
	fi, err := os.Lstat(path)
	if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		return ""
	}
	t, err := os.Readlink(path)
	if err != nil {
		return "?"
	}
	return t
}
