// Package dlock is a distributed lock client of another package: the
// package that renews through it declares no renewal of its own.
package dlock

import "errors"

var ErrNotExists = errors.New("lock does not exist")

type Locker interface {
	TryLock(key string, ttl int) error
	Renew(key string) error
}

// Leaser renews a lease and says whether this holder still has it.
type Leaser interface {
	Renew(key, owner string) (bool, error)
}
