package invalidation

import (
	"context"
	"fmt"

	"github.com/go-redsync/redsync/v4"
	"github.com/redis/go-redis/v9"
)

type users struct {
	rdb *redis.Client
	rs  *redsync.Redsync
}

// DelUserInfoCache drops the cached copy: its name says so, whatever the
// key's text.
func (u *users) DelUserInfoCache(ctx context.Context, id string) error {
	return u.rdb.Del(ctx, fmt.Sprintf("user:info:%s", id)).Err()
}

// DelUserSession deletes a session: no cache.
func (u *users) DelUserSession(ctx context.Context, id string) error {
	return u.rdb.Del(ctx, fmt.Sprintf("user:session:%s", id)).Err()
}

// SetUserInfoCache writes an entry: a write, judged.
func (u *users) SetUserInfoCache(ctx context.Context, id string) error {
	return u.rdb.Set(ctx, fmt.Sprintf("user:info:%s", id), "v", 0).Err()
}

func (u *users) rename(ctx context.Context, id string) error {
	m := u.rs.NewMutex("mutex:user:" + id)
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	u.DelUserInfoCache(ctx, id)
	u.DelUserSession(ctx, id)   // want `go-redis Del .* under the redsync lock`
	u.SetUserInfoCache(ctx, id) // want `go-redis Set .* under the redsync lock`
	return nil
}
