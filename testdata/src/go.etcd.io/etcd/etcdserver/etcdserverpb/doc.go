// Package etcdserverpb is a test stub of go.etcd.io/etcd's pre-v3.5 import path: the go.etcd.io/etcd/client/v3 (api/v3) stub with its paths renamed and without what v3.5 added (Mutex.TryLock, Session.Ctx). The proxy serves the module, but realmod cannot require it (see analyzers/internal/model/kb_test.go, unverifiable).
// Only the messages referenced by the clientv3 stub are present; protobuf internals
// (state, sizeCache, unknownFields, ProtoReflect, Descriptor) are dropped.
package etcdserverpb
