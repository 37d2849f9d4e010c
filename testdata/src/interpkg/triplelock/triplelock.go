// Package triplelock is an application's SET NX locker whose acquisition
// returns whether it got the lock, the token it set and an error.
package triplelock

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

type Locker struct{ client *redis.Client }

func New(c *redis.Client) *Locker { return &Locker{client: c} }

func (l *Locker) LockWithToken(ctx context.Context, key string, ttl time.Duration) (bool, string, error) {
	token := fmt.Sprint(time.Now().UnixNano())
	ok, err := l.client.SetNX(ctx, key, token, ttl).Result()
	if err != nil {
		return false, "", err
	}
	if !ok {
		return false, "", nil
	}
	return true, token, nil
}

var unlockScript = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`)

func (l *Locker) Unlock(ctx context.Context, key, token string) error {
	return unlockScript.Run(ctx, l.client, []string{key}, token).Err()
}
