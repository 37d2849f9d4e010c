// Package leaselocker renews a lease through the leasestore interface, as
// goose's table locker does.
package leaselocker

import (
	"context"
	"database/sql"
	"log/slog"
	"time"

	"ignoredleaseloss/leasestore"
)

type Locker struct {
	store      leasestore.LockStore
	logger     *slog.Logger
	lockID     int64
	instanceID string
	lease      time.Duration
	interval   time.Duration
	cancel     context.CancelFunc
}

// The heartbeat logs the failed renewal and carries on.
func (l *Locker) startHeartbeat(parent context.Context, db *sql.DB) {
	ctx, cancel := context.WithCancel(parent)
	l.cancel = cancel
	go func() {
		ticker := time.NewTicker(l.interval)
		defer ticker.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-ticker.C:
				result, err := l.store.UpdateLease(ctx, db, l.lockID, l.instanceID, l.lease) // want `l.store.UpdateLease renews a lease \(UPDATE <table> SET lease_expires_at ... WHERE ... locked_by = \$3, at store.go:\d+, in leasestore.postgresStore.UpdateLease\) and fails when the lease was lost \(the row no longer names this holder\), but its error is only logged and the code goes on as if the lease were renewed`
				if err != nil {
					l.logger.WarnContext(ctx, "heartbeat failed to update lease",
						slog.Int64("lock_id", l.lockID),
						slog.String("instance_id", l.instanceID),
						slog.Any("error", err),
					)
					continue
				}
				l.logger.DebugContext(ctx, "heartbeat updated lease", slog.Time("lease_expires_at", result.LeaseExpiresAt))
			}
		}
	}()
}

// A wrapper that returns the renewal's error is a renewal too.
func (l *Locker) renew(ctx context.Context, db *sql.DB) error {
	_, err := l.store.UpdateLease(ctx, db, l.lockID, l.instanceID, l.lease)
	return err
}

func (l *Locker) loop(ctx context.Context, db *sql.DB) {
	for ctx.Err() == nil {
		l.renew(ctx, db) // want `l.renew renews a lease \(UPDATE <table> SET lease_expires_at ... WHERE ... locked_by = \$3, at store.go:\d+\) and fails when the lease was lost \(the row no longer names this holder\), but its error is discarded`
		time.Sleep(l.interval)
	}
}

// --- must stay silent ---

// The failed renewal cancels the work.
func (l *Locker) heartbeatCancels(ctx context.Context, db *sql.DB) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(l.interval):
			if _, err := l.store.UpdateLease(ctx, db, l.lockID, l.instanceID, l.lease); err != nil {
				l.logger.Error("lost the lease", "error", err)
				l.cancel()
				return
			}
		}
	}
}

// Acquiring is not renewing.
func (l *Locker) lock(ctx context.Context, db *sql.DB) error {
	if err := l.store.AcquireLock(ctx, db, l.lockID, l.instanceID, l.lease); err != nil {
		slog.Error("lock failed", "error", err)
	}
	return nil
}

// Touch's own code is reported where it drops the rows affected; a caller
// that only logs its error (the renewal could not be written) is a second
// problem in another place: the lease runs out under the work.
func (l *Locker) touch(ctx context.Context, db *sql.DB) {
	if err := l.store.Touch(ctx, db, l.lockID, l.instanceID); err != nil { // want `l.store.Touch renews a lease .* fails when the renewal could not be written, but its error is only logged`
		slog.Error("touch failed", "error", err)
	}
}
