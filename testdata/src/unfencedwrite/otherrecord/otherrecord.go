// Package otherrecord exercises FC1001 with writes keyed by a record other
// than the one the lock's key names.
package otherrecord

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"

	"unfencedwrite/otherrecord/cb"
)

type Event struct {
	ID         string
	EndpointID string
	Name       string
}

// breaker is the per-endpoint circuit breaker, in another type.
type breaker struct{ rdb *redis.Client }

func (b *breaker) RecordFailure(ctx context.Context, endpointID string) {
	b.rdb.Set(ctx, "cb:"+endpointID, "open", time.Minute)
}

func dispatch(ctx context.Context, rdb *redis.Client, b *breaker, ev *Event) {
	ok, err := rdb.SetNX(ctx, "dispatch-lock:"+ev.ID, "me", time.Minute).Result()
	if err != nil || !ok {
		return
	}
	defer rdb.Del(ctx, "dispatch-lock:"+ev.ID)
	// The endpoint's state: events of the same endpoint are dispatched
	// under other keys of this lock at the same time; its token could not
	// fence this.
	rdb.Set(ctx, "cb:"+ev.EndpointID, "open", time.Minute)
	b.RecordFailure(ctx, ev.EndpointID)
	cb.RecordFailure(ctx, rdb, ev.EndpointID) // another package: its summary says the key is built from endpointID
	cb.RecordFailure(ctx, rdb, ev.ID)         // want `go-redis Set \(go-redis Set\) \(in RecordFailure, called here\) under the Redis SET NX lock`
	// The event's own state is what the lock serialises.
	rdb.Set(ctx, "event-status:"+ev.ID, "delivered", 0) // want `go-redis Set \(go-redis Set\) under the Redis SET NX lock`
	// Another field of the event that names no other record.
	rdb.Set(ctx, "event-by-name:"+ev.Name, ev.ID, 0) // want `go-redis Set \(go-redis Set\) under the Redis SET NX lock`
}
