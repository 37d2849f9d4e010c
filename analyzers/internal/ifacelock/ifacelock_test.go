package ifacelock

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/model"
)

const src = `package app

import (
	"context"
	"sync"
	"time"
)

type Handle struct{}

func (*Handle) Unlock(ctx context.Context) error { return nil }

type Opaque struct{}

type Locker interface {
	Lock(ctx context.Context, key string, ttl time.Duration) error
	TryLock(ctx context.Context, key string, ttl time.Duration) (bool, error)
	Unlock(ctx context.Context, key string) error
	Refresh(ctx context.Context, ttl time.Duration) error
}

type Single interface {
	Lock(ctx context.Context, ttl time.Duration) error
}

type Handles interface {
	TryLock(ctx context.Context, id string) (*Handle, error)
	AcquireLease(ctx context.Context, name string) (func(), error)
	ObtainOpaque(ctx context.Context, name string) (*Opaque, error)
}

type Mutexes interface {
	sync.Locker
	LockKey(key string)
	LockCtx(ctx context.Context, key string) error
	NewLock(ctx context.Context, key string, ttl time.Duration) (*Handle, error)
	GetLock(ctx context.Context, key string, ttl time.Duration) (*Handle, error)
	IsLocked(ctx context.Context, key string, ttl time.Duration) (bool, error)
	RLock(ctx context.Context, key string, ttl time.Duration) error
	Locked(ctx context.Context, key string, ttl time.Duration) error
	LockTTL() time.Duration
}
`

func TestDeclared(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "app.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("example.com/app", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	method := func(iface, name string) *types.Func {
		it := pkg.Scope().Lookup(iface).Type().Underlying().(*types.Interface)
		for i := range it.NumMethods() {
			if it.Method(i).Name() == name {
				return it.Method(i)
			}
		}
		t.Fatalf("no method %s.%s", iface, name)
		return nil
	}
	type want struct {
		success             model.Success
		result              int
		held                model.Held
		handle, releaseFunc int
		releases            int
	}
	lock := map[[2]string]want{
		{"Locker", "Lock"}:          {model.ErrNil, 0, model.HeldByReceiver, 0, 0, 1},
		{"Locker", "TryLock"}:       {model.BoolTrue, 0, model.HeldByReceiver, 0, 0, 1},
		{"Single", "Lock"}:          {model.ErrNil, 0, model.HeldByReceiver, 0, 0, 0},
		{"Handles", "TryLock"}:      {model.ErrNil, 1, model.HeldByResult, 0, 0, 0},
		{"Handles", "AcquireLease"}: {model.ErrNil, 1, model.HeldByReceiver, 0, 1, 0},
	}
	for k, w := range lock {
		l := Declared(method(k[0], k[1]))
		if l == nil {
			t.Errorf("%s.%s: no lock declared", k[0], k[1])
			continue
		}
		if l.Success != w.success || l.Result != w.result || l.Held != w.held || l.Handle != w.handle || l.ReleaseFunc != w.releaseFunc || len(l.Release) != w.releases {
			t.Errorf("%s.%s: got %+v, want %+v", k[0], k[1], l, w)
		}
	}
	for _, k := range [][2]string{
		{"Locker", "Unlock"}, {"Locker", "Refresh"},
		{"Handles", "ObtainOpaque"}, // a key, but neither a TTL nor a handle
		{"Mutexes", "Lock"}, {"Mutexes", "LockKey"}, {"Mutexes", "LockCtx"}, {"Mutexes", "NewLock"},
		{"Mutexes", "GetLock"}, {"Mutexes", "IsLocked"}, {"Mutexes", "RLock"}, {"Mutexes", "Locked"}, {"Mutexes", "LockTTL"},
	} {
		if l := Declared(method(k[0], k[1])); l != nil {
			t.Errorf("%s.%s: declared %+v, want none", k[0], k[1], l)
		}
	}
}

func TestTestDoubleType(t *testing.T) {
	for name, want := range map[string]bool{"mockLock": true, "FakeLocker": true, "noopLocker": true, "redisLocker": false, "Locker": false} {
		if got := TestDoubleType(name); got != want {
			t.Errorf("TestDoubleType(%q) = %v, want %v", name, got, want)
		}
	}
}
