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
		db.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = 1`) // want `DELETE sessions .* under the gocron distributed lock`
		// A retention delete: constant text, rows chosen by the database's
		// clock. Every holder deletes by the same rule, so a stale one's
		// repeat deletes what the current one would: silent.
		db.ExecContext(ctx, `DELETE FROM sessions WHERE expires_at < now()`)
		// Maintenance rebuilds what is derived from the rows: silent.
		db.ExecContext(ctx, `REFRESH MATERIALIZED VIEW session_stats`)
		// A retention delete that returns its rows to act on, or takes the
		// holder's cutoff, is judged as any write.
		db.ExecContext(ctx, `DELETE FROM sessions WHERE expires_at < now() RETURNING id`) // want `DELETE sessions .* under the gocron distributed lock`
		db.ExecContext(ctx, `DELETE FROM sessions WHERE expires_at < $1`, time.Now())     // want `DELETE sessions .* under the gocron distributed lock`
	}))
	return err
}
