// Package consul exercises FC1001 with Consul locks.
package consul

import (
	"context"
	"database/sql"
	"errors"

	"github.com/hashicorp/consul/api"
)

// Lock returns the lost channel; writes after it are in the section.
func unfenced(ctx context.Context, c *api.Client, db *sql.DB) error {
	l, err := c.LockKey("service/leader")
	if err != nil {
		return err
	}
	lost, err := l.Lock(nil)
	if err != nil {
		return err
	}
	defer l.Unlock()
	_ = lost
	c.KV().Put(&api.KVPair{Key: "service/config", Value: []byte("x")}, nil) // want `Consul KV Put .* under the Consul lock .*KVPair.LockIndex`
	_, err = db.ExecContext(ctx, `DELETE FROM sessions WHERE expired`)       // want `DELETE sessions`
	return err
}

// The fence is the lock key's LockIndex, read while the session still owns it.
func fenced(ctx context.Context, c *api.Client, db *sql.DB, session string) error {
	l, err := c.LockKey("service/leader")
	if err != nil {
		return err
	}
	if _, err := l.Lock(nil); err != nil {
		return err
	}
	defer l.Unlock()
	pair, _, err := c.KV().Get("service/leader", &api.QueryOptions{RequireConsistent: true})
	if err != nil || pair == nil || pair.Session != session {
		return errors.New("lost the lock")
	}
	_, err = db.ExecContext(ctx, `UPDATE config SET v = $1, lock_index = $2 WHERE k = 'x' AND lock_index <= $2`, "v", pair.LockIndex)
	c.KV().CAS(&api.KVPair{Key: "service/config", Value: []byte("x"), ModifyIndex: pair.ModifyIndex}, nil)
	return err
}

// KV Acquire reports success as a bool.
func acquire(c *api.Client, session string) {
	kv := c.KV()
	ok, _, err := kv.Acquire(&api.KVPair{Key: "jobs/lock", Session: session}, nil)
	if err != nil || !ok {
		kv.Put(&api.KVPair{Key: "jobs/failed", Value: []byte("1")}, nil) // not acquired: outside
		return
	}
	kv.Put(&api.KVPair{Key: "jobs/state", Value: []byte("running")}, nil) // want `Consul KV Put .* under the Consul session lock`
}

// A Txn is conditional when it carries a check-session (or CAS) operation.
func txn(c *api.Client, session string) {
	kv := c.KV()
	ok, _, err := kv.Acquire(&api.KVPair{Key: "jobs/lock", Session: session}, nil)
	if err != nil || !ok {
		return
	}
	c.Txn().Txn(api.TxnOps{ // want `Consul Txn`
		{KV: &api.KVTxnOp{Verb: api.KVSet, Key: "jobs/state", Value: []byte("x")}},
	}, nil)
	guarded(c, session)
}

func guarded(c *api.Client, session string) {
	c.Txn().Txn(api.TxnOps{
		{KV: &api.KVTxnOp{Verb: api.KVCheckSession, Key: "jobs/lock", Session: session}},
		{KV: &api.KVTxnOp{Verb: api.KVSet, Key: "jobs/state", Value: []byte("x")}},
	}, nil)
}

// Expected to fail: the code continues only when the lock was not taken.
func conflict(c *api.Client, l *api.Lock) {
	_, err := l.Lock(nil)
	if err != api.ErrLockConflict {
		return
	}
	c.KV().Put(&api.KVPair{Key: "jobs/conflicts", Value: []byte("1")}, nil)
}

// LockTryOnce: (nil, nil) means not acquired.
func tryOnce(c *api.Client, l *api.Lock) {
	ch, err := l.Lock(nil)
	if err != nil {
		return
	}
	if ch == nil {
		c.KV().Put(&api.KVPair{Key: "jobs/skipped", Value: []byte("1")}, nil) // not acquired
		return
	}
	c.KV().Put(&api.KVPair{Key: "jobs/state", Value: []byte("x")}, nil) // want `Consul KV.Put .* under the Consul lock`
}

// Writing the lock's own key (an operator-style poke) is a lock operation.
func poke(c *api.Client) error {
	l, err := c.LockKey("service/poked")
	if err != nil {
		return err
	}
	lost, err := l.Lock(nil)
	if err != nil {
		return err
	}
	defer l.Unlock()
	c.KV().Delete("service/poked", nil)
	c.KV().Put(&api.KVPair{Key: "service/poked", Value: []byte("wake")}, nil)
	c.KV().Delete("service/other", nil) // want `Consul KV.Delete`
	<-lost
	return nil
}
