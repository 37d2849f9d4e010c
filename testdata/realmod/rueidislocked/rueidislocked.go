// Package rueidislocked runs jobs under rueidislock and valkeylock locks
// and writes their results with commands built by client.B(). The locks
// issue no fencing token, so the fenced version takes one from a guard row
// and hands it to a Lua script that compares it before writing.
package rueidislocked

import (
	"context"
	"database/sql"
	"strconv"

	"github.com/redis/rueidis"
	"github.com/redis/rueidis/rueidislock"
	"github.com/valkey-io/valkey-go"
	"github.com/valkey-io/valkey-go/valkeylock"
)

// NewLocker connects a rueidislock Locker to addr.
func NewLocker(addr string) (rueidislock.Locker, error) {
	return rueidislock.NewLocker(rueidislock.LockerOption{
		ClientOption: rueidis.ClientOption{InitAddress: []string{addr}},
		KeyMajority:  1,
	})
}

// CompactUnfenced records a compaction under the lock with plain writes.
func CompactUnfenced(ctx context.Context, locker rueidislock.Locker, shard string) error {
	lctx, cancel, err := locker.WithContext(ctx, "compact:"+shard)
	if err != nil {
		return err
	}
	defer cancel()
	client := locker.Client()
	last, err := client.Do(lctx, client.B().Get().Key("compact:"+shard+":last").Build()).ToString()
	if err != nil && !rueidis.IsRedisNil(err) {
		return err
	}
	_ = last
	if err := client.Do(lctx, client.B().Set().Key("compact:"+shard+":last").Value("now").Build()).Error(); err != nil { // want "FC1001"
		return err
	}
	return client.Do(lctx, client.B().Hset().Key("shard:"+shard).FieldValue().FieldValue("state", "compacted").Build()).Error() // want "FC1001"
}

// fencedSet writes ARGV[2] only while the stored fence is not newer than
// the caller's token (ARGV[1]).
var fencedSet = rueidis.NewLuaScript(`
local cur = tonumber(redis.call("HGET", KEYS[1], "fence") or "0")
if cur > tonumber(ARGV[1]) then return 0 end
redis.call("HSET", KEYS[1], "fence", ARGV[1], "state", ARGV[2])
return 1`)

// CompactFenced takes a token from the fences guard row and lets the script compare it.
func CompactFenced(ctx context.Context, locker rueidislock.Locker, db *sql.DB, shard string) (bool, error) {
	lctx, cancel, err := locker.TryWithContext(ctx, "compact:"+shard)
	if err != nil {
		return false, err
	}
	defer cancel()
	var tok int64
	if err := db.QueryRowContext(lctx, `UPDATE fences SET token = token + 1 WHERE name = $1 RETURNING token`, "compact:"+shard).Scan(&tok); err != nil {
		return false, err
	}
	n, err := fencedSet.Exec(lctx, locker.Client(), []string{"shard:" + shard}, []string{strconv.FormatInt(tok, 10), "compacted"}).AsInt64()
	return n == 1, err
}

// Announce publishes outside the lock: silent.
func Announce(ctx context.Context, client valkey.Client, shard string) error {
	return client.Do(ctx, client.B().Publish().Channel("compactions").Message(shard).Build()).Error()
}

// Rebalance moves a shard under a valkeylock lock; cancel() ends the section.
func Rebalance(ctx context.Context, locker valkeylock.Locker, client valkey.Client, shard, node string) error {
	lctx, cancel, err := locker.WithContext(ctx, "rebalance")
	if err != nil {
		return err
	}
	err = client.Do(lctx, client.B().Set().Key("shard:"+shard+":node").Value(node).Build()).Error() // want "FC1001"
	cancel()
	if err != nil {
		return err
	}
	return client.Do(ctx, client.B().Incr().Key("rebalances").Build()).Error()
}

// LockForCaller keeps only the release func of a valkeylock lock for the
// caller, which then works under the lock: the context that is cancelled
// when the lock is lost is thrown away.
func LockForCaller(ctx context.Context, locker valkeylock.Locker, held map[string]context.CancelFunc, key string) error {
	_, cancel, err := locker.TryWithContext(ctx, key) // want "FC5002"
	if err != nil {
		return err
	}
	held[key] = cancel
	return nil
}

// LockContextForCaller hands the lock's context to the caller too: silent.
func LockContextForCaller(ctx context.Context, locker valkeylock.Locker, key string) (context.Context, context.CancelFunc, error) {
	return locker.TryWithContext(ctx, key)
}
