// Package goredisv7 exercises FC1001 with a SET NX lock hand-rolled on
// go-redis v7, whose commands take no context: the key is argument 0.
package goredisv7

import (
	"time"

	"github.com/go-redis/redis/v7"
)

// The write under the lock is reported; the lock's own release is not.
func underLock(rdb *redis.Client, owner string) {
	ok, err := rdb.SetNX("lock:billing", owner, 30*time.Second).Result()
	if err != nil || !ok {
		return
	}
	defer rdb.Del("lock:billing")
	rdb.Set("billing:last", "today", 0)       // want `go-redis Set .* under the Redis SET NX lock acquired at goredisv7.go:\d+ does not carry the fencing token`
	rdb.HSet("billing:state", "day", "today") // want `go-redis HSet .* under the Redis SET NX lock`
	rdb.Expire("lock:billing", time.Minute)
}

// A key that names no lock and is never released is de-duplication.
func dedup(rdb redis.Cmdable, id string) {
	if !rdb.SetNX("processed:"+id, 1, time.Hour).Val() {
		return
	}
	rdb.Incr("events:count")
}

// A non-deferred release ends the section.
func releasedFirst(rdb *redis.Client, owner string) {
	if !rdb.SetNX("lock:report", owner, time.Minute).Val() {
		return
	}
	rdb.Del("lock:report")
	rdb.Set("report:done", "1", 0)
}

// Suppressed with a reason.
func suppressed(rdb *redis.Client, owner string) {
	if !rdb.SetNX("lock:cache", owner, time.Minute).Val() {
		return
	}
	defer rdb.Del("lock:cache")
	//lint:ignore FC1001 the cache is rebuilt from scratch by every holder
	rdb.Set("cache:all", "...", 0)
}
