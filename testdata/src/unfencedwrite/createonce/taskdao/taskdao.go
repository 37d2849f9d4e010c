// Package taskdao inserts task rows with gorm, which the store keys
// uniquely; whether a duplicate is expected is its callers' to say.
package taskdao

import (
	"context"

	"gorm.io/gorm"
)

type Task struct {
	TimerID int64
	RunAt   int64
}

func BatchCreate(ctx context.Context, db *gorm.DB, tasks []*Task) error {
	return db.WithContext(ctx).CreateInBatches(tasks, len(tasks)).Error
}

func Update(ctx context.Context, db *gorm.DB, t *Task) error {
	return db.WithContext(ctx).Updates(t).Error
}
