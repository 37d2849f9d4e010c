// Package tripleresult takes a SET NX lock through a wrapper that returns
// whether it got the lock, the token it set and an error ((bool, string,
// error)); the write under it is judged as under the wrapper's lock.
package tripleresult

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

type locker struct{ client *redis.Client }

func (l *locker) LockWithToken(ctx context.Context, key string, ttl time.Duration) (bool, string, error) {
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

func (l *locker) Unlock(ctx context.Context, key, token string) {}

func order(ctx context.Context, l *locker, db *sql.DB, user int64) error {
	key := fmt.Sprintf("lock:order:%d", user)
	acquired, token, err := l.LockWithToken(ctx, key, 10*time.Second)
	if err != nil || !acquired {
		return err
	}
	defer l.Unlock(ctx, key, token)
	_, err = db.ExecContext(ctx, `INSERT INTO orders (user_id) VALUES ($1)`, user) // want `INSERT orders .* under the Redis SET NX lock acquired at`
	return err
}
