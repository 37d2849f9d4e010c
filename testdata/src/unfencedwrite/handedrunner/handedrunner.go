// Package handedrunner: a SET NX leader's runner that hands its func
// parameter to a function that runs it in a goroutine while renewing: the
// callers' literals run under the lock.
package handedrunner

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

type Leader struct {
	rdb  *redis.Client
	self string
}

func (l *Leader) Run(ctx context.Context, job string, ttl time.Duration, fn func(context.Context)) {
	for ctx.Err() == nil {
		ok, err := l.rdb.SetNX(ctx, "leader:"+job, l.self, ttl).Result()
		if err != nil || !ok {
			time.Sleep(ttl / 2)
			continue
		}
		l.runAsLeader(ctx, job, ttl, fn)
	}
}

func (l *Leader) runAsLeader(ctx context.Context, job string, ttl time.Duration, fn func(context.Context)) {
	fnCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	done := make(chan struct{})
	go func() {
		defer close(done)
		fn(fnCtx)
	}()
	<-done
}

type Publisher struct{ rdb *redis.Client }

func (p *Publisher) Publish(ctx context.Context, data []byte) error {
	return p.rdb.Set(ctx, "fleet:snapshot", data, time.Minute).Err()
}

func Reconcile(ctx context.Context, l *Leader, p *Publisher) {
	l.Run(ctx, "reconciler", 30*time.Second, func(ctx context.Context) {
		p.Publish(ctx, nil) // want `go-redis Set .*under the Redis SET NX lock`
	})
}

// Suppressed.
func ReconcileQuiet(ctx context.Context, l *Leader, p *Publisher) {
	l.Run(ctx, "reconciler", 30*time.Second, func(ctx context.Context) {
		//lint:ignore FC1001 the snapshot carries its own generation
		p.Publish(ctx, nil)
	})
}
