package main

import (
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"golang.org/x/tools/go/packages"

	"github.com/fencecheck/fencecheck/cmd/fencecheck/internal/cache"
	"github.com/fencecheck/fencecheck/internal/suite"
)

// cacheEnv names the cache directory, or turns the cache off ("off").
const cacheEnv = "FENCECHECK_CACHE"

// openCache returns the cache the run uses; nil when it is off (-cache=off,
// FENCECHECK_CACHE=off) or cannot be used (no user cache directory, a
// directory that cannot be created), in which case the run analyses every
// package, as without a cache. The -cache flag wins over the environment.
func (c *command) openCache(flag string) *cache.Cache {
	dir := flag
	if dir == "" {
		dir = os.Getenv(cacheEnv)
	}
	switch dir {
	case "off":
		return nil
	case "":
		base, err := os.UserCacheDir()
		if err != nil {
			return nil
		}
		dir = filepath.Join(base, "fencecheck")
	default:
		dir = c.path(dir)
	}
	ca, err := cache.Open(dir)
	if err != nil {
		return nil
	}
	return ca
}

// cacheKey is what decides every package's results besides the packages
// themselves: the binary (so that a new fencecheck never reads an old
// one's results), the flags that change the analysis, the environment
// that changes what go list reports and the configuration that applies to
// the working directory (each package's own is in packageKey). "" when
// the binary cannot be read: then nothing is cached.
func (c *command) cacheKey(o options, ids []string) string {
	id := c.binaryID
	if id == nil {
		id = executableHash
	}
	bin, err := id()
	if err != nil {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "binary %s\n", bin)
	fmt.Fprintf(&b, "checks %q\nlibrary %v\ntests %v\ntags %q\nconfig %q %s\n", ids, o.library, o.tests, o.tags, o.config, suite.ConfigFingerprint(c.wd, c.configPath(o.config)))
	for _, v := range []string{"GOOS", "GOARCH", "GOFLAGS", "CGO_ENABLED", "GOEXPERIMENT", "GOWORK", "GO111MODULE"} {
		fmt.Fprintf(&b, "env %s=%q\n", v, os.Getenv(v))
	}
	return b.String()
}

// configPath is -config's file as the engine reads it.
func (c *command) configPath(name string) string {
	if name == "" {
		return ""
	}
	return c.path(name)
}

// packageKeys returns the Config.PackageKey of a run: the fingerprint of
// the configuration file that applies to the package's directory (a
// dependency's module may have one of its own), one look-up per directory.
func packageKeys(named string) func(p *packages.Package) string {
	var mu sync.Mutex
	byDir := map[string]string{}
	return func(p *packages.Package) string {
		dir := p.Dir
		if dir == "" && len(p.GoFiles) > 0 {
			dir = filepath.Dir(p.GoFiles[0])
		}
		if dir == "" {
			return ""
		}
		mu.Lock()
		defer mu.Unlock()
		k, ok := byDir[dir]
		if !ok {
			k = suite.ConfigFingerprint(dir, named)
			byDir[dir] = k
		}
		return k
	}
}

// executableHash is the SHA-256 hash of the running binary.
func executableHash() (string, error) {
	name, err := os.Executable()
	if err != nil {
		return "", err
	}
	f, err := os.Open(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return fmt.Sprintf("%x", h.Sum(nil)), nil
}
