package lifecycle

// The limits of the lifecycle checks' walks. As the engine's
// (engine/limits.go), each keeps a walk finite where a seen-set does not,
// at a size the code the checks are written for stays well inside:
// reaching one means giving up, silently, on a shape no test has.

// Calls followed.
const (
	// maxExitDepth bounds how deep FC5002 follows calls of this package to
	// see an OnStoppedLeading callback end the process (os.Exit, log.Fatal,
	// panic): a shutdown helper calls the exit itself or one level down.
	maxExitDepth = 3

	// maxWorkNesting bounds how deeply nested function literals of an
	// OnStartedLeading callback are searched for work (any call but a
	// builtin): work is started within a literal or two (go func() {...}).
	maxWorkNesting = 4
)

// Values followed through SSA (operands, referrers, derivations).
const (
	// maxContextDerivations bounds how many context.With* derivations
	// FC5002 follows back to a context.Background/TODO: real code derives
	// a handful at most.
	maxContextDerivations = 8

	// maxVariableHops bounds the loads, captures and spills variable
	// follows from a value to what a variable holds.
	maxVariableHops = 4
)
