// Package watchdogjoin: a lock type's watchdog whose failed extension ends
// the goroutine; the done channel it closes on the way out is only a join
// for the stopper (cancel, then wait), so the loss reaches nobody.
package watchdogjoin

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

var extendScript = redis.NewScript(`if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("PEXPIRE", KEYS[1], ARGV[2]) else return 0 end`)

type Mutex struct {
	rds    *redis.Client
	name   string
	value  string
	ttl    time.Duration
	cancel context.CancelFunc
	done   chan struct{}
	lost   chan struct{}
}

func (m *Mutex) TryLock(ctx context.Context) (bool, error) {
	ok, err := m.rds.SetNX(ctx, m.name, m.value, m.ttl).Result()
	if err != nil {
		return false, err
	}
	if ok {
		m.startWatchdog()
		return true, nil
	}
	return false, nil
}

func (m *Mutex) Extend(ctx context.Context, ttl time.Duration) (bool, error) {
	res, err := extendScript.Run(ctx, m.rds, []string{m.name}, m.value, ttl.Milliseconds()).Int64()
	if err != nil {
		return false, err
	}
	return res == 1, nil
}

func (m *Mutex) startWatchdog() {
	ctx, cancel := context.WithCancel(context.Background())
	m.cancel = cancel
	m.done = make(chan struct{})
	go func() {
		defer close(m.done)
		ticker := time.NewTicker(m.ttl / 3)
		defer ticker.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-ticker.C:
				ok, err := m.Extend(ctx, m.ttl) // want `when m.Extend fails, one path ends the heartbeat without telling the work`
				if err != nil || !ok {
					return
				}
			}
		}
	}()
}

func (m *Mutex) stopWatchdog() {
	if m.cancel != nil {
		m.cancel()
		<-m.done
	}
}

func (m *Mutex) Unlock(ctx context.Context) error {
	m.stopWatchdog()
	return m.rds.Del(ctx, m.name).Err()
}

// Look-alike: the watchdog closes a channel on the way out that the work
// selects on: the loss reaches it.
type Guarded struct {
	m    *Mutex
	lost chan struct{}
}

func (g *Guarded) TryLock(ctx context.Context) (bool, error) {
	ok, err := g.m.rds.SetNX(ctx, g.m.name, g.m.value, g.m.ttl).Result()
	if err != nil || !ok {
		return false, err
	}
	g.lost = make(chan struct{})
	go func() {
		defer close(g.lost)
		for range time.Tick(g.m.ttl / 3) {
			if ok, err := g.m.Extend(ctx, g.m.ttl); err != nil || !ok {
				return
			}
		}
	}()
	return true, nil
}

func (g *Guarded) Run(ctx context.Context, work <-chan struct{}) {
	select {
	case <-g.lost:
	case <-work:
	}
}
