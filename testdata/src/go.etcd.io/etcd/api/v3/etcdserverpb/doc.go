// Package etcdserverpb is a test stub of go.etcd.io/etcd/api/v3@v3.7.3, signatures copied from the real source.
// Only the messages referenced by the clientv3 stub are present; protobuf internals
// (state, sizeCache, unknownFields, ProtoReflect, Descriptor) are dropped.
package etcdserverpb
