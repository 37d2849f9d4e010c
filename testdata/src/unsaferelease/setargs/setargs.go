// Package setargs exercises FC5001 on SET NX locks taken with go-redis'
// SetArgs(ctx, key, value, SetArgs{Mode: "NX", TTL: ttl}), the form Redis
// documents instead of SETNX: its error is nil when the key was set and
// redis.Nil when another holder has it.
package setargs

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

const lockPrefix = "deploy:lock:"

type Store struct{ rdb *redis.Client }

func lockKey(env, app string) string { return lockPrefix + env + "/" + app }

// AcquireLock takes the per-app lock: true when it was free.
func (s *Store) AcquireLock(ctx context.Context, env, app, holder string, ttl time.Duration) (bool, error) {
	err := s.rdb.SetArgs(ctx, lockKey(env, app), holder, redis.SetArgs{
		Mode: "NX",
		TTL:  ttl,
	}).Err()
	if err == redis.Nil {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("acquire lock %s/%s: %w", env, app, err)
	}
	return true, nil
}

// ReleaseLock deletes the key whoever holds it by now.
func (s *Store) ReleaseLock(ctx context.Context, env, app string) error {
	return s.rdb.Del(ctx, lockKey(env, app)).Err() // want `go-redis Del releases the Redis SET NX lock acquired at setargs.go:\d+ without checking that the key still holds this holder's value`
}

// The same lock read through Result(), released in the same function.
func runOnce(ctx context.Context, rdb *redis.Client, owner string) error {
	if _, err := rdb.SetArgs(ctx, "lock:reindex", owner, redis.SetArgs{Mode: "nx", TTL: time.Minute}).Result(); err != nil {
		return err
	}
	work()
	return rdb.Del(ctx, "lock:reindex").Err() // want `go-redis Del releases the Redis SET NX lock acquired at setargs.go:\d+`
}

func work() {}

var unlock = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`)

// A compare-and-delete of this holder's value is the safe release.
func safe(ctx context.Context, rdb *redis.Client, owner string) error {
	if err := rdb.SetArgs(ctx, "lock:compact", owner, redis.SetArgs{Mode: "NX", TTL: time.Minute}).Err(); err != nil {
		return err
	}
	work()
	return unlock.Run(ctx, rdb, []string{"lock:compact"}, owner).Err()
}

// A de-duplication marker taken with SetArgs NX is no lock: nothing
// releases it, and its key names no lock; Forget deletes it.
func Accept(ctx context.Context, rdb *redis.Client, id string) (bool, error) {
	err := rdb.SetArgs(ctx, "seen:"+id, "1", redis.SetArgs{Mode: "NX", TTL: 24 * time.Hour}).Err()
	if err == redis.Nil {
		return false, nil
	}
	return err == nil, err
}

func Forget(ctx context.Context, rdb *redis.Client, id string) error {
	return rdb.Del(ctx, "seen:"+id).Err()
}

// XX only overwrites a key that exists: no acquisition, so deleting the
// key afterwards releases nothing.
func refresh(ctx context.Context, rdb *redis.Client, owner string) error {
	if err := rdb.SetArgs(ctx, "lock:refresh", owner, redis.SetArgs{Mode: "XX", TTL: time.Minute}).Err(); err != nil {
		return err
	}
	return rdb.Del(ctx, "lock:refresh").Err()
}

// A Mode chosen at run time says nothing: no acquisition.
func chosen(ctx context.Context, rdb *redis.Client, owner, mode string) error {
	if err := rdb.SetArgs(ctx, "lock:chosen", owner, redis.SetArgs{Mode: mode}).Err(); err != nil {
		return err
	}
	return rdb.Del(ctx, "lock:chosen").Err()
}

// The reviewed exception.
func suppressed(ctx context.Context, rdb *redis.Client, owner string) error {
	if err := rdb.SetArgs(ctx, "lock:vacuum", owner, redis.SetArgs{Mode: "NX", TTL: time.Hour}).Err(); err != nil {
		return err
	}
	work()
	//lint:ignore FC5001 the vacuum lock outlives any run by an hour; a blind delete is accepted here
	return rdb.Del(ctx, "lock:vacuum").Err()
}
