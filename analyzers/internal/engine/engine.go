// Package engine is fencecheck's analysis core. Once per package it finds
// lock acquisitions, computes their critical sections over SSA, follows the
// fencing token through the code, classifies every effect inside a section
// and decides which check applies to it. The check analyzers only select the
// findings of their code.
package engine

import (
	"reflect"

	"honnef.co/go/tools/analysis/facts/generated"

	"golang.org/x/tools/go/analysis"
)

// Analyzer is the engine. It reports nothing itself; its Result is consumed
// by the check analyzers. Its -config flag names the configuration file.
var Analyzer = newAnalyzer(func() string { return configFlag })

// NewAnalyzer returns an engine of its own that reads the configuration
// file at path (or, if path is "", fencecheck.json at each module root),
// for a driver that configures analyzers per instance instead of through
// the shared Analyzer's flag: golangci-lint's plugin settings.
func NewAnalyzer(path string) *analysis.Analyzer {
	return newAnalyzer(func() string { return path })
}

// configFlag is the -config flag: the configuration file to use instead of
// fencecheck.json at the module root. Analyzer flags are the configuration
// channel every driver supports (go vet, nogo, golangci-lint).
var configFlag string

func newAnalyzer(configPath func() string) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:       "fenceengine",
		Doc:        "fencecheck's shared analysis engine: critical sections, fence flow and effects (reports nothing by itself)",
		URL:        "https://github.com/fencecheck/fencecheck/blob/main/docs/design.md",
		Run:        func(pass *analysis.Pass) (any, error) { return run(pass, configPath()) },
		ResultType: reflect.TypeFor[*Result](),
		Requires:   []*analysis.Analyzer{generated.Analyzer},
		FactTypes:  []analysis.Fact{new(EffectsFact), new(HelperFact), new(AcquireFact), new(FenceFact), new(CheckFact), new(LockTypeFact)},
	}
	a.Flags.StringVar(&configFlag, "config", "", "fencecheck configuration file (default: fencecheck.json at the module root)")
	return a
}
