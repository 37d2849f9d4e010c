// Package redigo exercises FC1001 with SET NX locks hand-rolled on redigo,
// whose commands are strings: conn.Do("SET", key, value, "NX", "PX", ttl).
package redigo

import (
	"errors"

	"github.com/gomodule/redigo/redis"
)

// The reply of SET ... NX is nil when the key is held.
func rawReply(conn redis.Conn, owner string) error {
	res, err := conn.Do("SET", "lock:billing", owner, "NX", "PX", 30000)
	if err != nil {
		return err
	}
	if res == nil {
		return errors.New("busy")
	}
	defer conn.Do("DEL", "lock:billing")
	_, err = conn.Do("SET", "billing:last", "today") // want `redigo SET \(redigo Conn.Do\) under the Redis SET NX lock acquired at redigo.go:\d+ does not carry the fencing token`
	conn.Do("HSET", "billing:state", "day", "today") // want `redigo HSET .* under the Redis SET NX lock`
	conn.Do("GET", "billing:last")
	return err
}

// redis.String turns the nil reply into ErrNil.
func stringReply(conn redis.Conn, owner string) error {
	if _, err := redis.String(conn.Do("SET", "lock:report", owner, "NX", "EX", 30)); err != nil {
		return err
	}
	conn.Do("INCR", "reports")                            // want `redigo [A-Z]+ .* under the Redis SET NX lock`
	seq, _ := redis.Int64(conn.Do("INCR", "reports:seq")) // a number allocated: silent
	_ = seq
	conn.Do("DEL", "lock:report")
	conn.Do("INCR", "reports:after") // released: not under the lock
	return nil
}

// SETNX replies 1 when it set the key.
func setnx(conn redis.Conn, owner string) {
	ok, err := redis.Bool(conn.Do("SETNX", "lock:gc", owner))
	if err != nil || !ok {
		return
	}
	defer conn.Do("DEL", "lock:gc")
	conn.Do("EXPIRE", "lock:gc", 30)
	conn.Do("LPUSH", "gc:queue", "run") // want `redigo [A-Z]+ .* under the Redis SET NX lock`
}

// Arguments built beforehand, as a slice.
func argsSlice(conn redis.Conn, owner string) error {
	args := []interface{}{"lock:sweep", owner, "NX", "EX", 30}
	res, err := conn.Do("SET", args...)
	if err != nil || res == nil {
		return err
	}
	defer conn.Do("DEL", "lock:sweep")
	conn.Do("RPUSH", "swept", "a") // want `redigo [A-Z]+ .* under the Redis SET NX lock`
	// SADD only adds a member and HSETNX only sets a field that is
	// absent: a stale holder's repeat changes nothing a successor wrote.
	conn.Do("SADD", "swept", "a")
	conn.Do("HSETNX", "swept:at", "a", 1)
	return nil
}

// SET without NX takes no lock; a command that is not a constant is
// unknown.
func noLock(conn redis.Conn, cmd string) {
	conn.Do("SET", "lock:x", "1")
	conn.Do("SET", "a", "1")
	conn.Do(cmd, "lock:y", "1", "NX")
	conn.Do("SET", "b", "1")
}

// De-duplication: the key names no lock and is never released.
func dedup(conn redis.Conn, id string) error {
	res, err := redis.String(conn.Do("SET", "unique:"+id, 1, "NX", "EX", 86400))
	if err != nil {
		return err
	}
	if res == "OK" {
		conn.Do("INCR", "jobs")
	}
	return nil
}

// A script is a write too; the lock's own release script is not.
func script(conn redis.Conn, owner string) {
	if _, err := redis.String(conn.Do("SET", "lock:ledger", owner, "NX", "EX", 30)); err != nil {
		return
	}
	conn.Do("EVAL", "redis.call('set', KEYS[1], ARGV[1])", 1, "ledger:last", owner) // want `Redis script \(EVAL\) \(redigo Conn.Do\) under the Redis SET NX lock`
	conn.Do("EVAL", "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0", 1, "lock:ledger", owner)
}
