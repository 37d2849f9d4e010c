// Package unfencedwrite defines the FC1001 analyzer: a protected effect
// inside a critical section that does not carry the fencing token.
//
// The documentation is docs/checks/FC1001.md (also `fencecheck -explain FC1001`).
package unfencedwrite

import (
	"github.com/fencecheck/fencecheck/analyzers/internal/checker"
	"github.com/fencecheck/fencecheck/internal/checks"
)

// Analyzer reports writes under a distributed lock that do not carry the
// lock's fencing token to the resource.
var Analyzer = checker.New(checks.UnfencedWrite)
