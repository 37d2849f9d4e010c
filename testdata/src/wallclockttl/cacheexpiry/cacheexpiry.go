// Package cacheexpiry keeps a logical expiry inside cached values and
// rebuilds an expired one under a SET NX lock on another key: that
// deadline is the cached copy's, not a lease's. A lock record whose own
// deadline is read back from the lock's key is a lease's.
package cacheexpiry

import (
	"context"
	"encoding/json"
	"time"

	"github.com/redis/go-redis/v9"
)

type redisData struct {
	ExpireTime time.Time
	Data       json.RawMessage
}

type lockRecord struct {
	Owner      string
	ExpireTime time.Time
}

type cache struct{ rdb *redis.Client }

func (c *cache) tryLock(ctx context.Context, key string) bool {
	ok, _ := c.rdb.SetNX(ctx, key, "1", 10*time.Second).Result()
	return ok
}

// logical returns the cached copy and rebuilds it once it is stale.
func (c *cache) logical(ctx context.Context, key, lockKey string, load func() []byte) []byte {
	got, err := c.rdb.Get(ctx, key).Result()
	if err != nil {
		return nil
	}
	var rd redisData
	if err := json.Unmarshal([]byte(got), &rd); err != nil {
		return nil
	}
	if time.Now().Before(rd.ExpireTime) {
		return rd.Data
	}
	if c.tryLock(ctx, lockKey) {
		defer c.rdb.Del(ctx, lockKey)
		b, _ := json.Marshal(redisData{ExpireTime: time.Now().Add(time.Minute), Data: load()})
		c.rdb.Set(ctx, key, b, 0)
	}
	return rd.Data
}

// takeOverSuppressed is takeOver with the finding suppressed.
func (c *cache) takeOverSuppressed(ctx context.Context, lockKey, me string) bool {
	got, err := c.rdb.Get(ctx, lockKey).Result()
	if err != nil {
		return c.tryLock(ctx, lockKey)
	}
	var rec lockRecord
	if err := json.Unmarshal([]byte(got), &rec); err != nil {
		return false
	}
	//lint:ignore FC4001 the hosts' clocks are kept within a second and the lease is ten minutes
	if time.Now().After(rec.ExpireTime) {
		b, _ := json.Marshal(lockRecord{Owner: me, ExpireTime: time.Now().Add(time.Minute)})
		c.rdb.Set(ctx, lockKey, b, 0)
		return c.tryLock(ctx, lockKey)
	}
	return false
}

// takeOver reads the lock's own record and takes it over once its
// deadline, written by another host's clock, has passed.
func (c *cache) takeOver(ctx context.Context, lockKey, me string) bool {
	got, err := c.rdb.Get(ctx, lockKey).Result()
	if err != nil {
		return c.tryLock(ctx, lockKey)
	}
	var rec lockRecord
	if err := json.Unmarshal([]byte(got), &rec); err != nil {
		return false
	}
	if time.Now().After(rec.ExpireTime) { // want `decides lease expiry by comparing a value decoded from JSON into rec with this host's clock`
		b, _ := json.Marshal(lockRecord{Owner: me, ExpireTime: time.Now().Add(time.Minute)})
		c.rdb.Set(ctx, lockKey, b, 0)
		return c.tryLock(ctx, lockKey)
	}
	return false
}
