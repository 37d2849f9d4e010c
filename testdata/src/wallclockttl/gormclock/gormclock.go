// Package gormclock takes a lock row with gorm: the WHERE lets the
// database's clock decide expiry (expired_at < NOW()) while the new
// expiry is computed from this host's clock, so the two clocks' skew moves
// the lease. Beside it, the look-alikes: both sides on the database's
// clock, and a renewal that only extends the holder's own expiry.
package gormclock

import (
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type LockRow struct {
	ID        int64
	Owner     string
	Counter   int
	ExpiredAt time.Time
}

func acquire(db *gorm.DB, id int64, me string, ttl time.Duration) (bool, error) {
	res := db.Model(&LockRow{}).Where("id = ? AND (counter = ? OR expired_at < NOW())", id, 0).
		Updates(map[string]interface{}{
			"counter":    1,
			"owner":      me,
			"expired_at": time.Now().Add(ttl), // want `UPDATE lock_row \(gorm DB.Updates\) stores time.Now\(\).Add\(ttl\), an expiry computed from this host's clock \(time.Now\(\)\), into the lease column expired_at, which the database compares with its own clock`
		})
	return res.RowsAffected == 1, res.Error
}

// Silent: the database's clock on both sides.
func acquireDBClock(db *gorm.DB, id int64, me string) (bool, error) {
	res := db.Model(&LockRow{}).Where("id = ? AND (counter = ? OR expired_at < NOW())", id, 0).
		Updates(map[string]interface{}{
			"counter":    1,
			"owner":      me,
			"expired_at": gorm.Expr("NOW() + INTERVAL 10 SECOND"),
		})
	return res.RowsAffected == 1, res.Error
}

// Silent: a renewal extends the holder's own lease; the acquisition is
// what races.
func renew(db *gorm.DB, id int64, me string, ttl time.Duration) error {
	return db.Model(&LockRow{}).Where("id = ? AND owner = ?", id, me).
		Updates(map[string]interface{}{"expired_at": time.Now().Add(ttl)}).Error
}

var _ = clause.Expr{}

type ImportTask struct {
	ID        string
	Status    string
	StartedAt *time.Time
}

// claimTask stamps the claim with this host's clock.
func claimTask(db *gorm.DB, id string) (bool, error) {
	res := db.Model(&ImportTask{}).Where("id = ? AND status = 'pending'", id).
		Updates(map[string]any{"status": "running", "started_at": time.Now().UTC()})
	return res.RowsAffected == 1, res.Error
}

// recoverStale takes running tasks back when another host's stamp is older
// than this host's clock minus the lease: the start is the lease's time,
// as the protocol shows, whatever it is called.
func recoverStale(db *gorm.DB, lease time.Duration) error {
	cutoff := time.Now().UTC().Add(-lease)
	return db.Model(&ImportTask{}).
		Where("status = 'running' AND started_at < ?", cutoff).
		Updates(map[string]any{"status": "pending", "started_at": nil}).Error // want `gorm Updates \(gorm DB.Updates\) takes a lease over by comparing started_at with cutoff, a time computed from this host's clock`
}
