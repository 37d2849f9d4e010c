// Package consulhelper commits Consul transactions through a helper that
// takes the operations as a parameter, from a goroutine started under the
// leader lock: the operations the caller built decide whether the
// transaction is conditional.
package consulhelper

import (
	"encoding/json"

	"github.com/hashicorp/consul/api"
)

type Agent struct {
	client    *api.Client
	partition string
	session   string
	shutdown  chan struct{}
}

func (a *Agent) leader() {
	lock, err := a.client.LockKey("esm/leader")
	if err != nil {
		return
	}
	lost, err := lock.Lock(a.shutdown)
	if err != nil || lost == nil {
		return
	}
	defer lock.Unlock()
	go a.publish(lost) // want `Consul Txn \(Consul KV.Txn\) \(reached through this call\) under the Consul .* none of its operations is a check`
	go a.publishChecked(lost)
	<-lost
}

func (a *Agent) withPartition(f func(string)) {
	if a.partition != "" {
		f(a.partition)
	}
}

func (a *Agent) commit(ops api.KVTxnOps) bool {
	ok, _, _, err := a.client.KV().Txn(ops, &api.QueryOptions{})
	return err == nil && ok
}

func (a *Agent) publish(stop <-chan struct{}) {
	for _, node := range []string{"a", "b"} {
		ops := api.KVTxnOps{&api.KVTxnOp{Verb: api.KVDeleteTree, Key: "esm/agents/"}}
		body, _ := json.Marshal(node)
		op := &api.KVTxnOp{Verb: api.KVSet, Key: "esm/agents/" + node, Value: body}
		a.withPartition(func(p string) { op.Partition = p })
		ops = append(ops, op)
		if !a.commit(ops) {
			return
		}
	}
}

// Silent: the operations begin with a check of the lock's session.
func (a *Agent) publishChecked(stop <-chan struct{}) {
	ops := api.KVTxnOps{&api.KVTxnOp{Verb: api.KVCheckSession, Key: "esm/leader", Session: a.session}}
	body, _ := json.Marshal("a")
	ops = append(ops, &api.KVTxnOp{Verb: api.KVSet, Key: "esm/agents/a", Value: body})
	a.commit(ops)
}
