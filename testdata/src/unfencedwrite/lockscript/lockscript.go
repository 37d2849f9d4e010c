// Package lockscript exercises FC1001 with a hand-rolled Redis lock whose
// renewal and release are Lua scripts comparing the key's value with the
// holder's token: the lock's own protocol, refused by Redis once another
// holder took the key, so not writes the lock protects. A script that does
// not compare the holder is work and is still reported.
package lockscript

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

const extendScript = `
if redis.call("GET", KEYS[1]) == ARGV[1] then
	return redis.call("PEXPIRE", KEYS[1], ARGV[2])
end
return 0`

const bumpScript = `return redis.call("INCRBY", KEYS[1], ARGV[1])`

type locker struct {
	rdb     *redis.Client
	release *redis.Script
}

func newLocker(rdb *redis.Client) *locker {
	return &locker{rdb: rdb, release: redis.NewScript(`if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`)}
}

type booking struct {
	lockKey string
	token   string
}

func (l *locker) reserve(ctx context.Context, b *booking, seat string) error {
	ok, err := l.rdb.SetNX(ctx, "lock:seat:"+seat, b.token, 10*time.Second).Result()
	if err != nil || !ok {
		return err
	}
	b.lockKey = "lock:seat:" + seat
	// The watchdog's renewal and the release compare the holder: silent.
	l.rdb.Eval(ctx, extendScript, []string{b.lockKey}, b.token, 10000)
	l.rdb.Set(ctx, "seat:"+seat, "reserved", 0) // want `go-redis Set .* under the Redis SET NX lock`
	l.rdb.Eval(ctx, bumpScript, []string{"seat-count:" + seat}, 1) // want `Redis script \(Eval\) .* under the Redis SET NX lock`
	return l.release.Run(ctx, l.rdb, []string{b.lockKey}, b.token).Err()
}

func (l *locker) reserveSuppressed(ctx context.Context, b *booking, seat string) error {
	ok, err := l.rdb.SetNX(ctx, "lock:seat:"+seat, b.token, 10*time.Second).Result()
	if err != nil || !ok {
		return err
	}
	b.lockKey = "lock:seat:" + seat
	//lint:ignore FC1001 the counter is reconciled nightly
	l.rdb.Eval(ctx, bumpScript, []string{"seat-count:" + seat}, 1)
	return l.release.Run(ctx, l.rdb, []string{b.lockKey}, b.token).Err()
}

// A multi-key lock whose scripts name the holder's token in a local and
// return early when a key holds another (~=): its renewal and a write
// the keys guard in the same script are refused once another holder took
// a key; the confirmation sets the keys only while they are this holder's.
const refreshScript = `
local token = ARGV[1]
local ttl = tonumber(ARGV[2])
for i = 1, #KEYS do
	if redis.call("GET", KEYS[i]) ~= token then
		return 0
	end
end
for i = 1, #KEYS do
	redis.call("EXPIRE", KEYS[i], ttl)
end
return 1`

const confirmScript = `
local token = ARGV[1]
for i = 1, #KEYS do
	if redis.call("GET", KEYS[i]) ~= token then
		return 0
	end
end
for i = 1, #KEYS do
	redis.call("SET", KEYS[i], "BOOKED", "EX", ARGV[2])
end
return 1`

type multi struct {
	rdb     *redis.Client
	refresh *redis.Script
	confirm *redis.Script
}

func newMulti(rdb *redis.Client) *multi {
	return &multi{rdb: rdb, refresh: redis.NewScript(refreshScript), confirm: redis.NewScript(confirmScript)}
}

func (m *multi) book(ctx context.Context, keys []string, token string) error {
	ok, err := m.rdb.SetNX(ctx, "lock:"+keys[0], token, 10*time.Second).Result()
	if err != nil || !ok {
		return err
	}
	m.refresh.Run(ctx, m.rdb, keys, token, 10)
	return m.confirm.Run(ctx, m.rdb, keys, token, 3600).Err()
}
