package engine

import "github.com/fencecheck/fencecheck/analyzers/internal/unit"

// The limits of the engine's walks. The checks it runs after the walk
// (lifecycle, tokenquality, wallclock) keep theirs in their own limits.go,
// under the same rules.
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

// Values followed through SSA (operands, referrers, derivations).
const (
	// maxGuardOperandDepth bounds how far FC2001 walks the operands of a
	// branch condition back to a lease-validity query: the query is a
	// direct operand, behind a conversion, a negation or a field or two.
	maxGuardOperandDepth = 8

	// maxOutcomeDepth bounds how far FC1002 follows a write's outcome
	// (rows affected, Succeeded) through its uses before taking it as
	// looked at: extracted, compared and branched on within a few steps.
	maxOutcomeDepth = 4
)

// Layers peeled off a value.
const (
	// maxScanSteps bounds the conversions walked back from a value
	// compared in Go to the variable a SQL Scan filled (FC2002).
	maxScanSteps = 4
)

// Fixed points and work lists.
const (
	// tokenRounds bounds the rounds that learn which struct fields hold a
	// token and which functions return one: each round carries the token
	// one hop further (a field set from an issuer, an issuer returning a
	// field); real packages settle in one or two.
	tokenRounds = 3
)

// Values followed backwards.
const (
	// maxNamespaceSteps bounds the backward walk from a write's key to the
	// values it is built from (namespace.go): one step is one SSA value
	// (a concatenation, a conversion, a Sprintf argument). Keys are short
	// expressions, a prefix and an identity, so a few dozen steps cover
	// them.
	maxNamespaceSteps = 64
)
