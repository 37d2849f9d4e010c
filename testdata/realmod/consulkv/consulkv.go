// Package consulkv keeps a feature-flag document in Consul KV while holding a
// raw session lock (KV.Acquire). Fenced writes are Consul transactions that
// check the session still holds the lock key.
package consulkv

import (
	"errors"

	"github.com/hashicorp/consul/api"
)

const lockKey = "flags/.lock"

// ErrNotHolder means the session does not (or no longer) hold the lock key.
var ErrNotHolder = errors.New("consulkv: session does not hold the lock")

// PublishUnfenced overwrites the flags document with an unconditional Put.
func PublishUnfenced(c *api.Client, session string, doc []byte) error {
	kv := c.KV()
	ok, _, err := kv.Acquire(&api.KVPair{Key: lockKey, Session: session}, nil)
	if err != nil {
		return err
	}
	if !ok {
		return ErrNotHolder
	}
	defer kv.Release(&api.KVPair{Key: lockKey, Session: session}, nil)
	_, err = kv.Put(&api.KVPair{Key: "flags/current", Value: doc}, nil) // want "FC1001"
	return err
}

// PublishFenced writes in a transaction that first checks the session still holds the lock.
func PublishFenced(c *api.Client, session string, doc []byte) error {
	kv := c.KV()
	ok, _, err := kv.Acquire(&api.KVPair{Key: lockKey, Session: session}, nil)
	if err != nil {
		return err
	}
	if !ok {
		return ErrNotHolder
	}
	defer kv.Release(&api.KVPair{Key: lockKey, Session: session}, nil)
	committed, _, _, err := c.Txn().Txn(api.TxnOps{
		{KV: &api.KVTxnOp{Verb: api.KVCheckSession, Key: lockKey, Session: session}},
		{KV: &api.KVTxnOp{Verb: api.KVSet, Key: "flags/current", Value: doc}},
	}, nil)
	if err != nil {
		return err
	}
	if !committed {
		return ErrNotHolder
	}
	return nil
}

// Current reads the flags document under the lock.
func Current(c *api.Client, session string) ([]byte, error) {
	kv := c.KV()
	ok, _, err := kv.Acquire(&api.KVPair{Key: lockKey, Session: session}, nil)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, ErrNotHolder
	}
	defer kv.Release(&api.KVPair{Key: lockKey, Session: session}, nil)
	pair, _, err := kv.Get("flags/current", &api.QueryOptions{RequireConsistent: true})
	if err != nil || pair == nil {
		return nil, err
	}
	return pair.Value, nil
}
