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
	"github.com/fencecheck/fencecheck/analyzers/internal/leaserec"
	"github.com/fencecheck/fencecheck/analyzers/internal/prefilter"
	"github.com/fencecheck/fencecheck/analyzers/internal/program"
	"github.com/fencecheck/fencecheck/internal/checks"
	"github.com/fencecheck/fencecheck/internal/suite"
)

// The engine side of internal/suite: what fencecheck's drivers need beyond
// the analyzers. It is registered, not exported, so that this package's
// API stays what users of the checks need.
func init() { suite.Register(drivers{}) }

type drivers struct{}

func (drivers) Shared() *suite.Suite {
	return &suite.Suite{Engine: engine.Analyzer, Checks: suite.Of(All), Configs: configs{}}
}

func (drivers) New(opts suite.Options) (*suite.Suite, error) {
	src := config.NewSource("")
	if opts.Config != "" {
		named := config.NewSource(opts.Config)
		if opts.Vet {
			named = config.VetSource(opts.Config)
		}
		c, err := named.Load(opts.Config)
		if err != nil {
			return nil, err
		}
		src = config.Loaded(c)
	}
	eopts := engine.Options{Configs: src, Library: opts.Library, VetFlags: opts.Vet, Fingerprint: opts.Fingerprint}
	if opts.Checks != nil {
		eopts.Checks = []checks.Code{}
		for _, id := range opts.Checks {
			if c, ok := checks.Parse(id); ok {
				eopts.Checks = append(eopts.Checks, c.Code)
			}
		}
	}
	if opts.Program != nil {
		p, ok := opts.Program.(*program.Program)
		if !ok {
			return nil, fmt.Errorf("fencecheck: a Program not made by suite.NewProgram: %T", opts.Program)
		}
		eopts.Program = p
	}
	eng, as := newSuite(eopts)
	if eopts.Program != nil {
		eopts.Program.KnowFacts(append(as, eng))
	}
	return &suite.Suite{Engine: eng, Checks: suite.Of(as), Configs: configs{src}}, nil
}

func (drivers) NewProgram() suite.Program { return program.NewProgram() }

func (drivers) IsConfigError(err error) bool {
	var e *config.Error
	return errors.As(err, &e)
}

func (drivers) ConfigFingerprint(dir, named string) string { return config.Fingerprint(dir, named) }

// configs is a suite's suite.Configs: the Source its engine reads.
type configs struct{ src *config.Source }

// Check: a file found above dir in a directory that is no module root
// applies to no package, because the checks read fencecheck.json at the
// root of each package's module and never above it.
func (cs configs) Check(dir string) error {
	if cs.src.Named() != "" {
		return nil // read and validated by New
	}
	p := config.Find(dir)
	if p == "" {
		return nil
	}
	if _, err := cs.src.Load(p); err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(p), "go.mod")); err != nil {
		return &config.Error{Msg: fmt.Sprintf("%s: not at a module root (no go.mod beside it), so it applies to no package: "+
			"fencecheck reads %s at the root of each package's module; move it there, or name it with -config to apply it to every package", p, config.FileName)}
	}
	return nil
}

// valid returns the configuration that applies to dir; nil when there is
// none or it is invalid (Check and New report that).
func (cs configs) valid(dir string) *config.Config {
	if cs.src.File(dir) == "" {
		return nil
	}
	c, err := cs.src.For(dir)
	if err != nil {
		return nil
	}
	return c
}

func (cs configs) Packages(dir string) map[string]bool {
	c := cs.valid(dir)
	if c == nil {
		return nil
	}
	out := map[string]bool{}
	for pkg := range c.Packages() {
		out[pkg] = true
	}
	return out
}

func (cs configs) Program(dir string, b suite.Build) ([]suite.ConfigWarning, error) {
	c := cs.valid(dir)
	if c == nil {
		return nil, nil
	}
	if root := c.ModuleRoot(dir, ""); root != "" {
		if err := c.CheckPackages(root, b.Loaded, b.Paths); err != nil {
			return nil, err
		}
	}
	var out []suite.ConfigWarning
	pkgs := c.Packages()
	for _, pkg := range slices.Sorted(maps.Keys(pkgs)) {
		if b.Loaded(pkg) {
			continue
		}
		key := pkgs[pkg]
		out = append(out, suite.ConfigWarning{Pos: c.Where(key),
			Msg: fmt.Sprintf("%s: package %s is not in the build (no package analysed imports it), so its entries match nothing", key, pkg)})
	}
	return out, nil
}

// MayExportFacts reads a package's files only to look for an annotation
// comment or a method that may mirror a lock's acquisition (SetNX().
func (cs configs) MayExportFacts(p suite.Package) bool {
	return prefilter.MayExportFacts(p.Dir, cs.src, p.Imports, p.DepFacts, func() bool {
		return mention(p.Files, append(append(prefilter.MirrorMarkers(p.Path), prefilter.DeclaredLockMarkers...), engine.AnnotationPrefix)...)
	})
}

// MayReport looks for suppression comments too: the checks could report a
// malformed or unused one ("nolint" without the slashes: golangci-lint's
// "// nolint:fencecheck" is one too); and for a function named as a lease
// renewal (prefilter.RenewalMarkers), checked for FC5002 alone.
func (cs configs) MayReport(p suite.Package) bool {
	return prefilter.MayExportFacts(p.Dir, cs.src, p.Imports, p.DepFacts, func() bool {
		return mention(p.Files, append(append(append(append(prefilter.MirrorMarkers(p.Path), prefilter.RenewalMarkers...), prefilter.ProtocolMarkers...), prefilter.DeclaredLockMarkers...), engine.AnnotationPrefix, "//lint:", "nolint")...) ||
			leaseRecords(p.Files)
	})
}

// leaseRecords reports whether a file may keep a lease as a record or a
// lock file (leaserec.InSource): the checks judge such a package although
// it imports no lock library. A dependency needs no such look: those checks
// export no facts.
func leaseRecords(files []string) bool {
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil || leaserec.InSource(data) {
			return true
		}
	}
	return false
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
