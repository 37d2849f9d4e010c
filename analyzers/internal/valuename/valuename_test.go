package valuename

import (
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
	"golang.org/x/tools/go/ssa"
)

// Each call of use passes a value whose name (a parameter, a field, a
// package variable, a constant prefix, a function's result) says what it
// is, or says nothing.
const src = `package p

type config struct {
	lockKey  string
	cacheKey string
	holderID string
}

var mutexName = "jobs"

func use(v string) {}

func token() string { return "" }

func f(l *config, lockName, key, holder, workerId, payload string) {
	use(lockName)        // a lock
	use(l.lockKey)       // a lock
	use(mutexName)       // a lock
	use("lock:" + key)   // a lock
	use(key)             // nothing
	use(l.cacheKey)      // nothing
	use(holder)          // an owner
	use(l.holderID)      // an owner
	use(workerId)        // an owner
	use(token())         // an owner
	use(payload)         // nothing
}
`

// TestNames: LockKey and Owner read the names; Of returns them.
func TestNames(t *testing.T) {
	pkg := testutil.BuildSSA(t, src)
	type want struct {
		name        string
		lock, owner bool
	}
	wants := []want{
		// A lock's name also names its holder's value (OwnerValue has "lock").
		{"lockName", true, true}, {"lockKey", true, true}, {"mutexName", true, false},
		{"", true, false}, {"key", false, false}, {"cacheKey", false, false},
		{"holder", false, true}, {"holderID", false, true}, {"workerId", false, true},
		{"token", false, true}, {"payload", false, false},
	}
	var args []ssa.Value
	for ci := range calls.In(pkg.Func("f")) {
		if callee := ci.Common().StaticCallee(); callee != nil && callee.Name() == "use" {
			args = append(args, ci.Common().Args[0])
		}
	}
	if len(args) != len(wants) {
		t.Fatalf("%d calls of use, want %d", len(args), len(wants))
	}
	for i, w := range wants {
		v := args[i]
		if w.name != "" && Of(v) != w.name {
			t.Errorf("#%d: Of = %q, want %q", i, Of(v), w.name)
		}
		if LockKey(v) != w.lock || Owner(v) != w.owner {
			t.Errorf("#%d (%s): LockKey = %v, Owner = %v, want %v, %v", i, Of(v), LockKey(v), Owner(v), w.lock, w.owner)
		}
	}
}
