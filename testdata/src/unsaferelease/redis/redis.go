// Package redis exercises FC5001 with hand-rolled Redis SET NX locks.
package redis

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

var release = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`)

func work() {}

// DEL of the lock key in a defer: deletes whoever holds the key by then.
func deferredDel(ctx context.Context, rdb *redis.Client, owner string) error {
	ok, err := rdb.SetNX(ctx, "lock:billing", owner, 30*time.Second).Result()
	if err != nil || !ok {
		return err
	}
	defer rdb.Del(ctx, "lock:billing") // want `go-redis Del releases the Redis SET NX lock acquired at redis.go:\d+ without checking that the key still holds this holder's value.*compare-and-delete Lua script`
	work()
	return nil
}

// UNLINK is a DEL too; the key is built at run time.
func unlink(ctx context.Context, rdb redis.UniversalClient, job, owner string) {
	key := "lock:" + job
	if !rdb.SetNX(ctx, key, owner, time.Minute).Val() {
		return
	}
	work()
	rdb.Unlink(ctx, key) // want `go-redis Unlink releases the Redis SET NX lock`
}

// A constant value is the same for every holder.
func constantValue(ctx context.Context, rdb *redis.Client) {
	if !rdb.SetNX(ctx, "lock:reindex", "1", time.Minute).Val() {
		return
	}
	work()
	rdb.Del(ctx, "lock:reindex") // want `go-redis Del releases .*the lock's value "1" is the same for every holder`
}

// GET, compare in Go, then DEL: the key can change hands in between.
func getCompareDel(ctx context.Context, rdb *redis.Client, key, owner string) error {
	v, err := rdb.Get(ctx, key).Result()
	if err != nil {
		return err
	}
	if v == owner {
		return rdb.Del(ctx, key).Err() // want `go-redis Del deletes the lock key after a GET whose value was compared in Go: the lease can expire .* between the GET and the DEL`
	}
	return nil
}

// The same through Val(), with the acquisition in the same function.
func getValCompareDel(ctx context.Context, rdb *redis.Client, owner string) {
	if ok, _ := rdb.SetNX(ctx, "lock:gc", owner, time.Minute).Result(); !ok {
		return
	}
	work()
	if rdb.Get(ctx, "lock:gc").Val() == owner {
		rdb.Del(ctx, "lock:gc") // want `go-redis Del deletes the lock key of the Redis SET NX lock acquired at redis.go:\d+ after a GET`
	}
}

// A lock type whose Lock and Unlock are separate methods.
type mutex struct {
	rdb     *redis.Client
	lockKey string
	token   string
}

func (m *mutex) Lock(ctx context.Context) bool {
	return m.rdb.SetNX(ctx, m.lockKey, m.token, time.Minute).Val()
}

func (m *mutex) Unlock(ctx context.Context) error {
	return m.rdb.Del(ctx, m.lockKey).Err() // want `go-redis Del releases the Redis SET NX lock acquired at redis.go:\d+`
}

// The key reaches the DEL through a helper's parameter.
func withHelper(ctx context.Context, rdb *redis.Client, id, owner string) {
	key := "job:" + id
	if !rdb.SetNX(ctx, key, owner, time.Minute).Val() {
		return
	}
	work()
	drop(ctx, rdb, key)
}

func drop(ctx context.Context, rdb *redis.Client, key string) {
	rdb.Del(ctx, key) // want `go-redis Del releases the Redis SET NX lock`
}

// A DEL inside a deferred function literal.
func deferredLiteral(ctx context.Context, rdb *redis.Client, owner string) {
	key := "lease:compactor"
	if !rdb.SetNX(ctx, key, owner, time.Minute).Val() {
		return
	}
	defer func() {
		rdb.Del(ctx, key) // want `go-redis Del releases the Redis SET NX lock`
	}()
	work()
}

// Compare-and-delete scripts whose owner is a constant.
func constantOwnerScript(ctx context.Context, rdb *redis.Client) {
	if !rdb.SetNX(ctx, "lock:sweep", "worker", time.Minute).Val() {
		return
	}
	work()
	release.Run(ctx, rdb, []string{"lock:sweep"}, "worker") // want `the compare-and-delete script \(go-redis Script.Run\) releases the lock of the Redis SET NX lock acquired at redis.go:\d+ only if it holds "worker", a constant that every holder uses`
}

func constantOwnerEval(ctx context.Context, rdb *redis.Client, key string) {
	rdb.Eval(ctx, `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`, []string{key}, "me") // want `compare-and-delete script \(go-redis Eval\) releases the lock only if it holds "me"`
}

func constantMatchValue(ctx context.Context, rdb *redis.Client, key string) {
	rdb.DelExArgs(ctx, "lock:"+key, redis.DelExArgs{Mode: "IFEQ", MatchValue: "host-a"}) // want `DelExArgs with IFEQ releases the lock only if it holds "host-a"`
}

// --- must stay silent ---

// A conditional delete of a key that nothing locks (a cache entry).
func delexCache(ctx context.Context, rdb *redis.Client, key string) {
	rdb.DelExArgs(ctx, "cache:"+key, redis.DelExArgs{Mode: "IFEQ", MatchValue: "stale"})
}

// A key named like a lock but written with a plain SET (no NX) here was
// never locked (go-redis' own DELEX test).
func delexAfterPlainSet(ctx context.Context, rdb *redis.Client) {
	rdb.Set(ctx, "lock", "token-123", 0)
	rdb.DelExArgs(ctx, "lock", redis.DelExArgs{Mode: "IFEQ", MatchValue: "token-123"})
}

// The safe release: compare-and-delete with this holder's value.
func safeScript(ctx context.Context, rdb *redis.Client, owner string) {
	if !rdb.SetNX(ctx, "lock:billing", owner, time.Minute).Val() {
		return
	}
	defer release.Run(ctx, rdb, []string{"lock:billing"}, owner)
	work()
}

func safeEval(ctx context.Context, rdb *redis.Client, key, owner string) error {
	return rdb.Eval(ctx, `if redis.call("get",KEYS[1]) == ARGV[1] then return redis.call("del",KEYS[1]) else return 0 end`, []string{key}, owner).Err()
}

func safeDelEx(ctx context.Context, rdb *redis.Client, owner string) {
	if !rdb.SetNX(ctx, "lock:billing", owner, time.Minute).Val() {
		return
	}
	work()
	rdb.DelExArgs(ctx, "lock:billing", redis.DelExArgs{Mode: "IFEQ", MatchValue: owner})
}

// GET-compare-DEL inside WATCH/MULTI is an optimistic transaction.
func watched(ctx context.Context, rdb *redis.Client, key, owner string) error {
	return rdb.Watch(ctx, func(tx *redis.Tx) error {
		v, err := tx.Get(ctx, key).Result()
		if err != nil || v != owner {
			return err
		}
		_, err = tx.TxPipelined(ctx, func(p redis.Pipeliner) error {
			p.Del(ctx, key)
			return nil
		})
		return err
	}, key)
}

// SET NX for de-duplication, and DELs of keys that are no lock.
func dedup(ctx context.Context, rdb *redis.Client, id string) {
	if !rdb.SetNX(ctx, "processed:"+id, 1, time.Hour).Val() {
		return
	}
	work()
	rdb.Del(ctx, "cache:"+id)
}

func cacheOnly(ctx context.Context, rdb *redis.Client, key string) {
	if rdb.Get(ctx, key).Val() != "" {
		work()
	}
	rdb.Del(ctx, "other")
}

// --- suppressed ---

func suppressed(ctx context.Context, rdb *redis.Client, owner string) {
	if !rdb.SetNX(ctx, "lock:migrate", owner, time.Minute).Val() {
		return
	}
	work()
	//lint:ignore FC5001 the key is namespaced per process and never shared
	rdb.Del(ctx, "lock:migrate")
}

func suppressedNolint(ctx context.Context, rdb *redis.Client, owner string) {
	if !rdb.SetNX(ctx, "lock:migrate", owner, time.Minute).Val() {
		return
	}
	work()
	rdb.Del(ctx, "lock:migrate") //nolint:unsaferelease // single-instance deployment
}

// A cache entry checked before it is dropped: no lock, no owner.
func cacheVersion(ctx context.Context, rdb *redis.Client, current string) {
	if rdb.Get(ctx, "config:version").Val() != current {
		rdb.Del(ctx, "config:version")
	}
}

// GET-compare-DEL on a lock-like key, compared with a value of any name.
func lockKeyCompare(ctx context.Context, rdb *redis.Client, v string) {
	if rdb.Get(ctx, "lock:nightly").Val() == v {
		rdb.Del(ctx, "lock:nightly") // want `go-redis Del deletes the lock key after a GET whose value was compared in Go`
	}
}
