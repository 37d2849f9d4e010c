// Package rlock is an application's Redis lock: Acquire retries SET NX
// until a deadline, Release compares the value before deleting.
package rlock

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

var RDB *redis.Client

func Acquire(ctx context.Context, key string, ttl, wait time.Duration) (string, error) {
	u := "token"
	deadline := time.Now().Add(wait)
	for time.Now().Before(deadline) {
		res, err := RDB.SetArgs(ctx, key, u, redis.SetArgs{Mode: "NX", TTL: ttl}).Result()
		if err != nil {
			return "", err
		}
		if res == "OK" {
			return u, nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return "", errors.New("busy")
}

var releaseScript = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`)

func Release(ctx context.Context, key, value string) {
	releaseScript.Run(ctx, RDB, []string{key}, value)
}
