// Package leaderdel deletes keys after a leader check: the release of the
// elector's own SET NX key is FC5001's (unsaferelease's test data), a
// delete of a work key is a check-then-act write.
package leaderdel

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

type elector struct {
	key    string
	id     string
	client *redis.Client
	leader bool
}

func (e *elector) campaign(ctx context.Context) error {
	return e.client.SetNX(ctx, e.key, e.id, time.Minute).Err()
}

func (e *elector) IsLeader() bool { return e.leader }

// Release: the elector's own key, judged by FC5001, not here.
func (e *elector) Release(ctx context.Context) {
	if e.IsLeader() {
		//lint:ignore FC5001 covered by unsaferelease/electorkey
		e.client.Del(ctx, e.key)
	}
}

// Purge deletes the shared queue only while leader: check-then-act.
func (e *elector) Purge(ctx context.Context) {
	if e.IsLeader() {
		e.client.Del(ctx, "queue:pending") // want `go-redis Del \(go-redis Del\) runs only after IsLeader at leaderdel.go:\d+ said this process holds the lease`
	}
}
