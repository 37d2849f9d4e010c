package engine

import "github.com/fencecheck/fencecheck/analyzers/internal/unit"

// The limits of the engine's walks, in one place.
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

	// wcMaxEffectDepth bounds how deep the wall-clock check looks through
	// this package's calls for the effect a time comparison decides: the
	// write sits in the branch or one or two helpers below it.
	wcMaxEffectDepth = 3
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

	// wcMaxDecisionFlow bounds how far the wall-clock check follows a
	// comparison's result through phis, stores and returns to the branch
	// that decides with it; generous because a verdict is often returned
	// through several helpers' results.
	wcMaxDecisionFlow = 16
)

// Layers peeled off an expression, a type, a chain or a closure.
const (
	// maxUnwrap bounds how many layers (parentheses, conversions, &, *,
	// selectors, index expressions) are peeled off an expression to name
	// what it designates; written code nests a few.
	maxUnwrap = 16

	// maxKeyParts bounds how many concatenations and Sprintf calls are
	// peeled off a Redis key expression to find its constant part; it is
	// the leftmost operand of a short "lock:" + id.
	maxKeyParts = 8

	// maxTypeUnwrap bounds how many pointers, slices, maps and named types
	// are peeled off a type to see what it can carry.
	maxTypeUnwrap = 8

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

	// wcRounds bounds the rounds of the wall-clock check's labelling of
	// variables and fields (local clock, stored time, lease vocabulary):
	// labels spread one assignment per round, and some labels feed others.
	wcRounds = 8
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
