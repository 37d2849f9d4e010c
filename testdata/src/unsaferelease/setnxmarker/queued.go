package setnxmarker

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// A marker per item, set inside a run lock: it is kept once the item was
// published and acknowledged (that is what makes the next run skip it),
// and deleted when the publish failed, was refused or timed out, so that
// the next run retries it. Those deletes undo this run's own marker on
// any test of the outcome: no release (FC5001), and no write a successor
// could lose (FC1001 under the run lock).
func distribute(ctx context.Context, rdb *redis.Client, ids []string, publish func(string) error, acks chan bool) int {
	if ok, err := rdb.SetNX(ctx, "billing_run_lock:2026-12", "running", 23*time.Hour).Result(); err != nil || !ok {
		return 0
	}
	n := 0
	for _, id := range ids {
		key := "queued:" + id
		isNew, err := rdb.SetNX(ctx, key, "true", 31*24*time.Hour).Result()
		if err != nil || !isNew {
			continue // already queued
		}
		if err := publish(id); err != nil {
			rdb.Del(ctx, key)
			continue
		}
		select {
		case ack := <-acks:
			if !ack {
				rdb.Del(ctx, key)
			} else {
				n++
			}
		case <-time.After(5 * time.Second):
			rdb.Del(ctx, key)
		}
	}
	return n
}

// The same shape, but the key is also given up after a successful
// publish: a lock taken per item, whose deletes are releases.
func distributeLocked(ctx context.Context, rdb *redis.Client, ids []string, publish func(string) error, acks chan bool) {
	for _, id := range ids {
		key := "item:" + id
		isNew, err := rdb.SetNX(ctx, key, "true", time.Minute).Result()
		if err != nil || !isNew {
			continue
		}
		if err := publish(id); err != nil {
			rdb.Del(ctx, key) // want `go-redis Del releases the Redis SET NX lock acquired at queued.go:\d+ without checking`
			continue
		}
		if ack := <-acks; !ack {
			rdb.Del(ctx, key) // want `go-redis Del releases the Redis SET NX lock acquired at queued.go:\d+ without checking`
			continue
		}
		rdb.Del(ctx, key) // want `go-redis Del releases the Redis SET NX lock acquired at queued.go:\d+ without checking`
	}
}

// Kept on success, but the key is handed to a helper of the program,
// which may give it up: not known to be a marker; both deletes are
// releases.
func distributeHelper(ctx context.Context, rdb *redis.Client, id string, publish func(string) bool) {
	key := "pending:" + id
	if !rdb.SetNX(ctx, key, "true", time.Minute).Val() {
		return
	}
	if ack := publish(id); !ack {
		rdb.Del(ctx, key) // want `go-redis Del releases the Redis SET NX lock acquired at queued.go:\d+ without checking`
		return
	}
	finish(rdb, key)
}

func finish(rdb *redis.Client, key string) {
	rdb.Del(context.Background(), key) // want `go-redis Del releases the Redis SET NX lock acquired at queued.go:\d+ without checking`
}
