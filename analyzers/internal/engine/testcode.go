package engine

import (
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/section"
	"golang.org/x/tools/go/ssa"
)

// Test code. A test runs in one process against its own fixtures: when it
// calls the code under test and that code takes a lock (an acquire
// wrapper of the application, its lock helper, a lease check), the lock
// belongs to the code under test, and the test's own statements after the
// call are fixture writes and assertions that no other holder contends
// for. So in a _test.go file only a lock the test takes itself, through a
// lock library's API or a lock the user declared (configuration,
// annotation), opens a critical section. The code under test is analysed
// in its own files, where its writes are judged.

// testCode reports whether fn is declared in a _test.go file (a function
// literal counts where it is written).
func (a *analysis_) testCode(fn *ssa.Function) bool {
	return fn.Pos().IsValid() && calls.InTestFile(a.pass.Fset, fn.Pos())
}

// testLock is acquireLock for test code: beyond the knowledge base's lock
// APIs (which section.FindIn matches itself), only the locks the user
// declared.
func (a *analysis_) testLock(fn *types.Func, c *ssa.CallCommon) *model.Lock {
	if fn == nil {
		return nil
	}
	return a.custom.lock(fn)
}

// lockLookup returns the lookup of acquisitions beyond the knowledge base
// for fn's sections.
func (a *analysis_) lockLookup(fn *ssa.Function) section.Lookup {
	if a.testCode(fn) {
		return a.testLock
	}
	return a.acquireLock
}
