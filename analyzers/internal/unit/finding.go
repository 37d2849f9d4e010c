package unit

import (
	"go/token"

	"github.com/fencecheck/fencecheck/internal/checks"
	"golang.org/x/tools/go/analysis"
)

// Finding is one problem found, before it is handed to the check analyzer
// that owns Code.
type Finding struct {
	Code    checks.Code
	Pos     token.Pos
	End     token.Pos
	Message string
	Related []analysis.RelatedInformation
	Fixes   []analysis.SuggestedFix
	// Key identifies the problem (usually the effect's position) so that
	// several checks matching one effect yield one finding (the catalog's
	// precedence, applied by the engine); zero means Pos.
	Key token.Pos
	// Effect is, for a finding about the value an effect carries (a random
	// fence bound into an UPDATE), the effect's position: the findings of
	// the checks this one explains (checks.Explains) that involve the
	// effect elsewhere, as related information, are dropped. Usually zero.
	Effect token.Pos
	// Target is, for a finding about an effect, where the effect is (the
	// write a call under the lock reaches): findings at one Key about
	// different effects are different problems (precedence). Zero when
	// unknown.
	Target token.Pos
}
