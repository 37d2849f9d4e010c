// Package gormlock takes MySQL's GET_LOCK through gorm's Raw(...).Scan,
// in a helper that returns whether the lock was granted: the writes after
// it are under the SQL advisory lock.
package gormlock

import (
	"context"

	"gorm.io/gorm"
)

type repo struct{ db *gorm.DB }

func (r *repo) acquire(ctx context.Context) (bool, error) {
	var acquired int
	if err := r.db.WithContext(ctx).Raw("SELECT GET_LOCK(?, ?)", "import", 0).Scan(&acquired).Error; err != nil {
		return false, err
	}
	return acquired == 1, nil
}

func (r *repo) release(ctx context.Context) {
	var released int
	_ = r.db.WithContext(ctx).Raw("SELECT RELEASE_LOCK(?)", "import").Scan(&released).Error
}

func (r *repo) refresh(ctx context.Context) error {
	ok, err := r.acquire(ctx)
	if err != nil || !ok {
		return err
	}
	defer r.release(ctx)
	return r.db.Exec("DELETE FROM cities").Error // want `DELETE cities .* under the SQL advisory lock acquired at`
}

// Silent: a read through Raw.
func (r *repo) count(ctx context.Context) (int, error) {
	var n int
	err := r.db.WithContext(ctx).Raw("SELECT COUNT(*) FROM cities").Scan(&n).Error
	return n, err
}
