// Package analyzers lists fencecheck's checks. Each check is its own package
// with an exported Analyzer (for nogo and custom drivers); this package is the
// one list the command, the go vet tool and the golangci-lint plugin share.
package analyzers

import (
	"github.com/fencecheck/fencecheck/analyzers/checkthenact"
	"github.com/fencecheck/fencecheck/analyzers/ignoredleaseloss"
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
