// Package ignoredleaseloss defines the FC5002 analyzer: the lease-loss signal thrown away while work continues.
//
// The documentation is docs/checks/FC5002.md (also `fencecheck -explain FC5002`).
package ignoredleaseloss

import (
	"github.com/fencecheck/fencecheck/analyzers/internal/checker"
	"github.com/fencecheck/fencecheck/internal/checks"
)

// Analyzer reports the lease-loss signal thrown away while work continues.
var Analyzer = checker.New(checks.IgnoredLeaseLoss)
