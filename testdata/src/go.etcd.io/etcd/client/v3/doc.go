// Package clientv3 is a test stub of go.etcd.io/etcd/client/v3@v3.7.3, signatures copied from the real source.
//
// Bodies are trivial and unexported fields are dropped. *Client embeds the
// Cluster, KV, Lease, Watcher, Auth and Maintenance interfaces like the real type.
package clientv3
