package etcd

import (
	"context"
	"database/sql"
	"sync"

	"go.etcd.io/etcd/client/v3/concurrency"
)

// concurrency.NewLocker's sync.Locker takes the etcd mutex; its Unlock
// gives it up.
func newLocker(ctx context.Context, s *concurrency.Session, db *sql.DB) {
	l := concurrency.NewLocker(s, "/locks/reports")
	l.Lock()
	db.ExecContext(ctx, `UPDATE reports SET state = 'building'`) // want `UPDATE reports .*under the etcd lock \(NewLocker\).*NewLocker hides the Mutex`
	l.Unlock()
	db.ExecContext(ctx, `UPDATE reports SET state = 'idle'`) // released
}

// A sync.Locker of the process (a *sync.Mutex) is no distributed lock.
func localLocker(ctx context.Context, mu *sync.Mutex, db *sql.DB) {
	var l sync.Locker = mu
	l.Lock()
	defer l.Unlock()
	db.ExecContext(ctx, `UPDATE reports SET state = 'building'`)
}

func newLockerSuppressed(ctx context.Context, s *concurrency.Session, db *sql.DB) {
	l := concurrency.NewLocker(s, "/locks/reports")
	l.Lock()
	defer l.Unlock()
	db.ExecContext(ctx, `UPDATE reports SET state = 'building'`) //nolint:unfencedwrite // rebuilt by the next holder
}
