// Package volatilefence defines the FC3002 analyzer: a fencing token that is not durable at the coordinator.
//
// The documentation is docs/checks/FC3002.md (also `fencecheck -explain FC3002`).
package volatilefence

import (
	"github.com/fencecheck/fencecheck/analyzers/internal/checker"
	"github.com/fencecheck/fencecheck/internal/checks"
)

// Analyzer reports a fencing token that is not durable at the coordinator.
var Analyzer = checker.New(checks.VolatileFence)
