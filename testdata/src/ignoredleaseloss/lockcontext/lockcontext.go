// Package lockcontext exercises FC5002 with locks that return their loss
// signal as a context (rueidislock, valkeylock): cancelled when the lock's
// key can no longer be extended or was taken.
package lockcontext

import (
	"context"
	"sync"

	"github.com/redis/rueidis/rueidislock"
	"github.com/valkey-io/valkey-go/valkeylock"
)

func compact(ctx context.Context) error { return nil }
func publish(shard string)              {}

// A certmagic-style locker: Lock keeps the release func for Unlock and
// returns; the caller's critical section never sees the loss.
type storage struct {
	locker valkeylock.Locker
	locks  sync.Map
}

func (s *storage) Lock(ctx context.Context, key string) error {
	_, cancel, err := s.locker.TryWithContext(ctx, key) // want `the context returned by this valkeylock lock acquisition \(Locker.TryWithContext\) is discarded \(assigned to _\): it is the lock's loss signal`
	if err != nil {
		return err
	}
	s.locks.Store(key, cancel)
	return nil
}

func (s *storage) Unlock(key string) {
	if c, ok := s.locks.LoadAndDelete(key); ok {
		c.(context.CancelFunc)()
	}
}

// The work runs under the caller's context, not the lock's.
func compactShard(ctx context.Context, locker rueidislock.Locker, shard string) error {
	_, cancel, err := locker.WithContext(ctx, "compact:"+shard) // want `the context returned by this rueidislock lock acquisition \(Locker.WithContext\) is discarded`
	if err != nil {
		return err
	}
	defer cancel()
	return compact(ctx)
}

// The context is named but never read.
func unread(ctx context.Context, locker rueidislock.Locker, shard string) error {
	lctx, cancel, err := locker.WithContext(ctx, "compact:"+shard) // want `the context returned by this rueidislock lock acquisition \(Locker.WithContext\) is never read`
	_ = lctx
	if err != nil {
		return err
	}
	defer cancel()
	return compact(ctx)
}

// --- must stay silent ---

// The work runs under the lock's context.
func underLock(ctx context.Context, locker rueidislock.Locker, shard string) error {
	lctx, cancel, err := locker.WithContext(ctx, "compact:"+shard)
	if err != nil {
		return err
	}
	defer cancel()
	return compact(lctx)
}

// The lock's context is handed to the caller with the release func.
func (s *storage) LockContext(ctx context.Context, key string) (context.Context, context.CancelFunc, error) {
	lctx, cancel, err := s.locker.TryWithContext(ctx, key)
	if err != nil {
		return nil, nil, err
	}
	return lctx, cancel, nil
}

// The lock is taken and given up at once: nothing works under it.
func probe(ctx context.Context, locker rueidislock.Locker, key string) bool {
	_, cancel, err := locker.TryWithContext(ctx, key)
	if err != nil {
		return false
	}
	cancel()
	return true
}

// --- suppressed ---

func suppressed(ctx context.Context, locker rueidislock.Locker, shard string) error {
	//nolint:ignoredleaseloss // compaction is idempotent and bounded by the lock's validity
	_, cancel, err := locker.WithContext(ctx, "compact:"+shard)
	if err != nil {
		return err
	}
	defer cancel()
	publish(shard)
	return compact(ctx)
}
