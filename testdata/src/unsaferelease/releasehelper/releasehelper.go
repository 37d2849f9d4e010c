// Package releasehelper takes SET NX locks through helpers handed the key
// and drops them with a helper that deletes whatever key it is given: the
// call of the helper is the blind release (its DEL is the finding's
// related location).
package releasehelper

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

func (s *service) tryLock(ctx context.Context, key string) bool {
	ok, _ := s.rdb.SetNX(ctx, key, "1", 10*time.Second).Result()
	return ok
}

func (s *service) clearLock(ctx context.Context, key string) {
	s.rdb.Del(ctx, key)
}

func (s *service) order(ctx context.Context, user int64) error {
	lockKey := "lock:order:" + strconv.FormatInt(user, 10)
	if !s.tryLock(ctx, lockKey) {
		return nil
	}
	defer s.clearLock(ctx, lockKey) // want `clearLock deletes the lock key it is given with no check of its owner`
	_, err := s.db.ExecContext(ctx, `INSERT INTO orders (user_id) VALUES ($1)`, user)
	return err
}
