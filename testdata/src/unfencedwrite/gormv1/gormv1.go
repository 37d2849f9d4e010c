// Package gormv1 writes with gorm's first major version
// (github.com/jinzhu/gorm) under a SET NX lock: its statements are judged
// as gorm v2's are, also in a Transaction callback; its reads are no
// writes.
package gormv1

import (
	"context"
	"fmt"
	"time"

	"github.com/jinzhu/gorm"
	"github.com/redis/go-redis/v9"
)

type order struct {
	ID     int64
	UserID int64
	Fence  int64
}

func place(ctx context.Context, rdb *redis.Client, db *gorm.DB, user int64) error {
	key := fmt.Sprintf("lock:order:%d", user)
	ok, err := rdb.SetNX(ctx, key, "1", 10*time.Second).Result()
	if err != nil || !ok {
		return err
	}
	defer rdb.Del(ctx, key)
	return db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Model(&order{}).Where("user_id = ?", user).Update("state", "placed").Error; err != nil { // want `gorm Update .* under the Redis SET NX lock acquired at`
			return err
		}
		return tx.Create(&order{UserID: user}).Error // want `gorm Create .* under the Redis SET NX lock acquired at`
	})
}

// Silent: a read under the lock.
func look(ctx context.Context, rdb *redis.Client, db *gorm.DB, user int64) (*order, error) {
	key := fmt.Sprintf("lock:look:%d", user)
	ok, err := rdb.SetNX(ctx, key, "1", 10*time.Second).Result()
	if err != nil || !ok {
		return nil, err
	}
	defer rdb.Del(ctx, key)
	var o order
	return &o, db.Where("user_id = ?", user).First(&o).Error
}
