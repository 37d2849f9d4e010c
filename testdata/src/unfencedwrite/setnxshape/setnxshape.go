// Package setnxshape exercises FC1001 with SET NX locks recognised by
// what the program does with the key rather than by its text: wrappers
// whose caller names the lock, a key kept in a struct field and deleted
// by another method, a key the wrapper's caller releases.
package setnxshape

import (
	"context"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
)

var rdb *redis.Client
var ctx = context.Background()

func serialKey(key string) string { return "app:" + key }

// Lock takes a key the caller names: a lock or not, by the caller's key.
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
	return rdb.Del(ctx, serialKey(key)).Err()
}

// LockNode names the lock, two levels above the SET NX.
func LockNode(id string) error {
	return Lock(strings.Join([]string{"node-status-lock", id}, ":"), 5*time.Second)
}

func UnlockNode(id string) error {
	return Unlock(strings.Join([]string{"node-status-lock", id}, ":"))
}

func updateNode(id string) error {
	if err := LockNode(id); err != nil {
		return err
	}
	defer UnlockNode(id)
	return rdb.HSet(ctx, "nodes", id, "up").Err() // want `go-redis HSet .* under the Redis SET NX lock`
}

// MarkSeen is the same shape as Lock, but its callers pass a
// de-duplication key: no lock, no finding.
func MarkSeen(key string) (bool, error) {
	return rdb.SetNX(ctx, serialKey(key), "1", time.Hour).Result()
}

func ingest(id string) error {
	if seen, err := MarkSeen("event:" + id); err != nil || seen {
		return err
	}
	return rdb.Incr(ctx, "events").Err()
}

// A lock whose key lives in a struct field and whose name says nothing:
// Unlock deletes the same field, so SetNX in Lock takes a lock.
type Mutex struct {
	name  string
	owner string
}

func (m *Mutex) Lock() (bool, error) {
	return rdb.SetNX(ctx, m.name, m.owner, time.Minute).Result()
}

func (m *Mutex) Unlock() error {
	return rdb.Del(ctx, m.name).Err()
}

func withMutex(m *Mutex) error {
	ok, err := m.Lock()
	if err != nil || !ok {
		return err
	}
	defer m.Unlock()
	return rdb.Set(ctx, "report", "done", 0).Err() // want `go-redis Set .* under the Redis SET NX lock`
}

// A flag deleted by another method through a different field is no lock.
type Once struct {
	flag, other string
}

func (o *Once) Try() (bool, error) {
	return rdb.SetNX(ctx, o.flag, 1, time.Hour).Result()
}

func (o *Once) Reset() error {
	return rdb.Del(ctx, o.other).Err()
}

func withOnce(o *Once) error {
	ok, err := o.Try()
	if err != nil || !ok {
		return err
	}
	return rdb.Set(ctx, "once", "done", 0).Err()
}

// The wrapper's caller releases the key it passed, in a deferred literal:
// the release and the watchdog's renewal belong to the lock.
func acquire(key, owner string) error {
	ok, err := rdb.SetNX(ctx, key, owner, 30*time.Second).Result()
	if err != nil {
		return err
	}
	if !ok {
		return redis.Nil
	}
	return nil
}

func release(key, owner string) error {
	if rdb.Get(ctx, key).Val() == owner {
		return rdb.Del(ctx, key).Err()
	}
	return nil
}

func renew(key string) {
	rdb.Expire(ctx, key, 30*time.Second)
}

func job(key, owner string) error {
	if err := acquire(key, owner); err != nil {
		return err
	}
	defer func() {
		_ = release(key, owner)
	}()
	go func() {
		for range time.Tick(10 * time.Second) {
			rdb.Eval(ctx, `return redis.call("pexpire", KEYS[1], ARGV[1])`, []string{key}, 30000)
		}
	}()
	renew(key)
	return rdb.Set(ctx, "job:last", "done", 0).Err() // want `go-redis Set .* under the Redis SET NX lock`
}

// The handle a wrapper returns is the lock's: its renewal script and its
// release are the lock's own operations, not writes under it.
type OwnedLock struct {
	key, token string
}

var renewScript = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) end return 0`)

func AcquireOwned(key, token string) (*OwnedLock, error) {
	ok, err := rdb.SetNX(ctx, serialKey(key), token, time.Minute).Result()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, redis.Nil
	}
	return &OwnedLock{key: key, token: token}, nil
}

func (l *OwnedLock) Renew() error {
	return renewScript.Run(ctx, rdb, []string{serialKey(l.key)}, l.token, 60000).Err()
}

func (l *OwnedLock) Unlock() error {
	return renewScript.Run(ctx, rdb, []string{serialKey(l.key)}, l.token).Err()
}

func initEnv(id string) error {
	lock, err := AcquireOwned("env_init_lock:"+id, id)
	if err != nil {
		return err
	}
	defer lock.Unlock()
	if err := lock.Renew(); err != nil {
		return err
	}
	return rdb.Set(ctx, "env:"+id, "ready", 0).Err() // want `go-redis Set .* under the Redis SET NX lock`
}
