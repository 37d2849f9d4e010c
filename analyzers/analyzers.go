// Package analyzers lists fencecheck's checks. Each check is its own package
// with an exported Analyzer (for nogo and custom drivers); this package is the
// one list the command, the go vet tool and the golangci-lint plugin share.
package analyzers

import (
	"github.com/fencecheck/fencecheck/analyzers/checkthenact"
	"github.com/fencecheck/fencecheck/analyzers/ignoredleaseloss"
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

// SetConfig validates the configuration file at path and makes the engine
// read it instead of looking for fencecheck.json at each module root.
func SetConfig(path string) error {
	if _, err := config.Load(path); err != nil {
		return err
	}
	return engine.Analyzer.Flags.Set("config", path)
}

// CheckConfig validates the fencecheck.json that applies to dir, if any, so
// that a driver can report a malformed file once instead of per package.
func CheckConfig(dir string) error {
	if p := config.Find(dir); p != "" {
		_, err := config.Load(p)
		return err
	}
	return nil
}
