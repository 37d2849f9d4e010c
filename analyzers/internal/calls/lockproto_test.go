package calls

import (
	"go/types"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
	"golang.org/x/tools/go/ssa"
)

const protoSrc = `package p

type S3Lock struct{}

func (l *S3Lock) Lock() error    { return nil }
func (l *S3Lock) Release() error { return func() error { return nil }() }
func (l *S3Lock) busy() bool     { return false }

type Storage struct{}

func (s *Storage) TryLock(key string) error   { return nil }
func (s *Storage) Unlock(key string) error    { return nil }
func (s *Storage) Delete(key string) error    { return nil }

type Uploader struct{}

func (u *Uploader) Release() error { return nil } // releases a buffer: no acquisition

type Locker struct{}

func (l *Locker) Lock() {} // in process, no release method of its own

func Unlock() {}

type Lease interface {
	Acquire(key string) error
	Release(key string) error
	Extend(key string) error
}

type Cache interface {
	Get(key string) (string, error)
	Extend(key string) error
}
`

// TestLockProtocol: a type with an acquisition and a release method
// implements a lock's protocol; its other methods, and types with only
// one side, do not.
func TestLockProtocol(t *testing.T) {
	pkg := testutil.BuildSSA(t, protoSrc)
	method := func(typ, name string) *ssa.Function {
		t.Helper()
		T := pkg.Type(typ).Type()
		fn := pkg.Prog.LookupMethod(typesPointer(T), pkg.Pkg, name)
		if fn == nil {
			t.Fatalf("no method %s.%s", typ, name)
		}
		return fn
	}
	for _, tc := range []struct {
		fn       *ssa.Function
		acq, rel bool
	}{
		{method("S3Lock", "Lock"), true, false},
		{method("S3Lock", "Release"), false, true},
		{method("S3Lock", "Release").AnonFuncs[0], false, true}, // a literal of the release
		{method("S3Lock", "busy"), false, false},
		{method("Storage", "TryLock"), true, false},
		{method("Storage", "Unlock"), false, true},
		{method("Storage", "Delete"), false, false},
		{method("Uploader", "Release"), false, false},
		{method("Locker", "Lock"), false, false},
		{pkg.Func("Unlock"), false, false},
	} {
		acq, rel := LockProtocolRole(tc.fn)
		if acq != tc.acq || rel != tc.rel {
			t.Errorf("%s: got acquire %v release %v, want %v %v", tc.fn, acq, rel, tc.acq, tc.rel)
		}
		if LockProtocol(tc.fn) != (tc.acq || tc.rel) {
			t.Errorf("%s: LockProtocol disagrees with LockProtocolRole", tc.fn)
		}
	}
}

// TestLockMethod: a method of a type, concrete or interface, that also
// acquires and releases is a lock's method (its Extend extends the lock);
// a cache's Extend, and a function, are not.
func TestLockMethod(t *testing.T) {
	pkg := testutil.BuildSSA(t, protoSrc)
	ifaceMethod := func(typ, name string) *types.Func {
		t.Helper()
		obj, _, _ := types.LookupFieldOrMethod(pkg.Type(typ).Type(), true, pkg.Pkg, name)
		fn, ok := obj.(*types.Func)
		if !ok {
			t.Fatalf("no method %s.%s", typ, name)
		}
		return fn
	}
	for _, tc := range []struct {
		fn   *types.Func
		want bool
	}{
		{ifaceMethod("Lease", "Extend"), true},
		{ifaceMethod("Cache", "Extend"), false},
		{ifaceMethod("Storage", "Delete"), true},
		{ifaceMethod("Uploader", "Release"), false},
		{pkg.Func("Unlock").Object().(*types.Func), false},
	} {
		if got := LockMethod(tc.fn); got != tc.want {
			t.Errorf("LockMethod(%s) = %v, want %v", tc.fn, got, tc.want)
		}
	}
}

func typesPointer(t types.Type) types.Type { return types.NewPointer(t) }
