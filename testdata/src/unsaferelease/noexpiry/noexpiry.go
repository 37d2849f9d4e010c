// Package noexpiry takes SET NX locks with no expiry (a TTL of 0) and
// drops them with a plain DEL. A key with no expiry stays until someone
// deletes it, so the lock cannot pass to another holder while this one
// runs, and only the holder's own DEL removes it: the blind release is
// not FC5001's hazard. A lock given its expiry in a second step (SETNX,
// then EXPIRE) does expire, and its blind release is reported.
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
	_, err := s.db.ExecContext(ctx, `INSERT INTO orders (user_id) VALUES ($1)`, user)
	return err
}

// inline takes and drops a lock with no expiry itself.
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
	defer s.rdb.Del(ctx, lockKey) // want `go-redis Del releases the Redis SET NX lock acquired at`
	_, err := s.db.ExecContext(ctx, `UPDATE wallets SET refunded = true WHERE user_id = $1`, user)
	return err
}

// expiring is inline with a TTL: reported.
func (s *service) expiring(ctx context.Context, user int64) error {
	lockKey := "lock:ship:" + strconv.FormatInt(user, 10)
	ok, _ := s.rdb.SetNX(ctx, lockKey, "1", 10*time.Second).Result()
	if !ok {
		return nil
	}
	defer s.rdb.Del(ctx, lockKey) // want `go-redis Del releases the Redis SET NX lock acquired at`
	_, err := s.db.ExecContext(ctx, `UPDATE wallets SET shipped = true WHERE user_id = $1`, user)
	return err
}
