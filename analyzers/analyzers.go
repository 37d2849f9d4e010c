// Package analyzers lists fencecheck's checks. Each check is its own package
// with an exported Analyzer (for nogo and custom drivers); this package is the
// one list the command, the go vet tool and the golangci-lint plugin share.
package analyzers

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/fencecheck/fencecheck/analyzers/checkthenact"
	"github.com/fencecheck/fencecheck/analyzers/ignoredleaseloss"
	"github.com/fencecheck/fencecheck/analyzers/internal/checker"
	"github.com/fencecheck/fencecheck/analyzers/internal/config"
	"github.com/fencecheck/fencecheck/analyzers/internal/engine"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/randomfence"
	"github.com/fencecheck/fencecheck/analyzers/splitfencecheck"
	"github.com/fencecheck/fencecheck/analyzers/suppression"
	"github.com/fencecheck/fencecheck/analyzers/uncheckedfence"
	"github.com/fencecheck/fencecheck/analyzers/unfenceableeffect"
	"github.com/fencecheck/fencecheck/analyzers/unfencedwrite"
	"github.com/fencecheck/fencecheck/analyzers/unsaferelease"
	"github.com/fencecheck/fencecheck/analyzers/volatilefence"
	"github.com/fencecheck/fencecheck/analyzers/wallclockttl"
	"golang.org/x/tools/go/analysis"
)

// All is every fencecheck check, in code order.
var All = []*analysis.Analyzer{
	suppression.Analyzer,
	unfencedwrite.Analyzer,
	uncheckedfence.Analyzer,
	unfenceableeffect.Analyzer,
	checkthenact.Analyzer,
	splitfencecheck.Analyzer,
	randomfence.Analyzer,
	volatilefence.Analyzer,
	wallclockttl.Analyzer,
	unsaferelease.Analyzer,
	ignoredleaseloss.Analyzer,
}

// Check is a check's stable public identity: its code and analyzer name.
type Check = model.Check

// Catalog lists every check's code and analyzer name, in code order.
var Catalog = model.Catalog

// SuiteName stands for all checks at once (//nolint:fencecheck, the
// golangci-lint plugin name).
const SuiteName = model.SuiteName

// CheckByCode returns the check with the given code.
func CheckByCode(code string) (Check, bool) { return model.CheckByCode(code) }

// Engine is the shared analysis all checks require. Drivers that expose
// analyzer flags (go vet through unitchecker) list it so its flags, such as
// -fenceengine.config, can be set; it reports nothing itself.
var Engine = engine.Analyzer

// WithConfig returns a suite of its own (every check, in code order, on an
// engine of its own) that reads the configuration file at path instead of
// fencecheck.json at each module root; the file is validated first. It is
// for drivers that configure analyzers per instance, such as the
// golangci-lint plugin; the shared analyzers in All are not touched.
func WithConfig(path string) ([]*analysis.Analyzer, error) {
	return WithOptions(path, false)
}

// WithOptions is WithConfig with library mode (see SetLibrary); path may
// be "" (fencecheck.json at each module root).
func WithOptions(path string, library bool) ([]*analysis.Analyzer, error) {
	if path != "" {
		if _, err := config.Load(path); err != nil {
			return nil, err
		}
	}
	eng := engine.NewAnalyzer(path, library)
	var out []*analysis.Analyzer
	for _, c := range model.Catalog {
		out = append(out, checker.NewFor(c.Code, eng))
	}
	return out, nil
}

// SetConfig validates the configuration file at path and makes the engine
// read it instead of looking for fencecheck.json at each module root.
func SetConfig(path string) error {
	if _, err := config.Load(path); err != nil {
		return err
	}
	return engine.Analyzer.Flags.Set("config", path)
}

// SetLibrary turns library mode on or off for the shared engine: fencecheck
// then also reports inside the lock libraries of its knowledge base, for
// their authors (a release that deletes the lock without checking its
// holder, FC5001; Redlock-style validity arithmetic, FC4001). The
// configuration key "library" turns it on too. Off by default.
func SetLibrary(on bool) error {
	return engine.Analyzer.Flags.Set("library", strconv.FormatBool(on))
}

// CheckConfig validates the fencecheck.json that applies to dir, if any, so
// that a driver can report a malformed file once instead of per package.
//
// A file found above dir in a directory that is no module root (the root
// of a go.work workspace, say) is an error too: the checks read
// fencecheck.json at the root of each package's module and never above it,
// so that file would apply to no package.
func CheckConfig(dir string) error {
	p := config.Find(dir)
	if p == "" {
		return nil
	}
	if _, err := config.Load(p); err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(p), "go.mod")); err != nil {
		return &config.Error{Msg: fmt.Sprintf("%s: not at a module root (no go.mod beside it), so it applies to no package: "+
			"fencecheck reads %s at the root of each package's module; move it there, or name it with -config to apply it to every package", p, config.FileName)}
	}
	return nil
}

// IsConfigError reports whether err, an analysis failure, is a problem of
// the configuration file that only the program shows (a name that matches
// nothing, an index the function does not have). Every package that finds
// it fails with the same error, so a driver may report it once.
func IsConfigError(err error) bool {
	var e *config.Error
	return errors.As(err, &e)
}

// A ConfigWarning is an entry of the configuration that cannot matter to
// the packages analysed.
type ConfigWarning struct {
	Pos string // path:line:col in the configuration file
	Msg string
}

// validConfig loads the configuration file that applies to dir (or path,
// if not ""); nil when there is none or it is invalid (CheckConfig and
// SetConfig report that).
func validConfig(dir, path string) *config.Config {
	if path == "" {
		path = config.Find(dir)
	}
	if path == "" {
		return nil
	}
	c, err := config.Load(path)
	if err != nil {
		return nil
	}
	return c
}

// ConfigPackages returns the import paths of the packages the names of the
// configuration file that applies to dir (or of path, if not "") belong
// to. A driver analyses those packages even when nothing else would make
// it, so that the engine resolves the names against them; nil when there
// is no valid file.
func ConfigPackages(dir, path string) map[string]bool {
	c := validConfig(dir, path)
	if c == nil {
		return nil
	}
	out := map[string]bool{}
	for pkg := range c.Packages() {
		out[pkg] = true
	}
	return out
}

// ConfigWarnings lists the entries of the configuration file that applies
// to dir (or of path, if not "") whose package is not in the build, as
// told by inBuild: they match nothing. An invalid file has no warnings;
// CheckConfig and SetConfig report it.
func ConfigWarnings(dir, path string, inBuild func(pkgPath string) bool) []ConfigWarning {
	c := validConfig(dir, path)
	if c == nil {
		return nil
	}
	var out []ConfigWarning
	pkgs := c.Packages()
	for _, pkg := range slices.Sorted(maps.Keys(pkgs)) {
		if inBuild(pkg) {
			continue
		}
		key := pkgs[pkg]
		out = append(out, ConfigWarning{Pos: c.Where(key),
			Msg: fmt.Sprintf("%s: package %s is not in the build (no package analysed imports it), so its entries match nothing", key, pkg)})
	}
	return out
}

// MayExportFacts reports whether a dependency that a driver analyses only
// for its facts could export any, judged before parsing it: from its
// directory (for fencecheck.json), its import paths, whether one of its own
// dependencies exported facts, and its Go files (read only to look for an
// annotation comment). When it returns false the package can be skipped:
// the engine would find nothing in it worth telling an importer.
func MayExportFacts(dir string, imports []string, depFacts bool, files []string) bool {
	return engine.MayExportFacts(dir, imports, depFacts, func() bool {
		return mention(files, engine.AnnotationPrefix)
	})
}

// MayReport is MayExportFacts for a package whose findings are wanted:
// the checks could also report a malformed or unused suppression comment,
// so the files are looked at for those too. When it returns false, none
// of fencecheck's checks would report anything in the package.
func MayReport(dir string, imports []string, depFacts bool, files []string) bool {
	return engine.MayExportFacts(dir, imports, depFacts, func() bool {
		return mention(files, engine.AnnotationPrefix, "//lint:", "//nolint")
	})
}

// mention reports whether a file contains one of the markers, or cannot be
// read (the type checker will say why).
func mention(files []string, markers ...string) bool {
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			return true
		}
		for _, m := range markers {
			if bytes.Contains(data, []byte(m)) {
				return true
			}
		}
	}
	return false
}

// Program is what a driver that analyses a whole program in one process
// (the standalone command) may let the checks know about it: the concrete
// methods of every package, so that an interface call is resolved against
// implementations in packages its caller does not import.
type Program = engine.Program

// NewProgram returns an empty Program.
func NewProgram() *Program { return engine.NewProgram() }

// SetProgram installs p for the analyses that follow; nil removes it. A
// first run over the program records the implementations and the packages
// that need them (p.Wanted); after p.Resolve, a second run over those
// packages resolves their interface calls against the whole program.
func SetProgram(p *Program) { engine.SetProgram(p) }
