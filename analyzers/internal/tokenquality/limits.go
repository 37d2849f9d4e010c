package tokenquality

// The limits of the token-quality checks' walks. As the engine's
// (engine/limits.go), each keeps a walk finite where a seen-set does not,
// at a size the code the checks are written for stays well inside:
// reaching one means giving up, silently, on a shape no test has.

// Calls followed.
const (
	// maxTaintDepth bounds how deep the token-quality taint follows a value
	// into this package's callees: a token is made and used within a few
	// calls (a helper that returns a UUID, one that binds it into SQL).
	maxTaintDepth = 4
)

// Layers peeled off an expression or a chain.
const (
	// maxUnwrap bounds how many layers (parentheses, conversions, &, *,
	// selectors, index expressions) are peeled off an expression to name
	// what it designates; written code nests a few.
	maxUnwrap = 16

	// maxChainCalls bounds how many calls of a builder chain
	// (Txn(ctx).If(...).Then(...).Commit()) are walked back from its end:
	// such chains are a handful of calls long.
	maxChainCalls = 16
)

// Fixed points and work lists.
const (
	// learnRounds bounds the rounds that learn which fields and package
	// variables hold a random, identity, counter or clock value before the
	// token-quality checks look for fence positions: a value stored in one
	// method and read in another settles in two.
	learnRounds = 4

	// maxCarriers bounds the values visited when the token-quality
	// checks follow what a flagged value was put into (a request, a
	// context, a variable holding one) to the effect that sends it.
	maxCarriers = 256
)
