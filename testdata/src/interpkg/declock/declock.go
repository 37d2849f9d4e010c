// Package declock declares the application's lock interfaces and
// implements none of them: the implementations live in another module
// (a Redis or SQL locker the application wires in main).
package declock

import (
	"context"
	"time"
)

// Locker takes a lease on a named resource: its TTL says the lock is not
// a mutex of this process.
type Locker interface {
	Lock(ctx context.Context, key string, ttl time.Duration) error
	TryLock(ctx context.Context, key string, ttl time.Duration) (bool, error)
	Unlock(ctx context.Context, key string) error
}

// Handle is what HandleLocker.TryLock hands back: released by Unlock.
type Handle struct{ ID int64 }

func (*Handle) Unlock(ctx context.Context) error { return nil }

// HandleLocker takes a named lock and hands back its handle.
type HandleLocker interface {
	TryLock(ctx context.Context, id string) (*Handle, error)
}

// FuncLocker takes a named lock and hands back the function that
// releases it.
type FuncLocker interface {
	Acquire(ctx context.Context, name string) (func(), error)
}

// KeyedMutex looks like a lock but says nothing of one beyond this
// process: no TTL, no handle, no result.
type KeyedMutex interface {
	Lock(key string)
	Unlock(key string)
}

// CtxMutex reports failure but takes no lease and hands nothing back.
type CtxMutex interface {
	Lock(ctx context.Context, key string) error
	Unlock(ctx context.Context, key string) error
}

// Registry makes and looks locks up; none of its methods takes one.
type Registry interface {
	NewLock(ctx context.Context, key string, ttl time.Duration) (*Handle, error)
	GetLock(ctx context.Context, key string, ttl time.Duration) (*Handle, error)
	IsLocked(ctx context.Context, key string, ttl time.Duration) (bool, error)
	RLock(ctx context.Context, key string, ttl time.Duration) error
}
