// Package invalidation: deleting a cache entry under a lock only makes the
// next reader fill it again, so a stale holder repeating it cannot
// overwrite a successor's state; writing a cache entry, or deleting any
// other key, is still unfenced.
package invalidation

import (
	"context"
	"fmt"

	"github.com/go-redsync/redsync/v4"
	"github.com/redis/go-redis/v9"
)

func update(ctx context.Context, rs *redsync.Redsync, rdb *redis.Client, userID string) error {
	m := rs.NewMutex("user:" + userID)
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	rdb.Del(ctx, "cache:user:"+userID)
	rdb.Unlink(ctx, fmt.Sprintf("user_cache_%s", userID))
	rdb.HDel(ctx, "profile-cache", userID)
	rdb.Set(ctx, "cache:user:"+userID, "v", 0) // want `go-redis Set .* under the redsync lock`
	rdb.Del(ctx, "session:"+userID)            // want `go-redis Del .* under the redsync lock`
	rdb.Del(ctx, userID)                       // want `go-redis Del .* under the redsync lock`
	return nil
}

func suppressed(ctx context.Context, rs *redsync.Redsync, rdb *redis.Client, userID string) {
	m := rs.NewMutex("user:" + userID)
	if err := m.LockContext(ctx); err != nil {
		return
	}
	defer m.UnlockContext(ctx)
	rdb.Del(ctx, "pending:"+userID) //lint:ignore FC1001 the pending marker is recreated by every holder
}
