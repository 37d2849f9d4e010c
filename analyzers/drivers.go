package analyzers

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/fencecheck/fencecheck/analyzers/internal/config"
	"github.com/fencecheck/fencecheck/analyzers/internal/engine"
	"github.com/fencecheck/fencecheck/internal/suite"
)

// The engine side of internal/suite: what fencecheck's drivers need beyond
// the analyzers. It is registered, not exported, so that this package's
// API stays what users of the checks need.
func init() { suite.Register(drivers{}) }

type drivers struct{}

func (drivers) Shared() *suite.Suite {
	return &suite.Suite{Engine: engine.Analyzer, Checks: suite.Of(All)}
}

func (drivers) New(opts suite.Options) (*suite.Suite, error) {
	eopts := engine.Options{Config: opts.Config, Library: opts.Library}
	if opts.Config != "" {
		if _, err := config.Load(opts.Config); err != nil {
			return nil, err
		}
	}
	if opts.Program != nil {
		p, ok := opts.Program.(*engine.Program)
		if !ok {
			return nil, fmt.Errorf("fencecheck: a Program not made by suite.NewProgram: %T", opts.Program)
		}
		eopts.Program = p
	}
	eng, as := newSuite(eopts)
	return &suite.Suite{Engine: eng, Checks: suite.Of(as)}, nil
}

func (drivers) NewProgram() suite.Program { return engine.NewProgram() }

// CheckConfig: a file found above dir in a directory that is no module
// root applies to no package, because the checks read fencecheck.json at
// the root of each package's module and never above it.
func (drivers) CheckConfig(dir string) error {
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

func (drivers) IsConfigError(err error) bool {
	var e *config.Error
	return errors.As(err, &e)
}

// validConfig loads the configuration file that applies to dir (or path,
// if not ""); nil when there is none or it is invalid (CheckConfig and New
// report that).
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

func (drivers) ConfigPackages(dir, path string) map[string]bool {
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

func (drivers) ConfigWarnings(dir, path string, inBuild func(pkgPath string) bool) []suite.ConfigWarning {
	c := validConfig(dir, path)
	if c == nil {
		return nil
	}
	var out []suite.ConfigWarning
	pkgs := c.Packages()
	for _, pkg := range slices.Sorted(maps.Keys(pkgs)) {
		if inBuild(pkg) {
			continue
		}
		key := pkgs[pkg]
		out = append(out, suite.ConfigWarning{Pos: c.Where(key),
			Msg: fmt.Sprintf("%s: package %s is not in the build (no package analysed imports it), so its entries match nothing", key, pkg)})
	}
	return out
}

// MayExportFacts reads a package's files only to look for an annotation
// comment or a method that may mirror a lock's acquisition (SetNX().
func (drivers) MayExportFacts(p suite.Package, configPath string) bool {
	return engine.MayExportFacts(p.Dir, configPath, p.Imports, p.DepFacts, func() bool {
		return mention(p.Files, append(engine.MirrorMarkers(p.Path), engine.AnnotationPrefix)...)
	})
}

// MayReport looks for suppression comments too: the checks could report a
// malformed or unused one. ("nolint" without the slashes: golangci-lint's
// "// nolint:fencecheck" is one too.)
func (drivers) MayReport(p suite.Package, configPath string) bool {
	return engine.MayExportFacts(p.Dir, configPath, p.Imports, p.DepFacts, func() bool {
		return mention(p.Files, append(engine.MirrorMarkers(p.Path), engine.AnnotationPrefix, "//lint:", "nolint")...)
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
