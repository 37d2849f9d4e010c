package model

const etcd = "go.etcd.io/etcd/client/v3/concurrency"
const clientv3 = "go.etcd.io/etcd/client/v3"
const mvccpb = "go.etcd.io/etcd/api/v3/mvccpb"

const etcdRevision = "m.Header().Revision after Lock (or the lock key's CreateRevision) is the etcd lock's fencing token"

// etcdLibrary is etcd's client: concurrency's Mutex and Election on a Session
// (a lease), and the KV API.
var etcdLibrary = Library{
	Name:    "etcd",
	Modules: []string{"go.etcd.io/etcd/client/v3", "go.etcd.io/etcd/api/v3", "std"},
	Locks: []*Lock{
		{
			Lib:     "etcd lock",
			Acquire: []Func{{etcd, "Mutex", "Lock"}, {etcd, "Mutex", "TryLock"}},
			Success: ErrNil,
			Release: []Func{{etcd, "Mutex", "Unlock"}},
			Fence:   Fence{Accessor: "%s.Header().Revision"},
		},
		{
			// concurrency.NewLocker(s, pfx) wraps a Mutex in a sync.Locker:
			// Lock() takes the etcd mutex (it panics when etcd fails) and
			// Unlock() gives it up; the Mutex, and so its revision, is
			// hidden.
			Lib:     "etcd lock (NewLocker)",
			Success: Returns,
			Made: &MadeLock{By: []Func{{etcd, "", "NewLocker"}},
				Acquire: []Func{{"sync", "Locker", "Lock"}}, Release: []Func{{"sync", "Locker", "Unlock"}}},
			Fence: Fence{None: "concurrency.NewLocker hides the Mutex and its revision; lock with concurrency.NewMutex and use m.Header().Revision"},
		},
		{
			Lib:     "etcd election",
			Acquire: []Func{{etcd, "Election", "Campaign"}},
			Success: ErrNil,
			Release: []Func{{etcd, "Election", "Resign"}},
			Fence:   Fence{Accessor: "%s.Rev()"},
		},
		{
			// A hand-rolled lease: create the key only if it is absent,
			// bound to a lease, and hold it while the lease lives.
			Lib:     "etcd lease claim",
			Acquire: []Func{{clientv3, "Txn", "Commit"}},
			Success: BoolTrue, Result: 0, SuccessField: "Succeeded",
			Claim: &Claim{Absent: []Func{{clientv3, "", "CreateRevision"}, {clientv3, "", "Version"}},
				Creates: []Func{{clientv3, "", "OpPut"}}, LeaseOptions: []Func{{clientv3, "", "WithLease"}}},
			Release: []Func{{clientv3, "Lease", "Revoke"}},
			Fence: Fence{None: "the claim's revision (resp.Header.Revision, the key's CreateRevision) is its fencing token, " +
				"but it is not kept: keep it and compare it in the write (Txn If Compare(CreateRevision(key), \"=\", rev)) or send it for the resource to check"},
		},
	},
	LeasePackages: []string{etcd},
	// A Session keeps its lease alive in the background; Done closes when
	// that fails or the lease expires, and the locks and elections made
	// over the session are gone with it.
	SessionEnds:   []Func{{etcd, "Session", "Done"}},
	SessionMakers: []Func{{etcd, "", "NewSession"}},
	SessionLocks:  []Func{{etcd, "", "NewElection"}, {etcd, "", "NewMutex"}, {etcd, "", "NewLocker"}},
	// client/v3 lease.go: "The returned LeaseKeepAliveResponse channel
	// closes if underlying keep alive stream is interrupted".
	KeepAliveChannels: []Func{{clientv3, "Lease", "KeepAlive"}},
	Fences: []Func{
		{etcd, "Mutex", "Header"},  // Header().Revision after Lock: the lock key's revision
		{etcd, "Mutex", "IsOwner"}, // a Cmp on the lock key's CreateRevision, for Txn().If
		{etcd, "Election", "Rev"},  // the leader key's CreateRevision
	},
	FenceFields: []Field{{mvccpb, "KeyValue", "CreateRevision"}},
	Validity: []Func{
		{etcd, "Election", "Leader"},
		{etcd, "Session", "Done"},
		{etcd, "Session", "Ctx"},
		{clientv3, "Lease", "TimeToLive"}, // also through a *Client, which embeds Lease
	},
	Identities: []TokenSource{
		{Func: Func{etcd, "Session", "Lease"}, Arg: -1, Kind: Identity, Numeric: true,
			What: "the etcd lease ID (Session.Lease())", Instead: etcdRevision},
		{Func: Func{etcd, "Mutex", "Key"}, Arg: -1, Kind: Identity,
			What: "the etcd lock key (Mutex.Key(), the prefix plus the lease ID)", Instead: etcdRevision},
		{Func: Func{etcd, "Election", "Key"}, Arg: -1, Kind: Identity,
			What: "the etcd leader key (Election.Key())", Instead: "e.Rev() after Campaign is the election's fencing token"},
		{Func: Func{etcd, "Election", "Header"}, Arg: -1, Kind: Identity, Numeric: true,
			What:    "etcd Election.Header().Revision (the header of the first campaign request, overwritten by Proclaim and Resign; not monotonic across terms)",
			Instead: "e.Rev() after Campaign is the election's fencing token"},
	},
	Sinks: []*Sink{
		// Also through a *Client, which embeds KV.
		{Family: "etcd", Cond: CondNone, Key: 1,
			Funcs:        methods(clientv3, []string{"KV"}, "Put", "Delete"),
			LeaseOptions: []Func{{clientv3, "", "WithLease"}},
			Advice:       "write through Txn(ctx).If(m.IsOwner()).Then(...) and check Succeeded"},
		{Family: "etcd", Cond: CondTxn, Key: -1, What: "etcd transaction",
			Funcs:           []Func{{clientv3, "Txn", "Commit"}},
			VersionCompares: []Func{{clientv3, "", "ModRevision"}, {clientv3, "", "Version"}, {clientv3, "", "CreateRevision"}}},
	},
	TTLArgs:      []TTLArg{{Func{etcd, "", "WithTTL"}, 0, -1}},
	StoredFields: map[Field]string{{mvccpb, "KeyValue", "Value"}: "a value read from etcd"},
	KeyLocks: &KeyLocks{
		Deletes:  []Func{{clientv3, "KV", "Delete"}},
		OpDelete: []Func{{clientv3, "", "OpDelete"}},
		LockKeys: []Func{{etcd, "Mutex", "Key"}, {etcd, "Election", "Key"}},
	},
}
