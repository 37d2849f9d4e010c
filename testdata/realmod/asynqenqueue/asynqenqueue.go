// Package asynqenqueue enqueues asynq tasks under a Consul lock whose
// session can lapse while the holder is paused. An enqueue keyed by a task
// ID (or made Unique) coalesces with the one a successor made; an enqueue
// with no key runs the task twice.
package asynqenqueue

import (
	"errors"
	"time"

	"github.com/hashicorp/consul/api"
	"github.com/hibiken/asynq"
)

// Refresh enqueues the fetch of one repository while holding its lock.
func Refresh(client *api.Client, q *asynq.Client, repo string) error {
	lock, err := client.LockKey("locks/repo/" + repo)
	if err != nil {
		return err
	}
	lost, err := lock.Lock(nil) // want "FC5002"
	if err != nil || lost == nil {
		return err
	}
	defer lock.Unlock()
	task := asynq.NewTask("repo:fetch", []byte(repo))
	if _, err := q.Enqueue(task, asynq.TaskID("fetch:"+repo), asynq.Queue("fetch")); err != nil && !errors.Is(err, asynq.ErrTaskIDConflict) {
		return err
	}
	if _, err := q.Enqueue(task, asynq.Unique(time.Hour)); err != nil && !errors.Is(err, asynq.ErrDuplicateTask) {
		return err
	}
	_, err = q.Enqueue(asynq.NewTask("repo:notify", []byte(repo))) // want "FC1003"
	return err
}
