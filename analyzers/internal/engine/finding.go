package engine

import (
	"github.com/fencecheck/fencecheck/internal/checks"
	"go/token"

	"golang.org/x/tools/go/analysis"
)

// Finding is one problem the engine found, before it is handed to the check
// analyzer that owns Code.
type Finding struct {
	Code    checks.Code
	Pos     token.Pos
	End     token.Pos
	Message string
	Related []analysis.RelatedInformation
	Fixes   []analysis.SuggestedFix
	// Key identifies the problem (usually the effect's position) so that
	// several checks matching one effect yield one finding (the catalog's
	// precedence, applied by finish); zero means Pos.
	Key token.Pos
	// Effect is, for a finding about the value an effect carries (a random
	// fence bound into an UPDATE), the effect's position: the findings of
	// the checks this one explains (checks.Explains) that involve the
	// effect elsewhere, as related information, are dropped. Usually zero.
	Effect token.Pos
}

// Result is what the engine hands to the check analyzers: the findings of
// one package after suppression and de-duplication, in source order.
type Result struct {
	Findings []Finding
}

// findings collects the findings of one package. add is the one way a
// finding enters the result; which of several findings about one problem
// stands is decided once, by finish.
type findings []Finding

func (fs *findings) add(f Finding) {
	if !f.Key.IsValid() {
		f.Key = f.Pos
	}
	*fs = append(*fs, f)
}
