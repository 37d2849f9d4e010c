// Package gormclaim keeps tasks in rows written with gorm chains: a claim
// moves a task from pending to running, a reaper takes running tasks back
// once their start is older than the lease, so a write of a task by its id
// alone does not check that its writer still holds it.
package gormclaim

import (
	"time"

	"gorm.io/gorm"
)

type ImportTask struct {
	ID        string
	Status    string
	StartedAt *time.Time
}

func claim(db *gorm.DB, id string) (bool, error) {
	res := db.Model(&ImportTask{}).Where("id = ? AND status = ?", id, "pending").
		Updates(map[string]any{"status": "running", "started_at": time.Now()})
	return res.RowsAffected == 1, res.Error
}

func recoverStale(db *gorm.DB, lease time.Duration) error {
	return db.Model(&ImportTask{}).Where("status = 'running' AND started_at < NOW() - ?", lease).
		Updates(map[string]any{"status": "pending", "started_at": nil}).Error
}

// complete finishes a task by its id alone.
func complete(db *gorm.DB, id string) error {
	return db.Model(&ImportTask{}).Where("id = ?", id).Updates(map[string]any{"status": "done"}).Error // want `gorm.* selects the record by its key alone, not by its holder: the records of import_task are leased`
}

// Look-alike: the completion names the state it expects, running, and the
// start it was given.
func completeHeld(db *gorm.DB, id string, started time.Time) (bool, error) {
	res := db.Model(&ImportTask{}).Where("id = ? AND status = ? AND started_at = ?", id, "running", started).
		Updates(map[string]any{"status": "done"})
	return res.RowsAffected == 1, res.Error
}
