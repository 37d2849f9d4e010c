// Package gormlease keeps a hand-rolled lock row with gorm and renews it
// from a background goroutine. The renewal's WHERE names this holder, so
// once another client has taken the row over it matches nothing, without
// an error: only RowsAffected says so (FC5002 when it is never read).
package gormlease

import (
	"errors"
	"time"

	"gorm.io/gorm"
)

type LockRow struct {
	ID        int64
	Name      string
	Owner     string
	ExpiredAt time.Time
}

var ErrLost = errors.New("lock lost")

// Refresh checks only the Error of the renewal.
func Refresh(db *gorm.DB, name, me string, ttl time.Duration, stop <-chan struct{}) error {
	t := time.NewTicker(ttl / 2)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			res := db.Model(&LockRow{}).Where("name = ? AND owner = ?", name, me).Updates(map[string]interface{}{"expired_at": time.Now().Add(ttl)}) // want "FC5002"
			if res.Error != nil {
				return res.Error
			}
		case <-stop:
			return nil
		}
	}
}

// RefreshChecked stops when the row no longer names this holder.
func RefreshChecked(db *gorm.DB, name, me string, ttl time.Duration) error {
	res := db.Model(&LockRow{}).Where("name = ? AND owner = ?", name, me).Updates(map[string]interface{}{"expired_at": time.Now().Add(ttl)})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return ErrLost
	}
	return nil
}
