// Package uncheckedfence defines the FC1002 analyzer: a fenced conditional write whose outcome is never checked.
//
// The documentation is docs/checks/FC1002.md (also `fencecheck -explain FC1002`).
package uncheckedfence

import (
	"github.com/fencecheck/fencecheck/analyzers/internal/checker"
	"github.com/fencecheck/fencecheck/internal/checks"
)

// Analyzer reports a fenced conditional write whose outcome is never checked.
var Analyzer = checker.New(checks.UncheckedFence)
