// Package mirrorreset clears locks through mirrorlock's ForceRelease: on
// a lock's key that deletes whichever holder has it now (FC5001).
package mirrorreset

import (
	"context"

	"interpkg/mirrorlock"
)

func lockKey(repo string) string { return "app:lock:migrate:" + repo }

// On start-up: the migrations another node is still running lose their
// lock.
func resumeAll(ctx context.Context, l mirrorlock.Locker, repos []string) {
	for _, r := range repos {
		_ = l.ForceRelease(ctx, lockKey(r)) // want `ForceRelease deletes the lock key it is given with no check of its owner \(RedisBackend.Del at mirrorlock.go:\d+, in mirrorlock.RedisLocker.ForceRelease\)`
	}
}

// Silent: a key that is no lock's; a suppressed reset.
func other(ctx context.Context, l mirrorlock.Locker, id string) {
	_ = l.ForceRelease(ctx, "seen:"+id)
	_ = l.ForceRelease(ctx, lockKey(id)) //nolint:unsaferelease // run by the operator, holders stopped
}
