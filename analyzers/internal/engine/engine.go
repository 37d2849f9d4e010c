// Package engine is fencecheck's analysis core. Once per package it finds
// lock acquisitions, computes their critical sections over SSA, follows the
// fencing token through the code, classifies every effect inside a section
// and has the fence checks (package fences) judge it; then it runs the
// checks that look at the whole package (unitChecks: packages lifecycle,
// tokenquality and wallclock). Both kinds of check see the package through
// package unit. The check analyzers only select the findings of their
// code.
package engine

import (
	"reflect"

	"github.com/fencecheck/fencecheck/analyzers/internal/config"
	"github.com/fencecheck/fencecheck/analyzers/internal/fact"
	"github.com/fencecheck/fencecheck/analyzers/internal/program"
	"github.com/fencecheck/fencecheck/internal/checks"

	"honnef.co/go/tools/analysis/facts/generated"

	"github.com/fencecheck/fencecheck/analyzers/internal/leaseclaim"
	"github.com/fencecheck/fencecheck/analyzers/internal/lifecycle"
	"github.com/fencecheck/fencecheck/analyzers/internal/wallclock"
	"golang.org/x/tools/go/analysis"
)

// Analyzer is the engine. It reports nothing itself; its Result is consumed
// by the check analyzers. Its -config flag names the configuration file.
var Analyzer = func() *analysis.Analyzer {
	// Each pass gets a Source of its own: nothing is kept between passes,
	// and go vet analyses one package per process anyway.
	a := newAnalyzer(func() Options { return Options{Configs: config.VetSource(configFlag), Library: libraryFlag} })
	a.Flags.StringVar(&configFlag, "config", "", "fencecheck configuration file (default: fencecheck.json at the module root)")
	a.Flags.BoolVar(&libraryFlag, "library", false, "library mode: also report inside the lock libraries fencecheck knows, for their authors")
	return a
}()

// Options configure an engine of its own (New).
type Options struct {
	// Configs gives each package its configuration, each file read and
	// validated once for all the packages it applies to; nil for
	// fencecheck.json at each module root, read for each package.
	Configs *config.Source
	// Program, if not nil, is the whole program of a standalone run: an
	// interface call is resolved against implementations in packages its
	// caller does not import (dispatch.go, package program). nil for
	// drivers that analyse one package at a time.
	Program *program.Program
	// Library turns library mode on: the checks also report inside the
	// lock libraries of the knowledge base, for their authors (their
	// unconditional releases, FC5001, and Redlock-style validity
	// arithmetic, FC4001). The configuration key "library" turns it on too.
	Library bool
	// Checks are the checks whose findings the driver reports; nil for
	// all. Precedence (one finding per problem) is decided among these
	// only, so that a check switched off never hides another's finding:
	// with FC2001 off, an unfenced write behind a lease check is FC1001.
	Checks []checks.Code
	// VetFlags declares the shared Analyzer's flags (-config, -library)
	// on the engine, for go vet, which passes them to every analyzer it
	// lists: the driver has parsed them into these options already, so
	// their values are not read.
	VetFlags bool
	// Fingerprint, if not "", is put in the engine's name (see
	// suite.Options).
	Fingerprint string
}

// New returns an engine of its own configured by opts, for a driver that
// configures analyzers per instance or per run instead of through the
// shared Analyzer's flag: golangci-lint's plugin settings, the standalone
// command's -config and whole program.
func New(opts Options) *analysis.Analyzer {
	a := newAnalyzer(func() Options { return opts })
	if opts.Fingerprint != "" {
		a.Name += "_" + opts.Fingerprint
	}
	if opts.VetFlags {
		a.Flags.String("config", "", Analyzer.Flags.Lookup("config").Usage)
		a.Flags.Bool("library", false, Analyzer.Flags.Lookup("library").Usage)
	}
	return a
}

// configFlag is the shared Analyzer's -config flag: the configuration file
// to use instead of fencecheck.json at the module root. Analyzer flags are
// the configuration channel every driver supports (go vet, nogo); an
// engine made by New has its options instead.
var configFlag string

// libraryFlag is the shared Analyzer's -library flag (Options.Library).
var libraryFlag bool

func newAnalyzer(opts func() Options) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       "fenceengine",
		Doc:        "fencecheck's shared analysis engine: critical sections, fence flow and effects (reports nothing by itself)",
		URL:        "https://github.com/fencecheck/fencecheck/blob/main/docs/design.md",
		Run:        func(pass *analysis.Pass) (any, error) { return run(pass, opts()) },
		ResultType: reflect.TypeFor[*Result](),
		Requires:   []*analysis.Analyzer{generated.Analyzer},
		FactTypes:  []analysis.Fact{new(fact.EffectsFact), new(fact.HelperFact), new(fact.CallbackFact), new(fact.AcquireFact), new(FenceFact), new(CheckFact), new(lifecycle.RenewalFact), new(lifecycle.ReleaseFact), new(lifecycle.ReadFact), new(wallclock.ExpiryParamFact), new(LockTypeFact), new(StatementFact), new(RequestFact), new(fact.ClaimFact), new(leaseclaim.WriteFact), new(fact.KeyUseFact), new(fact.LeaseRowFact)},
	}
}
