// Package dlock hides redsync behind the application's lock factory: a
// manager makes lock objects, whose TryLock takes the mutex they keep.
package dlock

import (
	"context"
	"time"

	"github.com/go-redsync/redsync/v4"
)

type DistributedLock interface {
	Lock(ctx context.Context) error
	TryLock(ctx context.Context) error
	UnLock(ctx context.Context) error
}

type LockManager interface {
	NewLock(key string, ttl int) DistributedLock
}

type redisLockManager struct {
	rs     *redsync.Redsync
	prefix string
}

type redisLock struct {
	m *redsync.Mutex
}

func NewManager(rs *redsync.Redsync) LockManager { return &redisLockManager{rs: rs, prefix: "app:lock:"} }

func (rlm *redisLockManager) NewLock(key string, ttl int) DistributedLock {
	return &redisLock{m: rlm.rs.NewMutex(rlm.prefix+key, redsync.WithExpiry(time.Duration(ttl)*time.Second))}
}

func (rl *redisLock) Lock(ctx context.Context) error { return rl.m.LockContext(ctx) }

func (rl *redisLock) TryLock(ctx context.Context) error { return rl.m.TryLockContext(ctx) }

func (rl *redisLock) UnLock(ctx context.Context) error {
	_, err := rl.m.UnlockContext(ctx)
	return err
}
