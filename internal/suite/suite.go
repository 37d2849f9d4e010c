// Package suite is what fencecheck's drivers share: the standalone
// command (cmd/fencecheck, which is also the go vet tool) and the
// golangci-lint plugin (cmd/gclplugin). It answers which checks a list
// selects (-checks, the plugin's checks setting) and which a suppression
// comment names, and it is the drivers' only way into the engine for what
// is not an analyzer: the configuration file, the standalone command's
// prefilter, and the whole-program knowledge of a standalone run.
//
// The engine lives under analyzers/internal, which the commands cannot
// import, and package analyzers exports only what users of the checks
// need (All, Catalog, SuiteName, WithConfig). So package analyzers
// provides the engine side of this package when it is initialised
// (Register); a driver imports both. Nothing here changes after
// initialisation: what varies per run (the configuration file, the
// Program) is passed in Options to New, which returns analyzers of the
// run's own.
package suite

import (
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/fencecheck/fencecheck/internal/checks"
)

// A Check is one analyzer of a suite under its public code.
type Check struct {
	// ID is the check's public code ("FC1001"). An analyzer outside the
	// catalog (a driver's test double) is known by whatever ID the driver
	// gives it; Of uses its name.
	ID       string
	Analyzer *analysis.Analyzer
}

// Of pairs analyzers with their codes, looked up in the catalog by
// analyzer name (a stable identifier, like the code); an analyzer missing
// from the catalog is known by its name. The order is the analyzers'.
func Of(as []*analysis.Analyzer) []Check {
	out := make([]Check, len(as))
	for i, a := range as {
		out[i] = Check{ID: a.Name, Analyzer: a}
		if c, ok := checks.Parse(a.Name); ok && c.Name == a.Name {
			out[i].ID = c.Code.String()
		}
	}
	return out
}

// Analyzers returns the analyzers of cs.
func Analyzers(cs []Check) []*analysis.Analyzer {
	out := make([]*analysis.Analyzer, len(cs))
	for i, c := range cs {
		out[i] = c.Analyzer
	}
	return out
}

// Options configure a suite of analyzers made for one driver, or one run.
type Options struct {
	// Config is the configuration file to read instead of fencecheck.json
	// at each package's module root; "" for that lookup. New reads and
	// validates it, and the engine is given what New read.
	Config string
	// Vet makes the suite go vet's: its engine declares the flags go vet
	// passes to it (-fenceengine.config, -fenceengine.library), which the
	// driver has parsed into these options already, and a relative Config
	// that does not exist is an error saying that go vet runs the tool in
	// each package's directory.
	Vet bool

	// Program, if not nil, is the whole program a standalone run analyses
	// (NewProgram): interface calls are resolved against implementations
	// in packages their caller does not import. Only a driver that
	// analyses the whole program in one process can fill it; go vet,
	// golangci-lint and nogo analyse one package at a time.
	Program Program

	// Library turns library mode on: the checks also report inside the
	// lock libraries fencecheck knows, for their authors (the standalone
	// command's -library, the plugin's library setting, the configuration
	// key "library"). Off by default.
	Library bool
	// Checks are the codes of the checks the driver reports ("FC1001");
	// nil for all. The engine decides which finding stands for a problem
	// among these only, so that a check switched off never hides
	// another's finding.
	Checks []string
	// Fingerprint, if not "", is put in the engine's name
	// ("fenceengine_<fingerprint>"), for drivers whose caches key results
	// by analyzer names and do not know the configuration files
	// (golangci-lint): a ConfigFingerprint.
	Fingerprint string
}

// A Suite is every check on one engine.
type Suite struct {
	// Engine is the analysis all checks require. It reports nothing; a
	// driver that exposes analyzer flags (go vet) lists it so that its
	// -config flag can be set.
	Engine *analysis.Analyzer
	// Checks are the checks, in code order.
	Checks []Check
	// Configs are the configuration files the engine reads, each read once.
	Configs Configs
}

// Shared returns the suite of package analyzers' shared analyzers
// (analyzers.All), configured by the engine's flags: the one go vet runs.
func Shared() *Suite { return engine().Shared() }

// New returns a suite of its own: every check, in code order, on an engine
// of its own configured by opts. The configuration file, if any, is
// validated first. The shared analyzers are not touched.
func New(opts Options) (*Suite, error) { return engine().New(opts) }

// Bind returns the analyzers of cs with each check of the shared suite
// replaced by s's check of the same code, so that a selection made from
// the shared suite runs on s's engine; other analyzers are kept.
func (s *Suite) Bind(cs []Check) []*analysis.Analyzer {
	shared := map[*analysis.Analyzer]bool{}
	for _, c := range Shared().Checks {
		shared[c.Analyzer] = true
	}
	own := map[string]*analysis.Analyzer{}
	for _, c := range s.Checks {
		own[c.ID] = c.Analyzer
	}
	out := make([]*analysis.Analyzer, len(cs))
	for i, c := range cs {
		out[i] = c.Analyzer
		if a := own[c.ID]; a != nil && shared[c.Analyzer] {
			out[i] = a
		}
	}
	return out
}

// Program is what one standalone run knows about the whole program it
// analyses, shared between its passes. A first pass over the program
// records the implementations of interface methods and the packages whose
// sections call an interface that only an implementation elsewhere
// answers (Wanted); after Resolve, further passes over those packages
// resolve their interface calls against the whole program, for as long as
// a pass finds answers a package did not have.
type Program interface {
	// Wanted returns the import paths of the packages to analyse again,
	// each with the answers their interface calls would get: a package
	// whose answers did not change since it was last analysed need not be
	// analysed again.
	Wanted() map[string]string
	// Resolve switches the program to its second pass.
	Resolve()

	// For a run that caches each package's results (the standalone
	// command's cache): Track makes the Program log what each package's
	// analysis adds to it; Summarize returns that for one package (its
	// types.Package; the log is dropped), and Restore adds it back in a
	// later run that takes the package from the cache. Digest is a hash of
	// the Program's content, which the second pass's results depend on.
	Track()
	Summarize(pkg *types.Package) []byte
	Restore(data []byte) error
	Digest() string
}

// NewProgram returns an empty Program, for Options.Program.
func NewProgram() Program { return engine().NewProgram() }
