// Package asynqdedup enqueues asynq tasks under a lock. An enqueued task
// cannot carry a fencing token (FC1003), unless the queue de-duplicates
// it: a TaskID that is already queued is rejected (ErrTaskIDConflict) and
// a task enqueued with Unique(ttl) while an identical one is still locked
// is rejected too (ErrDuplicateTask), so a stale holder's repeat
// coalesces with the first enqueue. The Redis commands behind Enqueue are
// the queue's protocol, not the caller's writes.
package asynqdedup

import (
	"context"
	"errors"
	"time"

	"github.com/hibiken/asynq"
	"go.etcd.io/etcd/client/v3/concurrency"
)

func refresh(ctx context.Context, m *concurrency.Mutex, c *asynq.Client, id string) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	task := asynq.NewTask("repo:fetch", []byte(id))
	// Keyed by the repository: a second enqueue conflicts.
	if _, err := c.Enqueue(task, asynq.TaskID("fetch:"+id), asynq.Queue("fetch")); err != nil && !errors.Is(err, asynq.ErrTaskIDConflict) {
		return err
	}
	// Unique for an hour: a duplicate is refused.
	c.EnqueueContext(ctx, task, asynq.Unique(time.Hour))
	// The option given to the task itself.
	c.Enqueue(asynq.NewTask("repo:index", []byte(id), asynq.TaskID("index:"+id)))
	// No key: a stale holder enqueues the task a second time.
	c.Enqueue(task, asynq.Queue("fetch")) // want `task enqueued with asynq Enqueue .* cannot carry a fencing token`
	//lint:ignore FC1003 the handler de-duplicates by repository id
	c.Enqueue(task, asynq.MaxRetry(3))
	return nil
}
