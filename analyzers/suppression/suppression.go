// Package suppression defines the FC0001 analyzer: fencecheck suppression
// comments that are malformed (no reason, unknown check) or suppress nothing.
//
// The documentation is docs/checks/FC0001.md (also `fencecheck -explain FC0001`).
package suppression

import (
	"github.com/fencecheck/fencecheck/analyzers/internal/checker"
	"github.com/fencecheck/fencecheck/internal/checks"
)

// Analyzer reports problems with //lint:ignore, //lint:file-ignore and
// //nolint comments that name fencecheck checks.
var Analyzer = checker.New(checks.Suppression)
