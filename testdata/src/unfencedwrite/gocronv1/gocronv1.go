// Package gocronv1 exercises FC1001 with gocron v1's distributed locker:
// the function given to Do runs under it.
package gocronv1

import (
	"context"
	"database/sql"
	"time"

	"github.com/go-co-op/gocron"
)

func schedule(locker gocron.Locker, db *sql.DB) error {
	s := gocron.NewScheduler(time.UTC)
	s.WithDistributedLocker(locker)
	if _, err := s.Every(1).Minute().Do(func() {
		db.ExecContext(context.Background(), `DELETE FROM sessions WHERE user_id = 1`) // want `DELETE sessions .* under the gocron distributed lock`
	}); err != nil {
		return err
	}
	_, err := s.Cron("0 0 1 * *").Do(rollup, db)
	s.StartAsync()
	return err
}

func rollup(db *sql.DB) {
	db.Exec(`INSERT INTO rollups SELECT day, count(*) FROM events GROUP BY day`) // want `INSERT rollups .* under the gocron distributed lock`
}

func rollupSuppressed(db *sql.DB) {
	//lint:ignore FC1001 the rollup is recomputed from scratch by every run
	db.Exec(`INSERT INTO rollups SELECT day, count(*) FROM events GROUP BY day`)
}

func scheduleSuppressed(s *gocron.Scheduler, db *sql.DB) {
	s.Every(1).Minute().Do(rollupSuppressed, db)
}
