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

	// maxChain bounds the blocks followed from an acquisition's branch to
	// the error it returns: the conditions of one && chain and a block or
	// two before the return.
	maxChain = 6
)

// The labelling's limits are clocklabel's, astexpr's, clocktype's and
// stamplock's.
