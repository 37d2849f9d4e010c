// Package authpb is a test stub of go.etcd.io/etcd/api/v3@v3.7.3 (authpb), signatures copied from the real source.
// Protobuf internals are dropped.
package authpb
