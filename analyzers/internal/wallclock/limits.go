package wallclock

// The limits of the wall-clock check's walks. As the engine's
// (engine/limits.go), each keeps a walk finite where a seen-set does not,
// at a size the code the check is written for stays well inside: reaching
// one means giving up, silently, on a shape no test has.

// Calls followed.
const (
	// maxEffectDepth bounds how deep the wall-clock check looks through
	// this package's calls for the effect a time comparison decides: the
	// write sits in the branch or one or two helpers below it.
	maxEffectDepth = 3
)

// Values followed through SSA.
const (
	// maxDecisionFlow bounds how far the wall-clock check follows a
	// comparison's result through phis, stores and returns to the branch
	// that decides with it; generous because a verdict is often returned
	// through several helpers' results.
	maxDecisionFlow = 16
)

// Layers peeled off an expression or a type.
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
)

// Fixed points.
const (
	// labelRounds bounds the rounds of the wall-clock check's labelling of
	// variables and fields (local clock, stored time, lease vocabulary):
	// labels spread one assignment per round, and some labels feed others.
	labelRounds = 8
)

// maxStampDepth bounds the walk from a SET NX value back to the clock
// reading it was computed from (time.Now().Add(ttl).UnixMilli() is three).
const maxStampDepth = 8
