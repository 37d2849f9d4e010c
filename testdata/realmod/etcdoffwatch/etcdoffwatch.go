// Package etcdoffwatch runs a command under an etcd mutex, like `etcdctl
// lock name cmd`: the session's end is read only when there is no command
// to run.
package etcdoffwatch

import (
	"context"
	"errors"
	"os/exec"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/concurrency"
)

// LockAndRun runs args under the mutex, or holds it until stop.
func LockAndRun(c *clientv3.Client, name string, args []string, stop <-chan struct{}) error {
	s, err := concurrency.NewSession(c, concurrency.WithTTL(10))
	if err != nil {
		return err
	}
	m := concurrency.NewMutex(s, name)
	if err := m.Lock(context.TODO()); err != nil {
		return err
	}
	if len(args) > 0 {
		err := exec.Command(args[0], args[1:]...).Run() // want "FC5002"
		if uerr := m.Unlock(context.TODO()); err == nil {
			err = uerr
		}
		return err
	}
	select {
	case <-stop:
		return m.Unlock(context.TODO())
	case <-s.Done():
	}
	return errors.New("session expired")
}
