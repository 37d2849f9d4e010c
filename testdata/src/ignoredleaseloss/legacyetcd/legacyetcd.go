// Package legacyetcd exercises FC5002 on etcd's client under its import
// path before the module split (github.com/coreos/etcd/clientv3, v3.3):
// the same API as go.etcd.io/etcd/client/v3, so the same rules.
package legacyetcd

import (
	"context"
	"errors"

	"github.com/coreos/etcd/clientv3"
)

var errOccupied = errors.New("lock occupied")

type Lock struct {
	KV      clientv3.KV
	Lease   clientv3.Lease
	LeaseID clientv3.LeaseID
	Ctx     context.Context
	lost    chan struct{}
}

// Lock keeps the lease alive and claims the key; the goroutine that
// drains the keepalive channel just returns when it closes.
func (l *Lock) Lock(task string) error {
	lease, err := l.Lease.Grant(l.Ctx, 1)
	if err != nil {
		return err
	}
	l.LeaseID = lease.ID
	alive, err := l.Lease.KeepAlive(l.Ctx, l.LeaseID)
	if err != nil {
		return err
	}
	go func() {
		for {
			if _, ok := <-alive; !ok { // want `this goroutine drains the keepalive channel of l.Lease.KeepAlive \(at legacyetcd.go:\d+\) for the lease claimed at legacyetcd.go:\d+ \(Lock\).*tells nobody`
				return
			}
		}
	}()
	key := "/cron/lock/" + task
	txn := l.KV.Txn(context.TODO())
	txn.If(clientv3.Compare(clientv3.CreateRevision(key), "=", 0)).Then(clientv3.OpPut(key, "", clientv3.WithLease(l.LeaseID)))
	resp, err := txn.Commit()
	if err != nil {
		return err
	}
	if !resp.Succeeded {
		return errOccupied
	}
	return nil
}

// --- must stay silent ---

// The drain closes a channel the work selects on.
func (l *Lock) LockSignals(task string) error {
	lease, err := l.Lease.Grant(l.Ctx, 1)
	if err != nil {
		return err
	}
	alive, err := l.Lease.KeepAlive(l.Ctx, lease.ID)
	if err != nil {
		return err
	}
	lost := make(chan struct{})
	go func() {
		for range alive {
		}
		close(lost)
	}()
	key := "/cron/lock/" + task
	resp, err := l.KV.Txn(context.TODO()).If(clientv3.Compare(clientv3.CreateRevision(key), "=", 0)).
		Then(clientv3.OpPut(key, "", clientv3.WithLease(lease.ID))).Commit()
	if err != nil {
		return err
	}
	if !resp.Succeeded {
		return errOccupied
	}
	l.lost = lost
	return nil
}

// The reviewed exception: the task is bounded well below the lease's TTL.
func (l *Lock) LockShort(task string) error {
	lease, err := l.Lease.Grant(l.Ctx, 60)
	if err != nil {
		return err
	}
	alive, err := l.Lease.KeepAlive(l.Ctx, lease.ID)
	if err != nil {
		return err
	}
	go func() {
		//lint:ignore FC5002 the task runs under a one-second deadline, far below the 60 s lease
		for range alive {
		}
	}()
	key := "/cron/lock/" + task
	resp, err := l.KV.Txn(context.TODO()).If(clientv3.Compare(clientv3.CreateRevision(key), "=", 0)).
		Then(clientv3.OpPut(key, "", clientv3.WithLease(lease.ID))).Commit()
	if err != nil {
		return err
	}
	if !resp.Succeeded {
		return errOccupied
	}
	return nil
}
