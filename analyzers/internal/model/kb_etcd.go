package model

import "slices"

const etcd = "go.etcd.io/etcd/client/v3/concurrency"
const clientv3 = "go.etcd.io/etcd/client/v3"
const mvccpb = "go.etcd.io/etcd/api/v3/mvccpb"

// etcdAPI is one import path of etcd's v3 client: the same API (clientv3,
// its concurrency package, the mvccpb key-value type) under the paths of
// the module split (v3.5 on), of go.etcd.io/etcd before it (v3.4), and of
// github.com/coreos/etcd (v3.3 and older). lacks are the methods that
// came later (Mutex.TryLock, Session.Ctx: v3.5).
type etcdAPI struct {
	conc, v3, mvccpb string
	lacks            []string
}

var etcdAPIs = []etcdAPI{
	{conc: etcd, v3: clientv3, mvccpb: mvccpb},
	{conc: "go.etcd.io/etcd/clientv3/concurrency", v3: "go.etcd.io/etcd/clientv3", mvccpb: "go.etcd.io/etcd/mvcc/mvccpb",
		lacks: []string{"Mutex.TryLock", "Session.Ctx"}},
	{conc: "github.com/coreos/etcd/clientv3/concurrency", v3: "github.com/coreos/etcd/clientv3", mvccpb: "github.com/coreos/etcd/mvcc/mvccpb",
		lacks: []string{"Mutex.TryLock", "Session.Ctx"}},
}

// etcdFuncs is fs under every import path of etcd's client (etcdAPIs): each
// Func's Pkg names the package of the modern path (etcd, clientv3), and is
// replaced by the same package of the older paths, leaving out what they
// lack.
func etcdFuncs(fs ...Func) []Func {
	var out []Func
	for _, a := range etcdAPIs {
		for _, f := range fs {
			if slices.Contains(a.lacks, f.Recv+"."+f.Name) {
				continue
			}
			f.Pkg = a.path(f.Pkg)
			out = append(out, f)
		}
	}
	return out
}

// path is the package of a that stands for pkg, a package of the modern
// paths (etcd, clientv3 or mvccpb).
func (a etcdAPI) path(pkg string) string {
	switch pkg {
	case etcd:
		return a.conc
	case clientv3:
		return a.v3
	case mvccpb:
		return a.mvccpb
	}
	return pkg
}

const etcdRevision = "m.Header().Revision after Lock (or the lock key's CreateRevision) is the etcd lock's fencing token"

// etcdLibrary is etcd's client: concurrency's Mutex and Election on a Session
// (a lease), and the KV API.
var etcdLibrary = Library{
	Name:    "etcd",
	Modules: []string{"go.etcd.io/etcd/client/v3", "go.etcd.io/etcd/api/v3", "go.etcd.io/etcd", "github.com/coreos/etcd", "std"},
	Locks: []*Lock{
		{
			Lib:     "etcd lock",
			Acquire: etcdFuncs(Func{etcd, "Mutex", "Lock"}, Func{etcd, "Mutex", "TryLock"}),
			Success: ErrNil,
			Release: etcdFuncs(Func{etcd, "Mutex", "Unlock"}),
			Fence:   Fence{Accessor: "%s.Header().Revision"},
		},
		{
			// concurrency.NewLocker(s, pfx) wraps a Mutex in a sync.Locker:
			// Lock() takes the etcd mutex (it panics when etcd fails) and
			// Unlock() gives it up; the Mutex, and so its revision, is
			// hidden.
			Lib:     "etcd lock (NewLocker)",
			Success: Returns,
			Made: &MadeLock{By: etcdFuncs(Func{etcd, "", "NewLocker"}),
				Acquire: []Func{{"sync", "Locker", "Lock"}}, Release: []Func{{"sync", "Locker", "Unlock"}}},
			Fence: Fence{None: "concurrency.NewLocker hides the Mutex and its revision; lock with concurrency.NewMutex and use m.Header().Revision"},
		},
		{
			Lib:     "etcd election",
			Acquire: etcdFuncs(Func{etcd, "Election", "Campaign"}),
			Success: ErrNil,
			Release: etcdFuncs(Func{etcd, "Election", "Resign"}),
			Fence:   Fence{Accessor: "%s.Rev()"},
		},
		{
			// A hand-rolled lease: create the key only if it is absent,
			// bound to a lease, and hold it while the lease lives.
			Lib:     "etcd lease claim",
			Acquire: etcdFuncs(Func{clientv3, "Txn", "Commit"}),
			Success: BoolTrue, Result: 0, SuccessField: "Succeeded",
			Claim: &Claim{Absent: etcdFuncs(Func{clientv3, "", "CreateRevision"}, Func{clientv3, "", "Version"}),
				Creates: etcdFuncs(Func{clientv3, "", "OpPut"}), LeaseOptions: etcdFuncs(Func{clientv3, "", "WithLease"})},
			Release: etcdFuncs(Func{clientv3, "Lease", "Revoke"}),
			Fence: Fence{None: "the claim's revision (resp.Header.Revision, the key's CreateRevision) is its fencing token, " +
				"but it is not kept: keep it and compare it in the write (Txn If Compare(CreateRevision(key), \"=\", rev)) or send it for the resource to check"},
		},
	},
	LeasePackages: etcdPackages(etcd),
	// A Session keeps its lease alive in the background; Done closes when
	// that fails or the lease expires, and the locks and elections made
	// over the session are gone with it.
	SessionEnds:   etcdFuncs(Func{etcd, "Session", "Done"}),
	SessionMakers: etcdFuncs(Func{etcd, "", "NewSession"}),
	SessionLocks:  etcdFuncs(Func{etcd, "", "NewElection"}, Func{etcd, "", "NewMutex"}, Func{etcd, "", "NewLocker"}),
	// client/v3 lease.go: "The returned LeaseKeepAliveResponse channel
	// closes if underlying keep alive stream is interrupted".
	KeepAliveChannels: etcdFuncs(Func{clientv3, "Lease", "KeepAlive"}),
	Fences: etcdFuncs(
		Func{etcd, "Mutex", "Header"},  // Header().Revision after Lock: the lock key's revision
		Func{etcd, "Mutex", "IsOwner"}, // a Cmp on the lock key's CreateRevision, for Txn().If
		Func{etcd, "Election", "Rev"},  // the leader key's CreateRevision
	),
	FenceFields: etcdFields(Field{mvccpb, "KeyValue", "CreateRevision"}),
	Validity: etcdFuncs(
		Func{etcd, "Election", "Leader"},
		Func{etcd, "Session", "Done"},
		Func{etcd, "Session", "Ctx"},
		Func{clientv3, "Lease", "TimeToLive"}, // also through a *Client, which embeds Lease
	),
	Identities: etcdSources([]TokenSource{
		{Func: Func{etcd, "Session", "Lease"}, Arg: -1, Kind: Identity, Numeric: true,
			What: "the etcd lease ID (Session.Lease())", Instead: etcdRevision},
		{Func: Func{etcd, "Mutex", "Key"}, Arg: -1, Kind: Identity,
			What: "the etcd lock key (Mutex.Key(), the prefix plus the lease ID)", Instead: etcdRevision},
		{Func: Func{etcd, "Election", "Key"}, Arg: -1, Kind: Identity,
			What: "the etcd leader key (Election.Key())", Instead: "e.Rev() after Campaign is the election's fencing token"},
		{Func: Func{etcd, "Election", "Header"}, Arg: -1, Kind: Identity, Numeric: true,
			What:    "etcd Election.Header().Revision (the header of the first campaign request, overwritten by Proclaim and Resign; not monotonic across terms)",
			Instead: "e.Rev() after Campaign is the election's fencing token"},
	}),
	Sinks: []*Sink{
		// Also through a *Client, which embeds KV.
		{Family: "etcd", Cond: CondNone, Key: 1,
			Funcs:        etcdFuncs(methods(clientv3, []string{"KV"}, "Put", "Delete")...),
			LeaseOptions: etcdFuncs(Func{clientv3, "", "WithLease"}),
			Advice:       "write through Txn(ctx).If(m.IsOwner()).Then(...) and check Succeeded"},
		{Family: "etcd", Cond: CondTxn, Key: -1, What: "etcd transaction",
			Funcs:           etcdFuncs(Func{clientv3, "Txn", "Commit"}),
			VersionCompares: etcdFuncs(Func{clientv3, "", "ModRevision"}, Func{clientv3, "", "Version"}, Func{clientv3, "", "CreateRevision"})},
	},
	TTLArgs:      etcdTTLArgs(TTLArg{Func{etcd, "", "WithTTL"}, 0, -1}),
	StoredFields: etcdStored(Field{mvccpb, "KeyValue", "Value"}, "a value read from etcd"),
	KeyLocks: &KeyLocks{
		Deletes:  etcdFuncs(Func{clientv3, "KV", "Delete"}),
		OpDelete: etcdFuncs(Func{clientv3, "", "OpDelete"}),
		LockKeys: etcdFuncs(Func{etcd, "Mutex", "Key"}, Func{etcd, "Election", "Key"}),
	},
}

// etcdPackages is pkg under every import path of etcd's client.
func etcdPackages(pkg string) []string {
	var out []string
	for _, a := range etcdAPIs {
		out = append(out, a.path(pkg))
	}
	return out
}

// etcdFields is fs under every import path of etcd's client.
func etcdFields(fs ...Field) []Field {
	return underEtcdPaths(fs, func(f *Field) *string { return &f.Pkg })
}

// underEtcdPaths is ts under every import path of etcd's client (etcdAPIs):
// pkg points at a T's package path, which names the modern path's package.
func underEtcdPaths[T any](ts []T, pkg func(*T) *string) []T {
	var out []T
	for _, a := range etcdAPIs {
		for _, t := range ts {
			p := pkg(&t)
			*p = a.path(*p)
			out = append(out, t)
		}
	}
	return out
}

// etcdStored is the stored field f, described as what, under every import
// path of etcd's client.
func etcdStored(f Field, what string) map[Field]string {
	out := map[Field]string{}
	for _, g := range etcdFields(f) {
		out[g] = what
	}
	return out
}

// etcdSources is ts under every import path of etcd's client.
func etcdSources(ts []TokenSource) []TokenSource {
	return underEtcdPaths(ts, func(t *TokenSource) *string { return &t.Func.Pkg })
}

// etcdTTLArgs is ts under every import path of etcd's client.
func etcdTTLArgs(ts ...TTLArg) []TTLArg {
	return underEtcdPaths(ts, func(t *TTLArg) *string { return &t.Func.Pkg })
}
