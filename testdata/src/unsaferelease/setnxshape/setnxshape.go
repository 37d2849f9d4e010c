// Package setnxshape exercises FC5001 on SET NX locks recognised across
// functions: the same key-building call in Lock and Unlock, the same
// struct field in two methods.
package setnxshape

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

var rdb *redis.Client
var ctx = context.Background()

func serialKey(key string) string { return "app:" + key }

// Lock and Unlock build the key the same way from their argument; every
// holder writes "1".
func Lock(key string, expire time.Duration) error {
	for {
		if ok, err := rdb.SetNX(ctx, serialKey(key), "1", expire).Result(); err != nil {
			return err
		} else if ok {
			return nil
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func Unlock(key string) error {
	return rdb.Del(ctx, serialKey(key)).Err() // want `go-redis Del releases the Redis SET NX lock acquired at setnxshape.go:\d+ without checking.*the lock's value "1" is the same for every holder`
}

// MarkSeen and Forget have the same shape, but nothing says MarkSeen
// takes a lock, and Forget, a generic delete, releases none.
func MarkSeen(id string) (bool, error) {
	return rdb.SetNX(ctx, serialKey(id), "1", time.Hour).Result()
}

func Forget(id string) error {
	return rdb.Del(ctx, serialKey(id)).Err()
}

// A lock type keeps the key in a field; Unlock deletes it unconditionally.
type Mutex struct {
	name, owner string
}

func (m *Mutex) Lock() (bool, error) {
	return rdb.SetNX(ctx, m.name, m.owner, time.Minute).Result()
}

func (m *Mutex) Unlock() error {
	return rdb.Del(ctx, m.name).Err() // want `go-redis Del releases the Redis SET NX lock acquired at setnxshape.go:\d+ without checking`
}

var unlockScript = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`)

// The owned lock releases with a compare-and-delete of its own token.
type Owned struct {
	key, token string
}

func (o *Owned) Lock() (bool, error) {
	return rdb.SetNX(ctx, o.key, o.token, time.Minute).Result()
}

func (o *Owned) Unlock() error {
	return unlockScript.Run(ctx, rdb, []string{o.key}, o.token).Err()
}

// A constant key deleted where the lock is held: in a function the
// acquiring one calls, in a function that calls an acquiring helper, and
// in a cleanup that the caller of the acquiring helper runs.
func runReport(host string) {
	if !rdb.SetNX(ctx, "report-job", host, time.Minute).Val() {
		return
	}
	finishReport()
}

func finishReport() {
	rdb.Del(ctx, "report-job") // want `go-redis Del releases the Redis SET NX lock acquired at setnxshape.go:\d+ without checking`
}

func tryExport(host string) bool {
	return rdb.SetNX(ctx, "export-job", host, time.Minute).Val()
}

func export(host string) {
	if !tryExport(host) {
		return
	}
	rdb.Del(ctx, "export-job") // want `go-redis Del releases the Redis SET NX lock acquired at setnxshape.go:\d+ without checking`
}

func tryImport(host string) bool {
	return rdb.SetNX(ctx, "import-job", host, time.Minute).Val()
}

func doneImport() {
	rdb.Del(ctx, "import-job") // want `go-redis Del releases the Redis SET NX lock acquired at setnxshape.go:\d+ without checking`
}

func importAll(host string) {
	if !tryImport(host) {
		return
	}
	defer doneImport()
}

// The same constant key deleted by a function that neither holds the
// lock nor runs where it is held (a fixture reset): it releases nothing
// of its own, silent.
func resetFixtures() {
	rdb.Del(ctx, "report-job")
}
