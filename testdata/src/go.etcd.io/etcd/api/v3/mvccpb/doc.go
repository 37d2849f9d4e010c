// Package mvccpb is a test stub of go.etcd.io/etcd/api/v3@v3.7.3, signatures copied from the real source.
package mvccpb
