package unfencedwrite_test

import (
	"path/filepath"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
	"github.com/fencecheck/fencecheck/analyzers/unfencedwrite"
	"golang.org/x/tools/go/analysis/analysistest"
)

// A lock helper in one package, a repository in another, callers in a
// third: the findings travel through facts.
func TestAcrossPackages(t *testing.T) {
	analysistest.Run(t, testutil.TestData(), unfencedwrite.Analyzer, "interpkg/app", "interpkg/worker", "interpkg/leaseuser")
}

// A migrate-like driver whose Lock and Unlock run the advisory lock and
// unlock statements in closures, and whose WithInstance locks and unlocks
// (deferred) before it returns: an application's Connect that checks the
// version through it is no acquire wrapper; the driver's Lock still is.
func TestReleaseThroughWrappers(t *testing.T) {
	analysistest.Run(t, testutil.TestData(), unfencedwrite.Analyzer, "interpkg/migrateapp")
}

// A library step that takes a session advisory lock on the connection it
// is handed and writes on it: its write is fenced by that session for
// every caller, so a caller's Redis lock does not report it; a step with
// no lock of its own is reported through its summary.
func TestSessionFencedStep(t *testing.T) {
	analysistest.Run(t, testutil.TestData(), unfencedwrite.Analyzer, "interpkg/sessionapp")
}

// A repository's SET NX lock released, and a cache invalidated (named so,
// over a key whose text does not say "cache"), through methods of another
// package: neither is a write the caller's locks protect; a delete of
// state is.
func TestRepositoryReleaseAndInvalidation(t *testing.T) {
	analysistest.Run(t, testutil.TestData(), unfencedwrite.Analyzer, "interpkg/cacheapp")
}

// An application's own lock type (two etcd mutexes and a readers
// counter): its RUnlock's counter write is the lock's bookkeeping, not an
// effect of the code that holds the lock; the same write is judged inside
// the lock type's own methods.
func TestOwnLockType(t *testing.T) {
	analysistest.Run(t, testutil.TestData(), unfencedwrite.Analyzer, "interpkg/rwlock", "interpkg/rwlockuser")
}

// An application's locker over its own Redis interface (a SetNX mirror)
// in a package that imports no lock library, taken through an interface
// with a no-op implementation, its handle released by Release or handed
// to a goroutine.
func TestMirrorLocker(t *testing.T) {
	analysistest.Run(t, testutil.TestData(), unfencedwrite.Analyzer, "interpkg/mirrorlock", "interpkg/mirroruser")
}

// Custom lock APIs, fences, sinks and checks from annotations (package
// custom/lockz) and from fencecheck.json (custom/cfgapp).
func TestCustom(t *testing.T) {
	analysistest.Run(t, testutil.TestData(), unfencedwrite.Analyzer, "custom/app", "custom/cfgapp")
}

// The same multi-package module the end-to-end test runs through the CLI
// and go vet (cmd/fencecheck/testdata/e2e/mini): analysistest must agree
// with both drivers on its want comments.
func TestSameAsDrivers(t *testing.T) {
	dir := filepath.Join(testutil.TestData(), "..", "cmd", "fencecheck", "testdata", "e2e", "mini")
	analysistest.Run(t, dir, unfencedwrite.Analyzer, "./...")
}

// An application's exec helper in another package runs its caller's
// statement: the caller's text is judged at the call (engine.StatementFact).
func TestExecHelperAcrossPackages(t *testing.T) {
	analysistest.Run(t, testutil.TestData(), unfencedwrite.Analyzer, "interpkg/dbuser")
}

// A helper of another package commits an etcd transaction on the compares
// its caller builds: a version compare-and-swap (or the lock's own
// compare) given by the caller makes it conditional, a value compare not.
func TestCallerBuiltCompare(t *testing.T) {
	analysistest.Run(t, testutil.TestData(), unfencedwrite.Analyzer, "interpkg/txnuser")
}

// One-way claims of a repository in another package (unused -> used,
// never back): the callers' writes on the success branch of a method that
// returns nil only when its claim took effect are fenced by dependence,
// called directly or through an interface every implementation of which
// claims; a method that returns nil whatever it changed is no claim.
func TestOneWayClaimsAcrossPackages(t *testing.T) {
	analysistest.Run(t, testutil.TestData(), unfencedwrite.Analyzer, "interpkg/claimapp")
}

// An elector of another package runs the critical section it is given as
// a struct field (OnStartedLeading, called after Campaign): the function
// stored into that field, a literal or a method value, is a section; a
// request helper whose method its caller chooses is an HTTP write when
// the caller passes a method that changes state.
func TestCallbackFieldsAndRequestHelpers(t *testing.T) {
	analysistest.Run(t, testutil.TestData(), unfencedwrite.Analyzer, "interpkg/electoruser")
}

// Locks taken through the application's interfaces whose implementations
// are out of view (another package, another module): a method named as an
// acquisition whose signature takes a lease's TTL, or a key and hands back
// a handle or a release function, declares the lock. In-process look-alikes
// (sync.Locker, a keyed mutex, Lock(ctx, key) error alone, NewLock,
// GetLock, IsLocked, RLock) and an interface whose only implementation in
// the package is in-process stay silent.
func TestDeclaredInterfaceLocks(t *testing.T) {
	analysistest.Run(t, testutil.TestData(), unfencedwrite.Analyzer, "interpkg/declockuser")
}

// A session advisory lock taken on a pool by another package's Bootstrap
// ends at that package's release function handed the same pool (not
// another); schema statements that create only what is absent are no
// protected write, a DROP is.
func TestPoolLockReleasedByHelper(t *testing.T) {
	analysistest.Run(t, testutil.TestData(), unfencedwrite.Analyzer, "interpkg/poolbootapp")
}

// A SET NX key is a lock's when the application hands it to its own Redis
// wrapper's release or extension (fact.KeyUseFact across packages); a key
// only ever SET NX through the wrapper is a marker.
func TestKeyUsedThroughWrapper(t *testing.T) {
	analysistest.Run(t, testutil.TestData(), unfencedwrite.Analyzer, "interpkg/keywrapapp")
}

// TestTripleResultLocker: another package's locker whose acquisition
// returns (bool, token, error) and takes the key its caller passes.
func TestTripleResultLocker(t *testing.T) {
	analysistest.Run(t, testutil.TestData(), unfencedwrite.Analyzer, "interpkg/tripleapp")
}
