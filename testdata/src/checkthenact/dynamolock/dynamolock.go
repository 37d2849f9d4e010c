// Package dynamolock exercises FC2001 with cirello.io/dynamolock: the
// lock's IsExpired is a local view of the lease, not a fence.
package dynamolock

import (
	"database/sql"

	"cirello.io/dynamolock"
)

func expiredCheck(c *dynamolock.Client, db *sql.DB) error {
	lock, err := c.AcquireLock("reports")
	if err != nil {
		return err
	}
	defer lock.Close()
	if lock.IsExpired() {
		return nil
	}
	_, err = db.Exec(`UPDATE reports SET state = 'done'`) // want `UPDATE reports .*lease check \(IsExpired`
	return err
}
