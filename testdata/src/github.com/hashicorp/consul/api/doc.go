// Package api is a test stub of github.com/hashicorp/consul/api@v1.34.5, signatures copied from the real source.
//
// Covered: Client/Config, Lock (LockKey/LockOpts/LockOptions), KV and KVPair,
// Session and SessionEntry, Txn with TxnOps/TxnOp/KVTxnOp and the KVOp verbs,
// QueryOptions/WriteOptions/QueryMeta/WriteMeta. Node, AgentService and
// HealthCheck carry only a subset of their fields.
package api
