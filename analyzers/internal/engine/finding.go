package engine

import (
	"go/token"

	"golang.org/x/tools/go/analysis"
)

// Finding is one problem the engine found, before it is handed to the check
// analyzer that owns Code.
type Finding struct {
	Code    string
	Pos     token.Pos
	End     token.Pos
	Message string
	Related []analysis.RelatedInformation
	Fixes   []analysis.SuggestedFix
	// Key identifies the problem (usually the effect's position) so that
	// several checks matching one effect yield one finding.
	Key token.Pos
}

// Result is what the engine hands to the check analyzers: the findings of
// one package after suppression and de-duplication, in source order.
type Result struct {
	Findings []Finding
}
