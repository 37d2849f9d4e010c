package suppressed

import (
	"time"

	"gorm.io/gorm"
)

type lockCounter struct {
	ID        int64
	Owner     string
	ExpiredAt time.Time
}

// acquireGorm stores an expiry from this host's clock that the database
// compares with NOW(); the database runs on this host.
func acquireGorm(db *gorm.DB, id int64, me string, ttl time.Duration) error {
	return db.Model(&lockCounter{}).Where("id = ? AND expired_at < NOW()", id).
		Updates(map[string]interface{}{
			"owner":      me,
			"expired_at": time.Now().Add(ttl), //lint:ignore FC4001 the database runs on this host: one clock
		}).Error
}
