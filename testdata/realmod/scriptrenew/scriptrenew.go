// Package scriptrenew keeps a hand-rolled Redis lock alive with a
// compare-and-expire script (PEXPIRE only while the key holds this holder's
// token). The script's answer, 0 once the key is no longer ours, is the
// only news that the lock is gone.
package scriptrenew

import (
	"context"
	"errors"
	"log"
	"time"

	"github.com/redis/go-redis/v9"
)

var renewScript = redis.NewScript(`if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("PEXPIRE", KEYS[1], ARGV[2]) end return 0`)

// ErrLockLost means the key no longer holds this holder's token.
var ErrLockLost = errors.New("scriptrenew: lock lost")

// Lock is a held lock: its key and the token stored in it.
type Lock struct {
	rdb   *redis.Client
	key   string
	token string
}

// renew reports whether the lock was still ours and has been renewed.
func (l *Lock) renew(ctx context.Context) (bool, error) {
	n, err := renewScript.Run(ctx, l.rdb, []string{l.key}, l.token, 30000).Int64()
	if err != nil {
		return false, err
	}
	return n == 1, nil
}

// Extend renews once and forgets the answer.
func (l *Lock) Extend(ctx context.Context) {
	_, _ = l.renew(ctx) // want "FC5002"
}

// Refresh renews once and reports a lost lock as an error.
func (l *Lock) Refresh(ctx context.Context) error {
	ok, err := l.renew(ctx)
	if err != nil {
		return err
	}
	if !ok {
		return ErrLockLost
	}
	return nil
}

// KeepAlive renews until ctx ends, and cancels the work when the lock is
// lost or cannot be renewed.
func (l *Lock) KeepAlive(ctx context.Context, cancel context.CancelFunc) {
	t := time.NewTicker(10 * time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := l.Refresh(ctx); err != nil {
				log.Printf("lock %s lost: %v", l.key, err)
				cancel()
				return
			}
		}
	}
}
