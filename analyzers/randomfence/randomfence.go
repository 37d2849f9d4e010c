// Package randomfence defines the FC3001 analyzer: a random or identity value used where a fencing token belongs.
//
// The documentation is docs/checks/FC3001.md (also `fencecheck -explain FC3001`).
package randomfence

import (
	"github.com/fencecheck/fencecheck/analyzers/internal/checker"
	"github.com/fencecheck/fencecheck/internal/checks"
)

// Analyzer reports a random or identity value used where a fencing token belongs.
var Analyzer = checker.New(checks.RandomFence)
