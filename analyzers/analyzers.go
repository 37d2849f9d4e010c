// Package analyzers lists fencecheck's checks. Each check is its own package
// with an exported Analyzer (for nogo and custom drivers); this package is the
// one list the command, the go vet tool and the golangci-lint plugin share.
//
// Its API is what users of the checks need: All, Catalog, SuiteName and
// WithConfig. What only fencecheck's own drivers need (check selection,
// the configuration file, the standalone command's prefilter and whole
// program) is internal/suite, which this package provides the engine side
// of when it is initialised.
package analyzers

import (
	"github.com/fencecheck/fencecheck/analyzers/checkthenact"
	"github.com/fencecheck/fencecheck/analyzers/ignoredleaseloss"
	"github.com/fencecheck/fencecheck/analyzers/internal/checker"
	"github.com/fencecheck/fencecheck/analyzers/internal/config"
	"github.com/fencecheck/fencecheck/analyzers/internal/engine"
	"github.com/fencecheck/fencecheck/analyzers/randomfence"
	"github.com/fencecheck/fencecheck/analyzers/splitfencecheck"
	"github.com/fencecheck/fencecheck/analyzers/suppression"
	"github.com/fencecheck/fencecheck/analyzers/uncheckedfence"
	"github.com/fencecheck/fencecheck/analyzers/unfenceableeffect"
	"github.com/fencecheck/fencecheck/analyzers/unfencedwrite"
	"github.com/fencecheck/fencecheck/analyzers/unsaferelease"
	"github.com/fencecheck/fencecheck/analyzers/volatilefence"
	"github.com/fencecheck/fencecheck/analyzers/wallclockttl"
	"github.com/fencecheck/fencecheck/internal/checks"
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
type Check struct {
	Code string // "FC1001"
	Name string // "unfencedwrite"
}

// Catalog lists every check's code and analyzer name, in code order.
var Catalog = func() []Check {
	var out []Check
	for _, c := range checks.Catalog {
		out = append(out, Check{c.Code.String(), c.Name})
	}
	return out
}()

// SuiteName stands for all checks at once (//nolint:fencecheck, the
// golangci-lint plugin name).
const SuiteName = checks.SuiteName

// WithConfig returns a suite of its own (every check, in code order, on an
// engine of its own) that reads the configuration file at path instead of
// fencecheck.json at each module root; the file is validated first. It is
// for drivers that configure analyzers per instance, such as the
// golangci-lint plugin; the shared analyzers in All are not touched.
func WithConfig(path string) ([]*analysis.Analyzer, error) {
	c, err := config.Load(path)
	if err != nil {
		return nil, err
	}
	_, as := newSuite(engine.Options{Configs: config.Loaded(c)})
	return as, nil
}

// newSuite returns an engine of its own and every check, in code order, on
// it.
func newSuite(opts engine.Options) (*analysis.Analyzer, []*analysis.Analyzer) {
	eng := engine.New(opts)
	var out []*analysis.Analyzer
	for _, c := range checks.Catalog {
		out = append(out, checker.NewFor(c.Code, eng))
	}
	return eng, out
}
