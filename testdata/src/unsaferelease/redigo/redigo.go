// Package redigo exercises FC5001 with SET NX locks on redigo, whose
// commands are strings.
package redigo

import (
	"errors"

	"github.com/gomodule/redigo/redis"
)

func work() {}

// DEL of the lock key releases whoever holds it by then.
func deferredDel(conn redis.Conn, owner string) error {
	res, err := conn.Do("SET", "lock:billing", owner, "NX", "PX", 30000)
	if err != nil || res == nil {
		return err
	}
	defer conn.Do("DEL", "lock:billing") // want `redigo Do\("DEL"\) releases the Redis SET NX lock acquired at redigo.go:\d+ without checking`
	work()
	return nil
}

// AcquireLock and ReleaseLock: GET, compare in Go, DEL.
func AcquireLock(conn redis.Conn, lockerKey, lockerID string, expire int64) error {
	args := []interface{}{lockerKey, lockerID, "NX", "EX", expire}
	res, err := conn.Do("SET", args...)
	if err != nil {
		return err
	}
	if res == nil {
		return errors.New("held")
	}
	return nil
}

func ReleaseLock(conn redis.Conn, lockerKey, lockerID string) error {
	theID, err := redis.String(conn.Do("GET", lockerKey))
	if err != nil {
		return err
	}
	if theID == lockerID {
		_, err := conn.Do("DEL", lockerKey) // want `redigo Do\("DEL"\) deletes the lock key after a GET whose value was compared in Go`
		return err
	}
	return errors.New("locker ID mismatch")
}

// The compare-and-delete script is the safe release.
var release = redis.NewScript(1, `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`)

func scripted(conn redis.Conn, owner string) {
	if _, err := redis.String(conn.Do("SET", "lock:report", owner, "NX", "EX", 30)); err != nil {
		return
	}
	defer release.Do(conn, "lock:report", owner)
	work()
}

// A cached value checked before it is dropped is no lock; neither is a
// de-duplication marker.
func cache(conn redis.Conn, key string) {
	if v, _ := redis.String(conn.Do("GET", key)); v == "stale" {
		conn.Do("DEL", key)
	}
	conn.Do("SET", "seen:1", 1, "NX", "EX", 60)
	conn.Do("DEL", "seen:2")
}

func suppressed(conn redis.Conn, owner string) {
	if ok, _ := redis.Bool(conn.Do("SETNX", "lock:migrate", owner)); !ok {
		return
	}
	work()
	conn.Do("DEL", "lock:migrate") //nolint:unsaferelease // single-instance job
}
