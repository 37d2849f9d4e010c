package main

import (
	"fmt"
	"runtime"
)

// addressSpace is what a ulimit -v (RLIMIT_AS) leaves the process: the
// limit and the address space already reserved, in bytes; ok is false when
// there is no limit or it cannot be read.
type addressSpace func() (limit, reserved uint64, ok bool)

// The Go runtime reserves about 1.2 GiB of address space at start, of which
// little is memory (page summaries, the arena index), and maps the heap in
// 64 MiB arenas; a thread of a cgo binary reserves an 8 MiB stack.
const (
	arenaBytes  = 64 << 20
	threadStack = 8 << 20
	// tightBelow: with less than this for the heap, a large module's run
	// is likely to end in "fatal error: out of memory"; fencecheck says so
	// first (docs/performance.md: peaks of 150 to 250 MiB, more on a big
	// package).
	tightBelow = 512 << 20
	// minCap keeps the soft memory limit useful under a limit so tight
	// that nothing is left: the run then fails as it would have anyway.
	minCap = 64 << 20
)

// memoryCap returns the soft memory limit's ceiling under an address-space
// limit (0 if there is none) and, when that leaves little, a warning:
// under a ulimit -v, an allocation past the limit is not an error fencecheck
// can report but a fatal error of the runtime, with a trace of whichever
// worker allocated (issue 27), and the heap must stay below what is left
// after the runtime's reservations, its arenas and threads' stacks.
func memoryCap(as addressSpace) (uint64, string) {
	if as == nil {
		return 0, ""
	}
	limit, reserved, ok := as()
	if !ok {
		return 0, ""
	}
	spare := arenaBytes + threadStack*uint64(runtime.GOMAXPROCS(0)) // one arena, and a thread per P
	var left uint64
	if limit > reserved+spare {
		left = limit - reserved - spare
	}
	warning := ""
	if left < tightBelow {
		warning = fmt.Sprintf("the address-space limit (ulimit -v) of %d MiB leaves the analysis about %d MiB beyond the Go runtime's own reservations (%d MiB); "+
			"a run that needs more ends in \"fatal error: out of memory\", a crash fencecheck cannot report as an error: raise the limit (ulimit -v unlimited) or analyse fewer packages at a time",
			limit>>20, left>>20, reserved>>20)
	}
	return max(left, minCap), warning
}
