// Package redigolock takes a hand-rolled SET NX lock with redigo, whose
// commands are strings, through a wrapper, and releases it with a GET
// compared in Go before the DEL.
package redigolock

import (
	"errors"

	"github.com/gomodule/redigo/redis"
)

// ErrHeld means another node holds the lock.
var ErrHeld = errors.New("redigolock: held")

// AcquireLock sets the key if nobody holds it.
func AcquireLock(conn redis.Conn, lockKey, owner string, ttl int64) error {
	res, err := conn.Do("SET", lockKey, owner, "NX", "EX", ttl)
	if err != nil {
		return err
	}
	if res == nil {
		return ErrHeld
	}
	return nil
}

// ReleaseLock deletes the key if it still holds owner: not atomically.
func ReleaseLock(conn redis.Conn, lockKey, owner string) error {
	v, err := redis.String(conn.Do("GET", lockKey))
	if err != nil {
		return err
	}
	if v != owner {
		return ErrHeld
	}
	_, err = conn.Do("DEL", lockKey) // want "FC5001"
	return err
}

// Enqueue records the last run under the lock.
func Enqueue(pool *redis.Pool, node string, now int64) error {
	conn := pool.Get()
	defer conn.Close()
	if err := AcquireLock(conn, "lock:enqueue", node, 30); err != nil {
		return err
	}
	defer ReleaseLock(conn, "lock:enqueue", node)
	_, err := conn.Do("SET", "enqueue:last", now) // want "FC1001"
	return err
}

// Unique marks a job as enqueued: de-duplication, silent.
func Unique(pool *redis.Pool, job string) (bool, error) {
	conn := pool.Get()
	defer conn.Close()
	res, err := redis.String(conn.Do("SET", "unique:"+job, 1, "NX", "EX", 86400))
	if err == redis.ErrNil {
		return false, nil
	}
	return res == "OK", err
}
