// Package checkthenact defines the FC2001 analyzer: an unfenced write guarded by a lease or leadership check.
//
// The documentation is docs/checks/FC2001.md (also `fencecheck -explain FC2001`).
package checkthenact

import (
	"github.com/fencecheck/fencecheck/analyzers/internal/checker"
	"github.com/fencecheck/fencecheck/internal/checks"
)

// Analyzer reports an unfenced write guarded by a lease or leadership check.
var Analyzer = checker.New(checks.CheckThenAct)
