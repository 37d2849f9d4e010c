package config

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
)

// A Source gives each package its configuration: the one file a driver
// names (-config, the golangci-lint setting "config") or else the
// fencecheck.json at the package's module root. Each file is read and
// validated once, however many packages it applies to, and the same
// *Config (or error) is returned to all of them. A Source is safe for
// concurrent use.
type Source struct {
	named string // the file a driver names, "" for the module-root lookup
	// vet: the named file came from a go vet flag, read in each package's
	// directory, where a relative path means something else.
	vet bool

	mu    sync.Mutex
	files map[string]*loaded // by path as found or named
}

type loaded struct {
	once sync.Once
	c    *Config
	err  error
}

// NewSource returns a Source that reads the file at named for every
// package, or, if named is "", fencecheck.json at each package's module
// root.
func NewSource(named string) *Source { return &Source{named: named, files: map[string]*loaded{}} }

// VetSource is NewSource for the file named by the go vet tool's
// -fenceengine.config flag: go vet runs the tool in each package's
// directory, so a relative name that does not exist there gets an error
// saying to give an absolute path.
func VetSource(named string) *Source {
	s := NewSource(named)
	s.vet = true
	return s
}

// Loaded returns a Source that gives c to every package: a file a driver
// has read and validated already.
func Loaded(c *Config) *Source {
	s := NewSource(c.path)
	l := &loaded{c: c}
	l.once.Do(func() {})
	s.files[c.path] = l
	return s
}

// Named is the file the driver names, or "". A nil Source names none and
// reads fencecheck.json at each module root, each time it is asked.
func (s *Source) Named() string {
	if s == nil {
		return ""
	}
	return s.named
}

// File returns the configuration file that applies to a package
// directory: the named one, else fencecheck.json at its module root; ""
// when there is none.
func (s *Source) File(dir string) string {
	if s.Named() != "" {
		return s.named
	}
	return Find(dir)
}

// For returns the configuration of the package in dir: an empty Config
// when no file applies.
func (s *Source) For(dir string) (*Config, error) {
	path := s.File(dir)
	if path == "" {
		return &Config{}, nil
	}
	return s.Load(path)
}

// Load reads and validates the file at path once for the Source.
func (s *Source) Load(path string) (*Config, error) {
	if s == nil {
		return Load(path)
	}
	s.mu.Lock()
	l := s.files[path]
	if l == nil {
		l = &loaded{}
		s.files[path] = l
	}
	s.mu.Unlock()
	l.once.Do(func() {
		if s.vet && path == s.named && !filepath.IsAbs(path) {
			if _, err := os.Stat(path); err != nil {
				l.err = &Error{Msg: fmt.Sprintf("-fenceengine.config %s: %v (go vet runs fencecheck in each package's directory: give an absolute path)", path, err), Err: err}
				return
			}
		}
		l.c, l.err = Load(path)
	})
	return l.c, l.err
}
