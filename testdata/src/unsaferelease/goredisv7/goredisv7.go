// Package goredisv7 exercises FC5001 with SET NX locks on go-redis v7,
// whose commands take no context.
package goredisv7

import (
	"time"

	"github.com/go-redis/redis/v7"
)

var release = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`)

func work() {}

func deferredDel(rdb *redis.Client, owner string) {
	if !rdb.SetNX("lock:billing", owner, 30*time.Second).Val() {
		return
	}
	defer rdb.Del("lock:billing") // want `go-redis Del releases the Redis SET NX lock acquired at goredisv7.go:\d+ without checking`
	work()
}

func getCompareDel(rdb *redis.Client, key, owner string) {
	if rdb.Get(key).Val() == owner {
		rdb.Del(key) // want `go-redis Del deletes the lock key after a GET whose value was compared in Go`
	}
}

// The compare-and-delete script is the safe release.
func scripted(rdb *redis.Client, owner string) {
	if !rdb.SetNX("lock:report", owner, time.Minute).Val() {
		return
	}
	defer release.Run(rdb, []string{"lock:report"}, owner)
	work()
}

// A cache entry deleted after a check is no lock.
func cache(rdb *redis.Client, key string) {
	if rdb.Get(key).Val() == "stale" {
		rdb.Del(key)
	}
}

// Suppressed with a reason.
func suppressed(rdb *redis.Client, owner string) {
	if !rdb.SetNX("lock:migrate", owner, time.Minute).Val() {
		return
	}
	work()
	//lint:ignore FC5001 single-instance job: nobody else ever takes this lock
	rdb.Del("lock:migrate")
}
