package model

// FenceCalls are calls whose result is (or contains) a fencing token.
// Every value derived from the result counts as the token.
var FenceCalls = []Func{
	{etcd, "Mutex", "Header"},  // Header().Revision after Lock: the lock key's revision
	{etcd, "Mutex", "IsOwner"}, // a Cmp on the lock key's CreateRevision, for Txn().If
	{etcd, "Election", "Rev"},  // the leader key's CreateRevision
}

// FenceFields are struct fields that hold a fencing token wherever they are
// read. Reading them from some other record is rare enough that treating
// every read as a token keeps fencecheck quiet rather than wrong.
var FenceFields = []Field{
	{"go.etcd.io/etcd/api/v3/mvccpb", "KeyValue", "CreateRevision"},
	{consul, "KVPair", "LockIndex"},
	{consul, "KVPair", "ModifyIndex"},
	{zk, "Stat", "Czxid"},
	{"k8s.io/client-go/tools/leaderelection/resourcelock", "LeaderElectionRecord", "LeaderTransitions"},
	{"k8s.io/api/coordination/v1", "LeaseSpec", "LeaseTransitions"},
}
