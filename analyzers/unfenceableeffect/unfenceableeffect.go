// Package unfenceableeffect defines the FC1003 analyzer: an effect that
// cannot carry a fencing token (mail, message publish without a
// deduplication id) inside a critical section.
//
// The documentation is docs/checks/FC1003.md (also `fencecheck -explain FC1003`).
package unfenceableeffect

import (
	"github.com/fencecheck/fencecheck/analyzers/internal/checker"
	"github.com/fencecheck/fencecheck/internal/checks"
)

// Analyzer reports unfenceable effects under a distributed lock.
var Analyzer = checker.New(checks.UnfenceableEffect)
