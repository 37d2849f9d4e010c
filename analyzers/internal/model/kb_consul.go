package model

const consul = "github.com/hashicorp/consul/api"

const consulLockIndex = "the lock key's KVPair.LockIndex (KV().Get, checking pair.Session)"
const consulFence = "the lock key's KVPair.LockIndex (checking pair.Session) is Consul's fencing token"
const consulAdvice = "write through CAS on ModifyIndex or a Txn with KVCheckSession"

// consulLibrary is HashiCorp Consul's API client: Lock and Semaphore on a
// session, KV Acquire/Release, and the KV store.
var consulLibrary = Library{
	Name:    "Consul",
	Modules: []string{consul},
	Locks: []*Lock{
		{
			Lib:         "Consul lock",
			Acquire:     []Func{{consul, "Lock", "Lock"}},
			Success:     ErrNil,
			Result:      1,
			Release:     []Func{{consul, "Lock", "Unlock"}, {consul, "Lock", "Destroy"}},
			LostChannel: true,
			// api/lock.go: "Handle the one-shot mode": after LockWaitTime
			// Lock returns nil, nil while the key is held by another session.
			TryOnce: &TryOnce{Maker: Func{consul, "Client", "LockOpts"}, Option: Field{consul, "LockOptions", "LockTryOnce"}},
			KeyFrom: []Func{{consul, "Client", "LockKey"}},
			Fence:   Fence{Accessor: consulLockIndex},
		},
		{
			Lib:     "Consul semaphore",
			Acquire: []Func{{consul, "Semaphore", "Acquire"}},
			Success: ErrNil,
			Result:  1,
			Release: []Func{{consul, "Semaphore", "Release"}, {consul, "Semaphore", "Destroy"}},
			Fence:   Fence{None: "a Consul semaphore slot has no fencing token; fence the protected store yourself (a guard row or sequence) and compare it in the write"},
		},
		{
			Lib:     "Consul session lock",
			Acquire: []Func{{consul, "KV", "Acquire"}},
			Success: BoolTrue,
			Release: []Func{{consul, "KV", "Release"}},
			Fence:   Fence{Accessor: consulLockIndex},
		},
	},
	FenceFields: []Field{
		{consul, "KVPair", "LockIndex"},
		{consul, "KVPair", "ModifyIndex"},
	},
	Validity: []Func{
		{consul, "Lock", "Lock"}, // its lost channel, read without blocking
		{consul, "KV", "Get"},    // the lock record read back and its Session compared with ours
	},
	Identities: []TokenSource{
		{Func: Func{consul, "Session", "Create"}, Arg: -1, Kind: Identity,
			What: "a Consul session ID", Instead: consulFence},
		{Func: Func{consul, "Session", "CreateNoChecks"}, Arg: -1, Kind: Identity,
			What: "a Consul session ID", Instead: consulFence},
		{Field: Field{consul, "KVPair", "Session"}, Arg: -1, Kind: Identity,
			What: "a Consul session ID (KVPair.Session)", Instead: consulFence},
		{Field: Field{consul, "SessionEntry", "ID"}, Arg: -1, Kind: Identity,
			What: "a Consul session ID (SessionEntry.ID)", Instead: consulFence},
	},
	Sinks: []*Sink{
		{Family: "Consul KV", Cond: CondNone, Key: -1, OwnKey: true, Advice: consulAdvice,
			Funcs: methods(consul, []string{"KV"}, "Put", "Delete", "DeleteTree")},
		{Family: "Consul KV", Cond: CondCAS, Key: -1, OwnKey: true, Advice: consulAdvice,
			Funcs: methods(consul, []string{"KV"}, "CAS", "DeleteCAS")},
		{Family: "Consul", Cond: CondOps, Key: -1,
			Funcs: methods(consul, []string{"Txn", "KV"}, "Txn")},
	},
	OpGuards: Guards{
		Consts: map[string][]string{consul + ".KVOp": {"check-session", "check-index", "check-not-exists", "cas", "delete-cas"}},
	},
	TTLArgs: []TTLArg{{Func{consul, "Session", "RenewPeriodic"}, 0, -1}},
	TTLFields: map[Field]string{
		{consul, "SessionEntry", "TTL"}:            "the Consul session TTL",
		{consul, "LockOptions", "SessionTTL"}:      "the Consul lock SessionTTL",
		{consul, "SemaphoreOptions", "SessionTTL"}: "the Consul semaphore SessionTTL",
	},
	StoredFields:    map[Field]string{{consul, "KVPair", "Value"}: "a value read from Consul"},
	SessionRenewals: []Func{{consul, "Session", "RenewPeriodic"}},
}
