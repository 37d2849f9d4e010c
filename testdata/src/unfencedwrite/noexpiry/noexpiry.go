// Package noexpiry writes under SET NX locks taken with no expiry (a TTL
// of 0): the key stays until its holder deletes it, so no successor can
// take the lock while this holder is paused, and its late write cannot
// overwrite a successor's. A lock given its expiry in a second step
// (SETNX, then EXPIRE) does expire, and the write under it is reported.
package noexpiry

import (
	"context"
	"database/sql"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
)

type service struct {
	rdb *redis.Client
	db  *sql.DB
}

// tryLock takes the lock with no expiry.
func (s *service) tryLock(ctx context.Context, key string) bool {
	ok, _ := s.rdb.SetNX(ctx, key, "1", 0).Result()
	return ok
}

func (s *service) unlock(ctx context.Context, key string) {
	s.rdb.Del(ctx, key)
}

// order holds a lock with no expiry through the wrappers.
func (s *service) order(ctx context.Context, user int64) error {
	lockKey := "lock:order:" + strconv.FormatInt(user, 10)
	if !s.tryLock(ctx, lockKey) {
		return nil
	}
	defer s.unlock(ctx, lockKey)
	_, err := s.db.ExecContext(ctx, `UPDATE wallets SET ordered = true WHERE user_id = $1`, user)
	return err
}

// inline takes a lock with no expiry itself.
func (s *service) inline(ctx context.Context, user int64) error {
	lockKey := "lock:pay:" + strconv.FormatInt(user, 10)
	ok, _ := s.rdb.SetNX(ctx, lockKey, "1", 0).Result()
	if !ok {
		return nil
	}
	defer s.rdb.Del(ctx, lockKey)
	_, err := s.db.ExecContext(ctx, `UPDATE wallets SET paid = true WHERE user_id = $1`, user)
	return err
}

// twoStep gives the key its expiry after taking it: the lock expires.
func (s *service) twoStep(ctx context.Context, user int64) error {
	lockKey := "lock:refund:" + strconv.FormatInt(user, 10)
	ok, _ := s.rdb.SetNX(ctx, lockKey, "1", 0).Result()
	if !ok {
		return nil
	}
	s.rdb.Expire(ctx, lockKey, 10*time.Second)
	defer s.rdb.Del(ctx, lockKey)
	_, err := s.db.ExecContext(ctx, `UPDATE wallets SET refunded = true WHERE user_id = $1`, user) // want `UPDATE wallets .* under the Redis SET NX lock acquired at noexpiry.go:58`
	return err
}

// wrappedTwoStep gives the wrapper's key its expiry in the caller.
func (s *service) wrappedTwoStep(ctx context.Context, user int64) error {
	lockKey := "lock:ship:" + strconv.FormatInt(user, 10)
	if !s.tryLock(ctx, lockKey) {
		return nil
	}
	s.rdb.Expire(ctx, lockKey, 10*time.Second)
	defer s.unlock(ctx, lockKey)
	_, err := s.db.ExecContext(ctx, `UPDATE wallets SET shipped = true WHERE user_id = $1`, user) // want `UPDATE wallets .* under the Redis SET NX lock acquired at noexpiry.go:71`
	return err
}
