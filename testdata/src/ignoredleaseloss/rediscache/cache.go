// Package rediscache wraps go-redis in package-level helpers, as
// dify-plugin-daemon's pkg/utils/cache does.
package rediscache

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
)

var (
	client *redis.Client
	ctx    = context.Background()
)

var ErrDBNotInit = errors.New("redis not initialised")

func getCmdable(context ...redis.Cmdable) redis.Cmdable {
	if len(context) > 0 {
		return context[0]
	}
	return client
}

func serialKey(keys ...string) string { return "plugin_daemon:" + strings.Join(keys, ":") }

// SetNX takes a key if it is free.
func SetNX(key string, value string, expire time.Duration, context ...redis.Cmdable) (bool, error) {
	if client == nil {
		return false, ErrDBNotInit
	}
	return getCmdable(context...).SetNX(ctx, serialKey(key), value, expire).Result()
}

// Expire sets a key's TTL; false when the key does not exist.
func Expire(key string, ttl time.Duration, context ...redis.Cmdable) (bool, error) {
	if client == nil {
		return false, ErrDBNotInit
	}
	return getCmdable(context...).Expire(ctx, serialKey(key), ttl).Result()
}

// Touch extends a key and says nothing about it.
func Touch(key string, ttl time.Duration) error {
	return client.Expire(ctx, serialKey(key), ttl).Err()
}
