// Package gormbatchclaim leases outbox entries with gorm: one claim moves
// an entry from pending to processing, a reaper puts processing entries
// back once they are old, and a batch claim locks pending entries with a
// raw SELECT ... FOR UPDATE SKIP LOCKED before it updates them by id on
// the same transaction. That update is the second statement of a claim,
// not a write by key of entries someone else may hold.
package gormbatchclaim

import (
	"time"

	"gorm.io/gorm"
)

type Entry struct {
	ID     string
	Status string
}

func claimOne(db *gorm.DB, id string) (bool, error) {
	res := db.Model(&Entry{}).Where("id = ? AND status = ?", id, "pending").Update("status", "processing")
	return res.RowsAffected == 1, res.Error
}

func resetStuck(db *gorm.DB, age time.Duration) error {
	return db.Model(&Entry{}).Where("status = 'processing' AND updated_at < NOW() - ?", age).Update("status", "pending").Error
}

// Look-alike: the update applies only to the rows the read locked.
func claimBatch(db *gorm.DB, n int) ([]Entry, error) {
	var entries []Entry
	err := db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Raw(`SELECT * FROM entry WHERE status = ? LIMIT ? FOR UPDATE SKIP LOCKED`, "pending", n).Scan(&entries).Error; err != nil {
			return err
		}
		ids := make([]string, len(entries))
		for i, e := range entries {
			ids[i] = e.ID
		}
		return tx.Model(&Entry{}).Where("id IN ?", ids).Update("status", "processing").Error
	})
	return entries, err
}

// markDone completes an entry by its id alone.
func markDone(db *gorm.DB, id string) error {
	return db.Model(&Entry{}).Where("id = ?", id).Update("status", "done").Error // want `gorm Update .* selects the record by its key alone, not by its holder: the records of entry are leased`
}

// Suppressed.
func markSeen(db *gorm.DB, id string) error {
	//lint:ignore FC1001 only an operator's annotation, read by nobody else
	return db.Model(&Entry{}).Where("id = ?", id).Update("note", "seen").Error
}
