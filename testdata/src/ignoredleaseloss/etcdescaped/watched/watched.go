// Package watched hands out a mutex over a session it watches itself.
package watched

import (
	"context"
	"log"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/concurrency"
)

type locker interface {
	Lock(ctx context.Context) error
	Unlock(ctx context.Context) error
}

// NewLock exits the process when the session ends.
func NewLock(client *clientv3.Client, key string) locker {
	s, err := concurrency.NewSession(client)
	if err != nil {
		log.Fatal(err)
	}
	go func() {
		<-s.Done()
		log.Fatal("etcd session ended")
	}()
	return concurrency.NewMutex(s, key)
}
