// Package clientv3 is a test stub of github.com/coreos/etcd's pre-v3.5 import path: the go.etcd.io/etcd/client/v3 (api/v3) stub with its paths renamed and without what v3.5 added (Mutex.TryLock, Session.Ctx). The proxy serves the module, but realmod cannot require it (see analyzers/internal/model/kb_test.go, unverifiable).
//
// Bodies are trivial and unexported fields are dropped. *Client embeds the
// Cluster, KV, Lease, Watcher, Auth and Maintenance interfaces like the real type.
package clientv3
