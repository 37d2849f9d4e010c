// Package rwlockuser holds the application's own lock (package rwlock):
// the writes it makes are judged, the lock type's own counter writes in
// RUnlock are not its effects.
package rwlockuser

import (
	"context"
	"database/sql"

	"interpkg/rwlock"
)

func handle(ctx context.Context, l *rwlock.RW, db *sql.DB) error {
	if err := l.RLock(ctx); err != nil {
		return err
	}
	defer l.RUnlock(ctx) // the lock's bookkeeping, not an effect of handle's
	_, err := db.ExecContext(ctx, `UPDATE challenges SET state = 'ready' WHERE id = 1`) // want `UPDATE challenges .* under the etcd lock`
	return err
}

// Reader is how handlers usually hold it: behind an interface.
type Reader interface {
	RLock(ctx context.Context) error
	RUnlock(ctx context.Context) error
}

func handleIface(ctx context.Context, l Reader, db *sql.DB) error {
	if err := l.RLock(ctx); err != nil {
		return err
	}
	if _, err := db.ExecContext(ctx, `UPDATE challenges SET state = 'ready' WHERE id = 2`); err != nil { // want `UPDATE challenges .* under the etcd lock`
		return err
	}
	return l.RUnlock(ctx) // the lock's bookkeeping
}
