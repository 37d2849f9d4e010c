package fences

// The limits of the fence checks' walks. As the engine's
// (engine/limits.go), each keeps a walk finite where a seen-set does not,
// at a size the code the checks are written for stays well inside:
// reaching one means giving up, silently, on a shape no test has.

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

// Values followed backwards.
const (
	// maxNamespaceSteps bounds the backward walk from a write's key to the
	// values it is built from (namespace.go): one step is one SSA value
	// (a concatenation, a conversion, a Sprintf argument). Keys are short
	// expressions, a prefix and an identity, so a few dozen steps cover
	// them.
	maxNamespaceSteps = 64
)
