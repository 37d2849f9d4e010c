// Package splitfencecheck defines the FC2002 analyzer: a fence read and compared in Go, then written by a separate statement.
//
// The documentation is docs/checks/FC2002.md (also `fencecheck -explain FC2002`).
package splitfencecheck

import (
	"github.com/fencecheck/fencecheck/analyzers/internal/checker"
	"github.com/fencecheck/fencecheck/internal/checks"
)

// Analyzer reports a fence read and compared in Go, then written by a separate statement.
var Analyzer = checker.New(checks.SplitFenceCheck)
