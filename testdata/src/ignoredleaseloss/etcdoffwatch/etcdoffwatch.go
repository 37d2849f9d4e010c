// Package etcdoffwatch exercises FC5002 with work done under an etcd
// session's lock on a branch that never reads the session's end, while
// another branch of the same function does.
package etcdoffwatch

import (
	"context"
	"errors"
	"os/exec"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/concurrency"
)

func show(k string) {}

// With a command, the command runs under the mutex and nobody watches the
// session; without one, the function waits on the session's end.
func lockAndRun(c *clientv3.Client, name string, args []string, stop chan struct{}) error {
	s, err := concurrency.NewSession(c, concurrency.WithTTL(10))
	if err != nil {
		return err
	}
	m := concurrency.NewMutex(s, name)
	if err := m.Lock(context.TODO()); err != nil {
		return err
	}
	if len(args) > 0 {
		cmd := exec.Command(args[0], args[1:]...) // want `this work \(Command\) runs under the etcd lock acquired at etcdoffwatch.go:\d+, on a path that never reads the end of its session \(created at etcdoffwatch.go:\d+\): Done\(\) is read only at etcdoffwatch.go:\d+, on another path`
		err := cmd.Run()
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

// --- must stay silent ---

// Every path from the work reaches the wait on the session's end (a
// failure return on the way does not count).
func lockAndWait(c *clientv3.Client, name string, stop chan struct{}) error {
	s, err := concurrency.NewSession(c)
	if err != nil {
		return err
	}
	m := concurrency.NewMutex(s, name)
	if err := m.Lock(context.TODO()); err != nil {
		return err
	}
	k, err := c.Get(context.TODO(), m.Key())
	if err != nil {
		return err
	}
	show(string(k.Kvs[0].Key))
	select {
	case <-stop:
		return m.Unlock(context.TODO())
	case <-s.Done():
	}
	return errors.New("session expired")
}

// The session's end is selected on beside the work.
func lockAndLoop(c *clientv3.Client, name string, step func()) error {
	s, err := concurrency.NewSession(c)
	if err != nil {
		return err
	}
	m := concurrency.NewMutex(s, name)
	if err := m.Lock(context.TODO()); err != nil {
		return err
	}
	done := s.Done()
	for {
		select {
		case <-done:
			return errors.New("session expired")
		default:
			step()
		}
	}
}

// --- suppressed ---

func lockAndRunQuiet(c *clientv3.Client, name string, args []string, stop chan struct{}) error {
	s, err := concurrency.NewSession(c)
	if err != nil {
		return err
	}
	m := concurrency.NewMutex(s, name)
	if err := m.Lock(context.TODO()); err != nil {
		return err
	}
	if len(args) > 0 {
		//nolint:ignoredleaseloss // the child gets the lock's revision as a fence
		err := exec.Command(args[0], args[1:]...).Run()
		m.Unlock(context.TODO())
		return err
	}
	select {
	case <-stop:
	case <-s.Done():
	}
	return m.Unlock(context.TODO())
}
