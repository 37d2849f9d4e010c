// Package gocronlocal schedules jobs without a distributed lock: silent.
package gocronlocal

import (
	"context"
	"database/sql"
	"time"

	"github.com/go-co-op/gocron/v2"
)

func schedule(db *sql.DB) error {
	s, err := gocron.NewScheduler()
	if err != nil {
		return err
	}
	_, err = s.NewJob(gocron.DurationJob(time.Minute), gocron.NewTask(func(ctx context.Context) {
		db.ExecContext(ctx, `DELETE FROM sessions WHERE expires_at < now()`)
	}))
	return err
}
