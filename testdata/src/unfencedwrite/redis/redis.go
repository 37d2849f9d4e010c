// Package redis exercises FC1001 with Redis locks: redsync, redislock and a
// hand-rolled SET NX lock.
package redis

import (
	"context"
	"database/sql"
	"time"

	"github.com/bsm/redislock"
	"github.com/go-redsync/redsync/v4"
	"github.com/redis/go-redis/v9"
)

var release = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)

// redsync has no fence: every write under it is unfenced unless the store
// issues the token itself.
func withRedsync(ctx context.Context, rs *redsync.Redsync, rdb *redis.Client, db *sql.DB) error {
	m := rs.NewMutex("orders")
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	rdb.HSet(ctx, "order:1", "state", "paid") // want `go-redis HSet .* under the redsync lock .*redsync issues no fencing token`
	var tok int64
	if err := db.QueryRowContext(ctx, `UPDATE fences SET token = token + 1 WHERE name = 'orders' RETURNING token`).Scan(&tok); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE orders SET state = 'paid', fence = $1 WHERE id = 1 AND fence < $1`, tok) // the store issued the token
	return err
}

// The same token, issued by a helper of this package.
func withIssuingHelper(ctx context.Context, rs *redsync.Redsync, db *sql.DB) error {
	m := rs.NewMutex("orders")
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	tok, err := nextFence(ctx, db)
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, `UPDATE orders SET state = 'paid', fence = $1 WHERE id = 1 AND fence < $1`, tok) // the store issued the token
	return err
}

func nextFence(ctx context.Context, db *sql.DB) (int64, error) {
	var tok int64
	err := db.QueryRowContext(ctx, `UPDATE fences SET token = token + 1 WHERE name = 'orders' RETURNING token`).Scan(&tok)
	return tok, err
}

// A helper that returns something else is no source.
func withOtherHelper(ctx context.Context, rs *redsync.Redsync, db *sql.DB) error {
	m := rs.NewMutex("orders")
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	n, err := orderCount(ctx, db)
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, `UPDATE orders SET state = 'paid', fence = $1 WHERE id = 1 AND fence < $1`, n) // want `UPDATE orders .* does not carry the fencing token`
	return err
}

func orderCount(ctx context.Context, db *sql.DB) (int64, error) {
	var tok int64
	err := db.QueryRowContext(ctx, `SELECT count(*) FROM orders`).Scan(&tok)
	return tok, err
}

// redislock returns the handle; the section ends at Release.
func withRedislock(ctx context.Context, c *redislock.Client, rdb *redis.Client) error {
	lock, err := c.Obtain(ctx, "lock:report", 10*time.Second, nil)
	if err != nil {
		return err
	}
	rdb.Set(ctx, "report", "running", 0) // want `go-redis Set .* under the redislock lock`
	lock.Release(ctx)
	rdb.Set(ctx, "report", "done", 0) // released: not under the lock
	return nil
}

// A Lua script that receives the token carries it.
func script(ctx context.Context, rdb *redis.Client, rs *redsync.Redsync, tok int64) error {
	m := rs.NewMutex("orders")
	if err := m.Lock(); err != nil {
		return err
	}
	defer m.Unlock()
	rdb.Eval(ctx, `return 1`, []string{"order:1"}, "paid") // want `Redis script \(Eval\) .*the script does not receive the fencing token`
	return nil
}

// A hand-rolled SET NX lock: the lock key's own DEL is a release, not a write.
func setnx(ctx context.Context, rdb *redis.Client, owner string) error {
	ok, err := rdb.SetNX(ctx, "lock:billing", owner, 30*time.Second).Result()
	if err != nil {
		return err
	}
	if !ok {
		return nil
	}
	rdb.Incr(ctx, "billing:runs") // want `go-redis Incr .* under the Redis SET NX lock`
	// An allocated number (an ID, a sequence) is every holder's own: silent.
	invoice := rdb.Incr(ctx, "billing:invoice-seq").Val()
	pipe := rdb.Pipeline()
	txn := pipe.IncrBy(ctx, "billing:txn-seq", 1)
	pipe.Exec(ctx)
	_, _ = invoice, txn.Val()
	release.Run(ctx, rdb, []string{"lock:billing"}, owner)
	return nil
}

// A builder's method named like a command is no command: AliasBuilder.Del
// only records the action (it takes no context), and go-redis' search
// commands are not sinks of the knowledge base. The SET below is.
func withAliasBuilder(ctx context.Context, rs *redsync.Redsync, rdb *redis.Client) error {
	m := rs.NewMutex("search")
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	if _, err := rdb.NewAliasBuilder(ctx, "products").Del().Run(); err != nil {
		return err
	}
	return rdb.Set(ctx, "search:alias", "products-v2", 0).Err() // want `go-redis Set .* under the redsync lock`
}
