package wallclock

import (
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/testutil/testunit"
)

// TestAcquirerName: the functions named as taking a lock, and those named
// like one that do not (a release, a predicate, a leader's chores, an
// acquisition verb on something that is no lock).
func TestAcquirerName(t *testing.T) {
	u := testunit.Build(t, `package p

type RedisLock struct{}
type Pool struct{}

func (*RedisLock) Acquire()    {}
func (*RedisLock) TryAcquire() {}
func (*RedisLock) Release()    {}
func (*Pool) Acquire()         {}
func AcquireDir() (*FileLock, error) { return nil, nil }
func ObtainConn() (*Pool, error) { return nil, nil }
type FileLock struct{}
func (*Pool) AcquireLease()    {}
func Lock()                    {}
func TryLockContext()          {}
func GetLease()                {}
func Unlock()                  {}
func isLocked()                {}
func performLeaderActions()    {}
func GetLeader()               {}
func obtain()                  {}
func lit() { _ = func() { Lock() } }
func LockAll() { _ = func() {} }
`)
	want := map[string]bool{
		"Acquire": true, "TryAcquire": true, "Release": false, "AcquireLease": true,
		"Lock": true, "TryLockContext": true, "GetLease": true, "Unlock": false, "isLocked": false,
		"performLeaderActions": false, "AcquireDir": true, "ObtainConn": false, "GetLeader": false, "obtain": false, "lit": false, "LockAll": true,
	}
	seen := map[string]bool{}
	for _, fn := range u.Funcs {
		name := fn.Name()
		if fn.Parent() != nil {
			name = fn.Parent().Name() // a closure is judged by its declared function
		}
		if fn.Signature.Recv() != nil {
			if recv := fn.Signature.Recv().Type().String(); recv == "*p.Pool" && fn.Name() == "Acquire" {
				if acquirerName(fn) {
					t.Errorf("acquirerName(Pool.Acquire) = true, want false: no lock in sight")
				}
				continue
			}
		}
		w, ok := want[name]
		if !ok {
			continue
		}
		seen[name] = true
		if got := acquirerName(fn); got != w {
			t.Errorf("acquirerName(%s) = %v, want %v", fn.String(), got, w)
		}
	}
	for name := range want {
		if !seen[name] {
			t.Errorf("no function %s built", name)
		}
	}
}

// TestHolderConjoined: a record's instant compared beside a test of the
// same record's owner is a lease's heartbeat; beside another record's
// owner, or alone, it is not.
func TestHolderConjoined(t *testing.T) {
	expect(t, `package p

import (
	"encoding/json"
	"errors"
	"time"
)

type rec struct {
	OwnerID    *string
	LastUpdate int64
}

type other struct{ Owner string }

type store interface{ Put(r rec) error }

func capture(s store, data []byte, maxAge time.Duration) error {
	cutoff := time.Now().Add(-maxAge).UnixNano()
	var r rec
	if err := json.Unmarshal(data, &r); err != nil {
		return err
	}
	if r.OwnerID != nil && r.LastUpdate > cutoff { // want: and its result decides whether capture takes the lock over (store.Put of the lock record)
		return errors.New("owned")
	}
	return s.Put(r)
}

func alone(s store, data []byte, maxAge time.Duration) error {
	cutoff := time.Now().Add(-maxAge).UnixNano()
	var r rec
	if err := json.Unmarshal(data, &r); err != nil {
		return err
	}
	if r.LastUpdate > cutoff {
		return errors.New("fresh")
	}
	return s.Put(r)
}

func beside(s store, data []byte, o other, maxAge time.Duration) error {
	cutoff := time.Now().Add(-maxAge).UnixNano()
	var r rec
	if err := json.Unmarshal(data, &r); err != nil {
		return err
	}
	if o.Owner != "" && r.LastUpdate > cutoff {
		return errors.New("fresh")
	}
	return s.Put(r)
}
`)
}
