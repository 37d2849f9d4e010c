// Package gocronv1local schedules with gocron v1 without a distributed
// locker: its jobs hold no lock.
package gocronv1local

import (
	"database/sql"
	"time"

	"github.com/go-co-op/gocron"
)

func schedule(db *sql.DB) {
	s := gocron.NewScheduler(time.UTC)
	s.Every(1).Minute().Do(func() {
		db.Exec(`DELETE FROM sessions WHERE expires_at < now()`)
	})
}
