// Package gocron exercises FC1001 with gocron's distributed locker.
package gocron

import (
	"context"
	"database/sql"
	"time"

	"github.com/go-co-op/gocron/v2"
)

func schedule(locker gocron.Locker, db *sql.DB) error {
	s, err := gocron.NewScheduler(gocron.WithDistributedLocker(locker))
	if err != nil {
		return err
	}
	_, err = s.NewJob(gocron.DurationJob(time.Minute), gocron.NewTask(func(ctx context.Context) {
		db.ExecContext(ctx, `DELETE FROM sessions WHERE expires_at < now()`) // want `DELETE sessions .* under the gocron distributed lock`
	}))
	return err
}
