// Package redis exercises FC5002 with redsync and redislock extensions.
package redis

import (
	"context"
	"log"
	"time"

	"github.com/bsm/redislock"
	"github.com/go-redsync/redsync/v4"
)

func work() {}

func extendIgnored(ctx context.Context, rs *redsync.Redsync) error {
	m := rs.NewMutex("orders", redsync.WithExpiry(10*time.Second))
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	for i := 0; i < 100; i++ {
		work()
		m.Extend() // want `the results of redsync Mutex.Extend are discarded: a failed extension \(false or ErrExtendFailed\) means the lock \(the redsync lock acquired at redis.go:\d+\) has expired`
	}
	return nil
}

func extendBlank(ctx context.Context, rs *redsync.Redsync) error {
	m := rs.NewMutex("orders")
	if err := m.Lock(); err != nil {
		return err
	}
	defer m.Unlock()
	t := time.NewTicker(time.Second)
	defer t.Stop()
	go func() {
		for range t.C {
			_, _ = m.ExtendContext(ctx) // want `the results of redsync Mutex.ExtendContext are discarded`
		}
	}()
	work()
	return nil
}

func refreshIgnored(ctx context.Context, c *redislock.Client) error {
	lock, err := c.Obtain(ctx, "lock:report", 10*time.Second, nil)
	if err != nil {
		return err
	}
	defer lock.Release(ctx)
	for i := 0; i < 10; i++ {
		work()
		lock.Refresh(ctx, 10*time.Second, nil) // want `the error of redislock Lock.Refresh is ignored: a failed extension \(ErrNotObtained\) means the lock \(the redislock lock acquired at redis.go:\d+\)`
	}
	return nil
}

// --- must stay silent ---

func extendChecked(ctx context.Context, rs *redsync.Redsync, cancel context.CancelFunc) error {
	m := rs.NewMutex("orders")
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	work()
	if ok, err := m.ExtendContext(ctx); !ok || err != nil {
		cancel()
		return err
	}
	work()
	return nil
}

func refreshChecked(ctx context.Context, c *redislock.Client) error {
	lock, err := c.Obtain(ctx, "lock:report", 10*time.Second, nil)
	if err != nil {
		return err
	}
	defer lock.Release(ctx)
	if err := lock.Refresh(ctx, 10*time.Second, nil); err != nil {
		log.Printf("lost the lock: %v", err)
		return err
	}
	work()
	return nil
}

// --- suppressed ---

func suppressed(ctx context.Context, rs *redsync.Redsync) error {
	m := rs.NewMutex("orders")
	if err := m.Lock(); err != nil {
		return err
	}
	defer m.Unlock()
	work()
	m.Extend() //lint:ignore FC5002 best effort: the job is idempotent
	return nil
}
