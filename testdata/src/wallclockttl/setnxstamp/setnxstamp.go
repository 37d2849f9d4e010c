// Package setnxstamp is the lock the Redis documentation warns about: SET
// NX with an expiry timestamp as the value, and a contender that finds it
// expired by its own clock takes it over with GETSET.
package setnxstamp

import (
	"context"
	"strconv"
	"time"

	"github.com/gomodule/redigo/redis"
	goredis "github.com/redis/go-redis/v9"
)

func acquire(ctx context.Context, rdb *goredis.Client, key string, ttl time.Duration) (bool, error) {
	ok, err := rdb.SetNX(ctx, key, time.Now().Add(ttl).UnixMilli(), 0).Result()
	if err != nil || ok {
		return ok, err
	}
	cur, err := rdb.Get(ctx, key).Int64()
	if err != nil {
		return false, err
	}
	if cur > time.Now().UnixMilli() { // want `.cur > time.Now\(\).UnixMilli\(\). decides lease expiry by comparing the expiry stamp read from the SET NX lock key .* with this host's clock \(time.Now\(\)\), and its result decides whether go-redis GetSet runs`
		return false, nil // still held
	}
	old, err := rdb.GetSet(ctx, key, time.Now().Add(ttl).UnixMilli()).Int64()
	if err != nil {
		return false, err
	}
	return old < time.Now().UnixMilli(), nil // want `.old < time.Now\(\).UnixMilli\(\). decides lease expiry .* acquire returns the result as its verdict on the lease`
}

func acquireRedigo(conn redis.Conn, key string, ttl time.Duration) (bool, error) {
	deadline := time.Now().Add(ttl).Unix()
	reply, err := redis.Int64(conn.Do("SETNX", key, deadline))
	if err != nil || reply == 1 {
		return reply == 1, err
	}
	s, err := redis.String(conn.Do("GET", key))
	if err != nil {
		return false, err
	}
	cur, _ := strconv.ParseInt(s, 10, 64)
	if cur >= time.Now().Unix() { // want `decides lease expiry by comparing the expiry stamp read from the SET NX lock key .* decides whether redigo GETSET \(redigo Conn.Do\) runs`
		return false, nil
	}
	old, err := redis.Int64(conn.Do("GETSET", key, time.Now().Add(ttl).Unix()))
	return err == nil && old < time.Now().Unix(), err // want `.old < time.Now\(\).Unix\(\). decides lease expiry`
}

// Silent: a SET NX whose value is a timestamp only recorded (the key
// expires by its TTL, the stamp is read for a log line), a heartbeat key
// written with a plain SET and read back by an observer, and a
// de-duplication marker compared with nothing.
func silent(ctx context.Context, rdb *goredis.Client, id string, ttl time.Duration) (bool, error) {
	ok, err := rdb.SetNX(ctx, "lock:"+id, time.Now().Unix(), ttl).Result()
	if err != nil || !ok {
		since, _ := rdb.Get(ctx, "lock:"+id).Int64()
		_ = time.Unix(since, 0).String()
		return false, err
	}
	rdb.Set(ctx, "seen:"+id, time.Now().Unix(), 0)
	last, _ := rdb.Get(ctx, "seen:"+id).Int64()
	if last+60 < time.Now().Unix() {
		rdb.Del(ctx, "seen:"+id)
	}
	first, err := rdb.SetNX(ctx, "msg:"+id, 1, 24*time.Hour).Result()
	if first {
		n, _ := rdb.Get(ctx, "msg:"+id).Int64()
		return n < time.Now().Unix(), err
	}
	return true, nil
}
