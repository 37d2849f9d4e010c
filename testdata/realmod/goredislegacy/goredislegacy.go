// Package goredislegacy runs a job under SET NX locks hand-rolled on the
// go-redis versions before v9: v8 (github.com/go-redis/redis/v8, commands
// take a context), v7 and v6 (no context: the key is argument 0).
package goredislegacy

import (
	"context"
	"time"

	redis6 "github.com/go-redis/redis"
	redis7 "github.com/go-redis/redis/v7"
	redis8 "github.com/go-redis/redis/v8"
)

var release8 = redis8.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`)

// V8 releases with the compare-and-delete script; the write is unfenced.
func V8(ctx context.Context, rdb *redis8.Client, owner string) error {
	ok, err := rdb.SetNX(ctx, "lock:billing", owner, 30*time.Second).Result()
	if err != nil || !ok {
		return err
	}
	defer release8.Run(ctx, rdb, []string{"lock:billing"}, owner)
	return rdb.Set(ctx, "billing:last", "today", 0).Err() // want "FC1001"
}

// V7 releases with a plain DEL.
func V7(rdb *redis7.Client, owner string) error {
	ok, err := rdb.SetNX("lock:report", owner, 30*time.Second).Result()
	if err != nil || !ok {
		return err
	}
	defer rdb.Del("lock:report")             // want "FC5001"
	rdb.HSet("report:state", "day", "today") // want "FC1001"
	return nil
}

// V6 compares in Go before the DEL.
func V6(rdb *redis6.Client, key, owner string) {
	if rdb.Get(key).Val() == owner {
		rdb.Del(key) // want "FC5001"
	}
}

// Dedup is de-duplication, not a lock: silent.
func Dedup(rdb redis7.Cmdable, id string) bool {
	return rdb.SetNX("processed:"+id, 1, time.Hour).Val()
}
