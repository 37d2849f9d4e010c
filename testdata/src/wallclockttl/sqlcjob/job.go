// Package sqlcjob computes the lease expiry with this host's clock and
// hands it to the store, whose statement compares it with the database's
// clock.
package sqlcjob

import (
	"context"
	"time"

	"wallclockttl/sqlcstore"
)

type UniqueJob struct {
	Store        *sqlcstore.Store
	LockDuration time.Duration
}

func (j *UniqueJob) acquireLock(ctx context.Context, name string) error {
	expiration := time.Now().UTC().Add(j.LockDuration)
	return j.Store.WithTx(ctx, func(s *sqlcstore.Store) error {
		_, err := s.AcquireLock(ctx, name, expiration) // want `this call of s.AcquireLock passes expiration, an expiry computed from this host's clock \(time.Now\(\)\), to Store.AcquireLock, which stores it into the lease column locks.expires_at \(locks.sql.go:\d+\), compared with another clock \(expires_at <= the database's clock\)`
		return err
	})
}

// releaseAt passes no clock reading: silent.
func (j *UniqueJob) release(ctx context.Context, name string) error {
	return j.Store.ReleaseLock(ctx, name)
}

// fixed passes a constant instant (a test fixture's): silent.
func (j *UniqueJob) fixed(ctx context.Context, name string) error {
	_, err := j.Store.AcquireLock(ctx, name, time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC))
	return err
}
