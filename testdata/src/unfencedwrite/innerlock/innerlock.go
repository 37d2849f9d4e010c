// Package innerlock: a function that takes a lock and releases it (a
// deferred release) before it returns holds nothing its caller could
// protect: the caller's writes after the call are not under the lock.
package innerlock

import (
	"context"
	"time"

	"unfencedwrite/innerlock/rlock"
)

func loadMembers(ctx context.Context, rule string) error {
	lockKey := "members:lock:" + rule
	id, err := rlock.Acquire(ctx, lockKey, 3*time.Second, 5*time.Second)
	if err != nil {
		return err
	}
	defer rlock.Release(ctx, lockKey, id)
	rlock.RDB.Set(ctx, "members:order:"+rule, 0, time.Hour) // want `go-redis Set \(go-redis Set\) under the Redis SET NX lock`
	return nil
}

// Add loads the members under the lock, then works after it was released.
func Add(ctx context.Context, rule, user string) error {
	if err := loadMembers(ctx, rule); err != nil {
		return err
	}
	rlock.RDB.HDel(ctx, "members:"+rule, user)
	rlock.RDB.Decr(ctx, "members:order:"+rule)
	return nil
}

// A key that does not name a lock is one by its release: the package's
// release function compares and deletes it.
func loadRule(ctx context.Context, rule string, prizes []string) error {
	key := "rule:edit:" + rule
	id, err := rlock.Acquire(ctx, key, 3*time.Second, 5*time.Second)
	if err != nil {
		return err
	}
	defer rlock.Release(ctx, key, id)
	rlock.RDB.RPush(ctx, "prizes:"+rule, prizes) // want `go-redis RPush \(go-redis RPush\) under the Redis SET NX lock`
	return nil
}
