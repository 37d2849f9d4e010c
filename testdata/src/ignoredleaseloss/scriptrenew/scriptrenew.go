// Package scriptrenew renews a hand-rolled Redis lock with a
// compare-and-expire script: the script answers 0 when the key no longer
// holds this holder's token, and that answer is the loss signal.
package scriptrenew

import (
	"context"
	"errors"
	"log"
	"time"

	"github.com/redis/go-redis/v9"
)

const luaRefresh = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`

var renewScript = redis.NewScript(`
if redis.call("GET", KEYS[1]) == ARGV[1] then
	return redis.call("PEXPIRE", KEYS[1], ARGV[2])
end
return 0`)

var releaseScript = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`)

// evaler is the application's own view of its Redis client.
type evaler interface {
	SetNX(ctx context.Context, key string, value interface{}, expiration time.Duration) *redis.BoolCmd
	Eval(ctx context.Context, script string, keys []string, args ...interface{}) *redis.Cmd
}

type redisLock struct {
	client evaler
	rdb    *redis.Client
	key    string
	token  string
}

var ErrLockLost = errors.New("lock lost")

// extends returns the script's answer as a bool: a renewal of the lock.
func (rl *redisLock) extends(ctx context.Context) (bool, error) {
	ret, err := rl.client.Eval(ctx, luaRefresh, []string{rl.key}, rl.token, 20000).Result()
	if err != nil {
		return false, err
	}
	return ret == int64(1), nil
}

// Extend throws both the answer and the error away.
func (rl *redisLock) Extend(ctx context.Context) {
	_, _ = rl.extends(ctx) // want `rl.extends renews a lease \(a compare-and-expire script on the lock key, at scriptrenew.go:\d+\) and returns false when the lock is no longer this holder's .* but that bool is discarded`
}

// renew is the same renewal through a Script value.
func (rl *redisLock) renew(ctx context.Context) (bool, error) {
	res, err := renewScript.Run(ctx, rl.rdb, []string{rl.key}, rl.token, 30000).Result()
	if err != nil {
		return false, err
	}
	n, _ := res.(int64)
	return n == 1, nil
}

// KeepAlive gives up when the lock is gone, but a failing renewal is only
// logged and tried again: the TTL runs out meanwhile.
func (rl *redisLock) KeepAlive(ctx context.Context) {
	t := time.NewTicker(10 * time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			ok, err := rl.renew(ctx) // want `rl.renew renews a lease \(a compare-and-expire script on the lock key, at scriptrenew.go:\d+\), but its error is only logged`
			if err != nil {
				if ctx.Err() != nil {
					return // shutting down
				}
				log.Printf("renew error key=%s: %v", rl.key, err)
				continue
			}
			if !ok {
				log.Printf("lost ownership of %s", rl.key)
				return
			}
		}
	}
}

// The script run directly, its answer never read.
func (rl *redisLock) touch(ctx context.Context) error {
	return rl.rdb.Eval(ctx, luaRefresh, []string{rl.key}, rl.token, 20000).Err() // want `the answer of this lock renewal \(a compare-and-expire script on the lock key\) is never read`
}

func (rl *redisLock) refreshLoop(ctx context.Context) {
	for range time.Tick(time.Second) {
		renewScript.Run(ctx, rl.rdb, []string{rl.key}, rl.token, 30000) // want `the answer of this lock renewal \(a compare-and-expire script on the lock key\) is never read`
	}
}

// --- must stay silent ---

// The answer decides: the work is cancelled when the lock is gone.
func (rl *redisLock) keepAliveCancelling(ctx context.Context, cancel context.CancelFunc) {
	for range time.Tick(time.Second) {
		ok, err := rl.renew(ctx)
		if err != nil || !ok {
			log.Printf("lost lock %s: %v", rl.key, err)
			cancel()
			return
		}
	}
}

// Handed on as an error.
func (rl *redisLock) Refresh(ctx context.Context) error {
	ok, err := rl.extends(ctx)
	if err != nil {
		return err
	}
	if !ok {
		return ErrLockLost
	}
	return nil
}

// The answer read in place.
func (rl *redisLock) refreshChecked(ctx context.Context) error {
	n, err := rl.rdb.Eval(ctx, luaRefresh, []string{rl.key}, rl.token, 20000).Int64()
	if err != nil {
		return err
	}
	if n != 1 {
		return ErrLockLost
	}
	return nil
}

// The reply tested against nil only: the script answers 0, never nil,
// when the key is no longer this holder's, so the loss goes unseen.
func (rl *redisLock) watchDog(ctx context.Context) {
	for range time.Tick(10 * time.Second) {
		result, err := rl.rdb.Eval(ctx, luaRefresh, []string{rl.key}, rl.token, 20000).Result() // want `the answer of this lock renewal \(a compare-and-expire script on the lock key\) is only compared with nil`
		if err != nil || result == nil {
			log.Printf("renew failed: %v", err)
			return
		}
	}
}

// The reply handed to the caller.
func (rl *redisLock) refreshCmd(ctx context.Context) *redis.Cmd {
	return renewScript.Run(ctx, rl.rdb, []string{rl.key}, rl.token, 30000)
}

// A release script is no renewal (FC5001's concern, and it compares).
func (rl *redisLock) Release(ctx context.Context) {
	releaseScript.Run(ctx, rl.rdb, []string{rl.key}, rl.token)
}

// A script that extends whatever the key holds is not read this way.
func (rl *redisLock) bump(ctx context.Context) {
	rl.rdb.Eval(ctx, `return redis.call("pexpire", KEYS[1], ARGV[1])`, []string{rl.key}, 20000)
}

// The bool read, the error returned: nothing dropped.
func (rl *redisLock) extendOrFail(ctx context.Context) error {
	ok, err := rl.renew(ctx)
	if err != nil {
		return err
	}
	if !ok {
		return ErrLockLost
	}
	return nil
}

func (rl *redisLock) suppressed(ctx context.Context) {
	//lint:ignore FC5002 best-effort renewal of a lock that only throttles, nothing is lost with it
	_, _ = rl.extends(ctx)
}
