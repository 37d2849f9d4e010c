// Package gormlease keeps a lock row with gorm: claimed by an UPDATE whose
// WHERE says the row is free or expired, renewed in the background by an
// UPDATE WHERE the row still names this holder.
package gormlease

import (
	"errors"
	"log"
	"time"

	"gorm.io/gorm"
)

type LockRow struct {
	ID        int64
	Name      string
	Owner     string
	Counter   int
	ExpiredAt time.Time
}

type Lock struct {
	db    *gorm.DB
	name  string
	me    string
	ttl   time.Duration
	stop  chan struct{}
	onErr func(error)
}

var ErrLost = errors.New("lock lost")

// Only the Error of the renewal is read: when another client has taken
// the row over, the UPDATE matches nothing, with no error, and the
// refresher keeps ticking as if it held the lock.
func (l *Lock) Refresh() error {
	t := time.NewTicker(l.ttl / 2)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			q := l.db.Model(&LockRow{}).Where("name = ? AND counter = ? AND owner = ?", l.name, 1, l.me)
			res := q.Updates(map[string]interface{}{"expired_at": time.Now().Add(l.ttl)}) // want `the rows affected by this lease renewal \(UPDATE lock_row SET expired_at \.\.\. WHERE \.\.\. owner = \?, gorm DB\.Updates\) are never read: only its Error is checked`
			if res.Error != nil {
				return res.Error
			}
		case <-l.stop:
			return nil
		}
	}
}

// The result thrown away outright.
func (l *Lock) touch() {
	l.db.Table("locks").Where("name = ?", l.name).Where("owner = ?", l.me).Update("expires_at", time.Now().Add(l.ttl)) // want `what this lease renewal \(UPDATE locks SET expires_at \.\.\. WHERE \.\.\. owner = \?, gorm DB\.Update\) returns is discarded`
}

// RowsAffected read: the loss reaches the caller. Silent.
func (l *Lock) refreshChecked() error {
	res := l.db.Model(&LockRow{}).Where("name = ? AND owner = ?", l.name, l.me).
		Updates(map[string]interface{}{"expired_at": time.Now().Add(l.ttl)})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return ErrLost
	}
	return nil
}

// The builder handed back to the caller, who can read it: silent.
func (l *Lock) refreshTx() *gorm.DB {
	return l.db.Model(&LockRow{}).Where("name = ? AND owner = ?", l.name, l.me).
		Updates(map[string]interface{}{"expired_at": time.Now().Add(l.ttl)})
}

// The release clears the holder: not a renewal, silent here.
func (l *Lock) Release() error {
	return l.db.Model(&LockRow{}).Where("name = ? AND owner = ?", l.name, l.me).
		Updates(map[string]interface{}{"counter": 0, "owner": ""}).Error
}

// A status change of a job row by id, no holder in its WHERE: no lease
// renewal, silent.
func markSeen(db *gorm.DB, id int64) {
	if err := db.Table("jobs").Where("id = ?", id).Update("seen_at", time.Now()).Error; err != nil {
		log.Print(err)
	}
}

// Suppressed with a reason.
func (l *Lock) refreshBestEffort() {
	//lint:ignore FC5002 the lock is advisory here: losing it only duplicates a report
	res := l.db.Model(&LockRow{}).Where("name = ? AND owner = ?", l.name, l.me).Updates(map[string]interface{}{"expired_at": time.Now().Add(l.ttl)})
	log.Print(res.Error)
}
