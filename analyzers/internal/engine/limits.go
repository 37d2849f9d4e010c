package engine

import "github.com/fencecheck/fencecheck/analyzers/internal/unit"

// The limits of the engine's walks. The checks it runs (fences during the
// walk; lifecycle, tokenquality, wallclock after it) keep theirs in their
// own limits.go, under the same rules.
//
// None of them is tuned for precision. Each keeps a walk finite where a
// seen-set does not (recursion, long chains, cycles through phis and
// stores), at a size the code the checks are written for stays well
// inside: reaching one means giving up, silently, on a shape no test has.
// Raising one only costs time on code deeper than it; lowering one loses
// findings on such code. Each comment says what one step is and why the
// value is enough.

// Calls followed.
const (
	// maxDepth bounds how deep calls made inside a critical section are
	// followed to their effects (walk) and how many rounds find acquire
	// wrappers of acquire wrappers; the checks the engine runs use it too
	// (unit.MaxDepth says why six).
	maxDepth = unit.MaxDepth
)

// Fixed points and work lists.
const (
	// tokenRounds bounds the rounds that learn which struct fields hold a
	// token and which functions return one: each round carries the token
	// one hop further (a field set from an issuer, an issuer returning a
	// field); real packages settle in one or two.
	tokenRounds = 3
)
