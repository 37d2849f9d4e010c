// Package valueok: work under an acquire wrapper that reports (value, ok),
// reached through two levels of the application's helpers.
package valueok

import (
	"context"
	"database/sql"
	"time"

	"unfencedwrite/valueok/rdao"
)

func syncCounts(ctx context.Context, db *sql.DB, n int) {
	key := "lock:sync:viewcount"
	val, ok := rdao.AcquireSyncLock(key, 3*time.Minute)
	if !ok {
		return
	}
	defer rdao.ReleaseSyncLock(key, val)
	db.ExecContext(ctx, `UPDATE posts SET views = views + $1 WHERE id = 1`, n) // want `UPDATE posts`
}
