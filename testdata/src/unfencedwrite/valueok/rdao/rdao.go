// Package rdao passes the lock through one more level.
package rdao

import (
	"time"

	"unfencedwrite/valueok/rlock"
)

func AcquireSyncLock(key string, ttl time.Duration) (string, bool) {
	return rlock.AcquireLock(key, ttl)
}

func ReleaseSyncLock(key, val string) { rlock.ReleaseLock(key, val) }
