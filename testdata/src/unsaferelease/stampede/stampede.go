// Package stampede guards a read-through cache's fill with a SET NX lock
// and drops it with a plain DEL: the lock keeps misses from all loading
// the row, and a blind release lets in one more filler of the same copy.
// The same release of a lock around a write of the database is reported.
package stampede

import (
	"context"
	"database/sql"
	"encoding/json"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
)

type shop struct{ ID int64 }

type service struct {
	rdb *redis.Client
	db  *sql.DB
}

func (s *service) tryLock(ctx context.Context, key string) bool {
	ok, _ := s.rdb.SetNX(ctx, key, "1", 10*time.Second).Result()
	return ok
}

func (s *service) unlock(ctx context.Context, key string) {
	s.rdb.Del(ctx, key)
}

func (s *service) load(ctx context.Context, id int64) *shop {
	var sh shop
	_ = s.db.QueryRowContext(ctx, `SELECT id FROM shops WHERE id = $1`, id).Scan(&sh.ID)
	return &sh
}

// byID fills the cache under the guard and drops it blindly.
func (s *service) byID(ctx context.Context, id int64) *shop {
	key := "cache:shop:" + strconv.FormatInt(id, 10)
	if _, err := s.rdb.Get(ctx, key).Result(); err == nil {
		return nil
	}
	lockKey := "lock:shop:" + strconv.FormatInt(id, 10)
	if !s.tryLock(ctx, lockKey) {
		return nil
	}
	sh := s.load(ctx, id)
	b, _ := json.Marshal(sh)
	s.rdb.Set(ctx, key, b, time.Hour)
	s.unlock(ctx, lockKey)
	return sh
}

// inline takes and drops the guard itself.
func (s *service) inline(ctx context.Context, id int64) *shop {
	key := "cache:shop:" + strconv.FormatInt(id, 10)
	if _, err := s.rdb.Get(ctx, key).Result(); err == nil {
		return nil
	}
	lockKey := "lock:shop:" + strconv.FormatInt(id, 10)
	ok, _ := s.rdb.SetNX(ctx, lockKey, "1", 10*time.Second).Result()
	if !ok {
		return nil
	}
	defer s.rdb.Del(ctx, lockKey)
	sh := s.load(ctx, id)
	b, _ := json.Marshal(sh)
	s.rdb.Set(ctx, key, b, time.Hour)
	return sh
}

// order writes the database under the same kind of lock: the blind
// release lets a third holder in while the second still writes.
func (s *service) order(ctx context.Context, user int64) error {
	lockKey := "lock:order:" + strconv.FormatInt(user, 10)
	ok, _ := s.rdb.SetNX(ctx, lockKey, "1", 10*time.Second).Result()
	if !ok {
		return nil
	}
	defer s.rdb.Del(ctx, lockKey) // want `go-redis Del releases the Redis SET NX lock acquired at`
	_, err := s.db.ExecContext(ctx, `INSERT INTO orders (user_id) VALUES ($1)`, user)
	return err
}

// orderSuppressed is order with the finding suppressed.
func (s *service) orderSuppressed(ctx context.Context, user int64) error {
	lockKey := "lock:order2:" + strconv.FormatInt(user, 10)
	ok, _ := s.rdb.SetNX(ctx, lockKey, "1", 10*time.Second).Result()
	if !ok {
		return nil
	}
	//lint:ignore FC5001 orders are unique per user in the schema; the lock only spares retries
	defer s.rdb.Del(ctx, lockKey)
	_, err := s.db.ExecContext(ctx, `INSERT INTO orders2 (user_id) VALUES ($1)`, user)
	return err
}
