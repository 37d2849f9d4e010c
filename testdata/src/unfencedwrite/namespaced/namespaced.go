// Package namespaced: writes keyed by the lock holder's own identity. Each
// holder writes under its own key and readers look up the current holder's,
// so a stale holder's write is never read as current: no fence needed.
package namespaced

import (
	"context"
	"fmt"

	"github.com/go-redsync/redsync/v4"
	"github.com/redis/go-redis/v9"
)

type tracker struct {
	ctx     context.Context
	client  *redis.Client
	rs      *redsync.Redsync
	redlock *redsync.Mutex
	leader  bool
}

func (t *tracker) key(tag string) string { return fmt.Sprintf("consensus:%s", tag) }

// The leader extends its lock and publishes under the lock's current value,
// read back from the lock key; on acquisition, under its own Value().
func (t *tracker) heartbeat() {
	key := t.key("mutex")
	val, err := t.client.Get(t.ctx, key).Result()
	if err != nil && err != redis.Nil {
		return
	}
	if val != "" {
		if t.leader {
			ok, err := t.redlock.Extend()
			if err != nil || !ok {
				t.leader = false
				return
			}
			t.publish(val)
		}
		return
	}
	m := t.rs.NewMutex(key)
	if err := m.Lock(); err != nil {
		return
	}
	t.redlock = m
	t.leader = true
	t.publish(m.Value())
	t.client.Set(t.ctx, "leader:"+m.Value(), "me", 0)
}

func (t *tracker) publish(holder string) {
	t.client.Set(t.ctx, t.key(fmt.Sprintf("state:%s", holder)), "state", 0)
}

// --- look-alikes of the look-alike: still reported ---

func (t *tracker) publishShared(holder string) {
	t.client.Set(t.ctx, t.key("state"), holder, 0)
}

// The identity is the value, not the key: the stale holder overwrites the
// current one's state.
func (t *tracker) identityAsValue() {
	m := t.rs.NewMutex("mutex")
	if err := m.Lock(); err != nil {
		return
	}
	defer m.Unlock()
	t.publishShared(m.Value()) // want `go-redis Set .*\(reached through this call\) under the redsync lock acquired at`
}

// A value read from another key than the lock's is no identity.
func (t *tracker) otherKey() {
	val, _ := t.client.Get(t.ctx, "config").Result()
	m := t.rs.NewMutex("mutex")
	if err := m.Lock(); err != nil {
		return
	}
	defer m.Unlock()
	t.publish(val) // want `go-redis Set .*\(reached through this call\) under the redsync lock acquired at`
}

func (t *tracker) suppressed() {
	m := t.rs.NewMutex("mutex")
	if err := m.Lock(); err != nil {
		return
	}
	defer m.Unlock()
	//lint:ignore FC1001 state is rebuilt from scratch by every leader
	t.publishShared("x")
}
