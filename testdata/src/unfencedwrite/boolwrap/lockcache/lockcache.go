// Package lockcache is an application's SET NX lock wrapper: Lock reports
// with a bool whether the key was set, UnLock deletes it by script.
package lockcache

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

type RedisLock struct {
	redis *redis.Client
}

func NewRedisLock(rds *redis.Client) *RedisLock { return &RedisLock{rds} }

func (r *RedisLock) Lock(ctx context.Context, name string, expire int) bool {
	return r.redis.SetNX(ctx, r.name(name), 1, time.Duration(expire)*time.Second).Val()
}

func (r *RedisLock) UnLock(ctx context.Context, name string) bool {
	script := `
	if redis.call("GET", KEYS[1]) == ARGV[1] then
		return redis.call("DEL", KEYS[1])
	else
		return false
	end`
	return r.redis.Eval(ctx, script, []string{r.name(name)}, 1).Err() == nil
}

func (r *RedisLock) name(name string) string {
	return fmt.Sprintf("im:lock:%s", name)
}

// Flags sets keys under a prefix of its own: a lock where the caller's
// key names one, a marker otherwise.
type Flags struct {
	redis *redis.Client
}

func (f *Flags) Take(ctx context.Context, name string) bool {
	return f.redis.SetNX(ctx, f.key(name), 1, time.Minute).Val()
}

func (f *Flags) key(name string) string { return "im:" + name }
