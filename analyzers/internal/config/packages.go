package config

import (
	"fmt"
	"github.com/fencecheck/fencecheck/internal/suggest"
	"go/build"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/mod/modfile"
)

// CheckPackages returns an error for the first entry, in file order,
// whose package no build of the module at modRoot can have: the entry
// matches nothing, which is a typo far more often than an intent. A
// package path can be in a build when it is
//
//   - loaded (loaded reports the packages the driver has: the whole build
//     for the standalone command, a package and its dependencies under
//     go vet and golangci-lint);
//   - in the standard library (a directory of GOROOT/src);
//   - in the main module, and its directory there exists;
//   - in a module the main module's go.mod requires or replaces, or a
//     module of its go.work workspace: those are not looked into.
//
// Anything else cannot be imported by any package of the build. The error
// names the entry's file:line:col and suggests the nearest package path
// among candidates and the main module's packages. modRoot "" (GOPATH
// mode) checks nothing.
func (c *Config) CheckPackages(modRoot string, loaded func(string) bool, candidates []string) error {
	if modRoot == "" || len(c.pkgs) == 0 {
		return nil
	}
	mods := modulePaths(modRoot)
	if len(mods) == 0 {
		return nil // no readable go.mod: nothing is known
	}
	var bad []string
	for pkg := range c.pkgs {
		if !loaded(pkg) && !possible(pkg, modRoot, mods) {
			bad = append(bad, pkg)
		}
	}
	if len(bad) == 0 {
		return nil
	}
	slices.SortFunc(bad, func(a, b string) int { return int(c.offset(c.pkgs[a]) - c.offset(c.pkgs[b])) })
	pkg := bad[0]
	msg := fmt.Sprintf("package %s is in no module of this build (not the standard library, not in module %s nor in a module its go.mod requires), so nothing can import it and the entry matches nothing", pkg, mods[0])
	if s := nearest(pkg, append(slices.Clone(candidates), modulePackages(modRoot, mods[0])...)); s != "" {
		msg += fmt.Sprintf("; did you mean %s?", s)
	}
	return c.Errorf(c.pkgs[pkg], "%s", msg)
}

// possible reports whether a package of that path can be in a build of
// the module at modRoot, whose module paths (its own first) are mods.
func possible(pkg, modRoot string, mods []string) bool {
	first, _, _ := strings.Cut(pkg, "/")
	if !strings.Contains(first, ".") && isDir(filepath.Join(build.Default.GOROOT, "src", filepath.FromSlash(pkg))) {
		return true
	}
	main := mods[0]
	for _, m := range mods[1:] {
		if under(pkg, m) && (!under(m, main) || len(m) > len(main)) {
			return true // a required module's package: not looked into
		}
	}
	if under(pkg, main) {
		rel := strings.TrimPrefix(strings.TrimPrefix(pkg, main), "/")
		return isDir(filepath.Join(modRoot, filepath.FromSlash(rel)))
	}
	return false
}

func under(pkg, mod string) bool {
	return pkg == mod || strings.HasPrefix(pkg, mod+"/")
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// modulePaths returns the path of the module at root, then the paths of
// the modules its go.mod requires or replaces and of the modules of its
// go.work workspace; nil when its go.mod cannot be read.
func modulePaths(root string) []string {
	main, other := readModFile(root)
	if main == "" {
		return nil
	}
	out := append([]string{main}, other...)
	for _, dir := range workspaceModules(root) {
		if m, o := readModFile(dir); m != "" {
			out = append(out, m)
			out = append(out, o...)
		}
	}
	return out
}

func readModFile(dir string) (string, []string) {
	p := filepath.Join(dir, "go.mod")
	data, err := ReadFile(p)
	if err != nil {
		return "", nil
	}
	f, err := modfile.ParseLax(p, data, nil)
	if err != nil || f.Module == nil {
		return "", nil
	}
	var other []string
	for _, r := range f.Require {
		other = append(other, r.Mod.Path)
	}
	for _, r := range f.Replace {
		other = append(other, r.Old.Path)
	}
	return f.Module.Mod.Path, other
}

// modulePackages lists the import paths of the directories of the module
// at root that hold Go files, for suggestions (at most 10,000 of them).
func modulePackages(root, mod string) []string {
	var out []string
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || len(out) >= 10000 {
			return filepath.SkipDir
		}
		if !d.IsDir() {
			return nil
		}
		name := d.Name()
		if p != root && (name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || exists(filepath.Join(p, "go.mod"))) {
			return filepath.SkipDir
		}
		if matches, _ := filepath.Glob(filepath.Join(p, "*.go")); len(matches) > 0 {
			rel, _ := filepath.Rel(root, p)
			out = append(out, strings.TrimSuffix(mod+"/"+filepath.ToSlash(rel), "/."))
		}
		return nil
	})
	return out
}

// nearest returns the candidate closest to s by edit distance, if it is
// close enough to be a likely typo; "" otherwise.
func nearest(s string, candidates []string) string {
	best, bestD := "", -1
	for _, c := range candidates {
		if c == s {
			continue
		}
		if d := suggest.Distance(s, c); bestD < 0 || d < bestD || d == bestD && c < best {
			best, bestD = c, d
		}
	}
	if bestD < 0 || bestD > max(2, len(s)/4) {
		return ""
	}
	return best
}

// Nearest is nearest for the engine's suggestions of a function, method
// or field name.
func Nearest(s string, candidates []string) string { return nearest(s, candidates) }

// ModuleRoot returns the directory of the main module a package directory
// belongs to, for CheckPackages: the file's own directory when it was
// found at a module root, else the nearest directory above dir with a
// go.mod; "" for packages of the standard library, the module cache or a
// vendor directory, which are not the user's module, and in GOPATH mode:
// when pkgPath (the package's import path, if known) is not in the module
// found.
func (c *Config) ModuleRoot(dir, pkgPath string) string {
	root := c.moduleRoot(dir)
	if root != "" && pkgPath != "" {
		if mod, _ := readModFile(root); mod == "" || !under(pkgPath, mod) {
			return ""
		}
	}
	return root
}

func (c *Config) moduleRoot(dir string) string {
	if c.path != "" && exists(filepath.Join(filepath.Dir(c.path), "go.mod")) && Find(dir) == c.path {
		return filepath.Dir(c.path)
	}
	for _, other := range []string{build.Default.GOROOT, modCache()} {
		if other != "" && under(filepath.ToSlash(dir), filepath.ToSlash(other)) {
			return ""
		}
	}
	if strings.Contains(filepath.ToSlash(dir)+"/", "/vendor/") {
		return ""
	}
	for d := dir; ; {
		if exists(filepath.Join(d, "go.mod")) {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return ""
		}
		d = parent
	}
}

func modCache() string {
	if m := os.Getenv("GOMODCACHE"); m != "" {
		return m
	}
	if list := filepath.SplitList(build.Default.GOPATH); len(list) > 0 {
		return filepath.Join(list[0], "pkg", "mod")
	}
	return ""
}
