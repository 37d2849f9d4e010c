package mirrorreset

import (
	"context"
	"testing"

	"interpkg/mirrorlock"
)

// Silent: a test of the force release itself.
func TestForceRelease(t *testing.T) {
	var l mirrorlock.Locker = &mirrorlock.RedisLocker{}
	_ = l.ForceRelease(context.Background(), lockKey("r"))
}
