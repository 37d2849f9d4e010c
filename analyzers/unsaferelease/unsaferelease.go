// Package unsaferelease defines the FC5001 analyzer: a lock released without an atomic ownership check.
//
// The documentation is docs/checks/FC5001.md (also `fencecheck -explain FC5001`).
package unsaferelease

import (
	"github.com/fencecheck/fencecheck/analyzers/internal/checker"
	"github.com/fencecheck/fencecheck/internal/checks"
)

// Analyzer reports a lock released without an atomic ownership check.
var Analyzer = checker.New(checks.UnsafeRelease)
