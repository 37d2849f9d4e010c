// Package rlock is an application's SET NX lock whose acquire reports
// (value, ok), on a client kept in a package variable.
package rlock

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

var Client *redis.Client

var Ctx = context.Background()

func AcquireLock(key string, ttl time.Duration) (string, bool) {
	val := uuid.New().String()
	ok, err := Client.SetNX(Ctx, key, val, ttl).Result()
	if err != nil || !ok {
		return "", false
	}
	return val, true
}

func ReleaseLock(key, value string) {
	script := `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`
	_ = Client.Eval(Ctx, script, []string{key}, value).Err()
}
