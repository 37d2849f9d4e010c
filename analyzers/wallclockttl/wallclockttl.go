// Package wallclockttl defines the FC4001 analyzer: lease validity, expiry or takeover decided by wall-clock arithmetic.
//
// The documentation is docs/checks/FC4001.md (also `fencecheck -explain FC4001`).
package wallclockttl

import (
	"github.com/fencecheck/fencecheck/analyzers/internal/checker"
	"github.com/fencecheck/fencecheck/internal/checks"
)

// Analyzer reports lease validity, expiry or takeover decided by wall-clock arithmetic.
var Analyzer = checker.New(checks.WallClockTTL)
