// Package database is modelled on golang-migrate's database package: the
// compare-and-swap helper its drivers' Lock and Unlock run their SQL in.
package database

import (
	"errors"
	"sync/atomic"
)

var (
	ErrLocked    = errors.New("can't acquire lock")
	ErrNotLocked = errors.New("can't unlock, as not currently locked")
)

// CasRestoreOnErr swaps lock from o to n, runs f and restores o if f fails.
func CasRestoreOnErr(lock *atomic.Bool, o, n bool, casErr error, f func() error) error {
	if !lock.CompareAndSwap(o, n) {
		return casErr
	}
	if err := f(); err != nil {
		lock.Store(o)
		return err
	}
	return nil
}
