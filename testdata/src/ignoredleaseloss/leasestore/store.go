// Package leasestore is a lease table store behind an interface, as in
// goose's lock/internal/store: the renewal returns an error when the row no
// longer names this instance.
package leasestore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// LockStore manages lease rows.
type LockStore interface {
	AcquireLock(ctx context.Context, db *sql.DB, lockID int64, lockedBy string, lease time.Duration) error
	UpdateLease(ctx context.Context, db *sql.DB, lockID int64, lockedBy string, lease time.Duration) (*UpdateLeaseResult, error)
	// Touch renews without telling whether the lease is still held.
	Touch(ctx context.Context, db *sql.DB, lockID int64, lockedBy string) error
}

type UpdateLeaseResult struct{ LeaseExpiresAt time.Time }

type postgresStore struct{ tableName string }

func New(table string) LockStore { return &postgresStore{tableName: table} }

func (s *postgresStore) AcquireLock(ctx context.Context, db *sql.DB, lockID int64, lockedBy string, lease time.Duration) error {
	query := fmt.Sprintf(`INSERT INTO %s (lock_id, locked, locked_by, lease_expires_at) VALUES ($1, true, $2, now() + $3::interval)
	ON CONFLICT (lock_id) DO UPDATE SET locked = true, locked_by = $2, lease_expires_at = now() + $3::interval
	WHERE %s.locked = false OR %s.lease_expires_at < now()`, s.tableName, s.tableName, s.tableName)
	_, err := db.ExecContext(ctx, query, lockID, lockedBy, lease.String())
	return err
}

func (s *postgresStore) UpdateLease(ctx context.Context, db *sql.DB, lockID int64, lockedBy string, lease time.Duration) (*UpdateLeaseResult, error) {
	query := fmt.Sprintf(`UPDATE %s SET
		lease_expires_at = now() + $1::interval,
		updated_at = now()
	WHERE lock_id = $2 AND locked_by = $3 AND locked = true
	RETURNING lease_expires_at`, s.tableName)
	var leaseExpiresAt time.Time
	err := db.QueryRowContext(ctx, query, lease.String(), lockID, lockedBy).Scan(&leaseExpiresAt)
	if err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, fmt.Errorf("failed to update lease for lock %d: not held by this instance", lockID)
		}
		return nil, fmt.Errorf("failed to update lease for lock %d: %w", lockID, err)
	}
	return &UpdateLeaseResult{LeaseExpiresAt: leaseExpiresAt}, nil
}

func (s *postgresStore) Touch(ctx context.Context, db *sql.DB, lockID int64, lockedBy string) error {
	_, err := db.ExecContext(ctx, fmt.Sprintf(`UPDATE %s SET lease_expires_at = now() + interval '1 minute' WHERE lock_id = $1 AND locked_by = $2`, s.tableName), lockID, lockedBy) // want `the rows affected by this lease renewal \(UPDATE <table> SET lease_expires_at ... WHERE ... locked_by = \$2\) are discarded`
	return err
}
