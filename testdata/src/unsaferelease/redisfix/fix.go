// Package redisfix exercises FC5001's suggested fix: a DEL of a SET NX lock
// key rewritten into a compare-and-delete script.
package redisfix

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

func work() {}

func plain(ctx context.Context, rdb *redis.Client, key, owner string) error {
	ok, err := rdb.SetNX(ctx, key, owner, 30*time.Second).Result()
	if err != nil || !ok {
		return err
	}
	work()
	rdb.Del(ctx, key) // want `go-redis Del releases the Redis SET NX lock`
	return nil
}

func deferred(ctx context.Context, rdb redis.UniversalClient, owner string) {
	if !rdb.SetNX(ctx, "lock:report", owner, time.Minute).Val() {
		return
	}
	defer rdb.Del(ctx, "lock:report") // want `go-redis Del releases the Redis SET NX lock`
	work()
}

type job struct {
	rdb   *redis.Client
	token string
}

func (j *job) run(ctx context.Context, key string) error {
	if !j.rdb.SetNX(ctx, key, j.token, time.Minute).Val() {
		return nil
	}
	work()
	return j.rdb.Unlink(ctx, key).Err() // want `go-redis Unlink releases the Redis SET NX lock`
}

// No fix: the result is used as a count.
func counted(ctx context.Context, rdb *redis.Client, key, owner string) (int64, error) {
	if !rdb.SetNX(ctx, key, owner, time.Minute).Val() {
		return 0, nil
	}
	work()
	return rdb.Del(ctx, key).Result() // want `go-redis Del releases the Redis SET NX lock`
}

// No fix: the owner is computed by a call, which the script would repeat.
func computedOwner(ctx context.Context, rdb *redis.Client, key string) {
	if !rdb.SetNX(ctx, key, time.Now().String(), time.Minute).Val() {
		return
	}
	work()
	rdb.Del(ctx, key) // want `go-redis Del releases the Redis SET NX lock`
}

// No fix: a constant owner would make the script as unsafe as the DEL.
func constantOwner(ctx context.Context, rdb *redis.Client) {
	if !rdb.SetNX(ctx, "lock:one", "1", time.Minute).Val() {
		return
	}
	work()
	rdb.Del(ctx, "lock:one") // want `go-redis Del releases the Redis SET NX lock`
}

// No fix: the owner is declared in a scope the DEL cannot see.
func scoped(ctx context.Context, rdb *redis.Client, key string) {
	if owner := "w-" + key; !rdb.SetNX(ctx, key, owner, time.Minute).Val() {
		return
	}
	work()
	rdb.Del(ctx, key) // want `go-redis Del releases the Redis SET NX lock`
}

// No fix inside a pipeline: Run cannot fall back from EVALSHA to EVAL there.
func piped(ctx context.Context, rdb *redis.Client, key, owner string) {
	if !rdb.SetNX(ctx, key, owner, time.Minute).Val() {
		return
	}
	work()
	rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		p.Del(ctx, key) // want `go-redis Del releases the Redis SET NX lock`
		return nil
	})
}
