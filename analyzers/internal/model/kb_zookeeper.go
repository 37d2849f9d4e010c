package model

const zk = "github.com/go-zookeeper/zk"

const zkAdvice = "write through Multi with a CheckVersionRequest on the lock node"

// zooKeeperLibrary is the go-zookeeper client: its Lock recipe and the znode
// API.
var zooKeeperLibrary = Library{
	Name:    "ZooKeeper",
	Modules: []string{zk},
	Locks: []*Lock{
		{
			Lib:     "ZooKeeper lock",
			Acquire: []Func{{zk, "Lock", "Lock"}, {zk, "Lock", "LockWithData"}},
			Success: ErrNil,
			Release: []Func{{zk, "Lock", "Unlock"}},
			Fence:   Fence{Accessor: "the lock node's Stat.Czxid"},
		},
	},
	FenceFields: []Field{{zk, "Stat", "Czxid"}},
	Identities: []TokenSource{
		{Func: Func{zk, "Conn", "SessionID"}, Arg: -1, Kind: Identity, Numeric: true,
			What: "the ZooKeeper session ID (Conn.SessionID())", Instead: "the lock node's Stat.Czxid (or its sequence suffix) is ZooKeeper's fencing token"},
	},
	Sinks: []*Sink{
		// An ephemeral node dies with the session: bound to the lease.
		{Family: "ZooKeeper", Cond: CondNone, Key: 0, Advice: zkAdvice,
			Funcs: []Func{{zk, "Conn", "Create"}}, ArgConds: []ArgCond{{Arg: 2, Bits: 1}}}, // zk.FlagEphemeral
		// A version other than -1 makes Set and Delete a compare-and-swap.
		{Family: "ZooKeeper", Cond: CondNone, Key: 0, Advice: zkAdvice,
			Funcs: []Func{{zk, "Conn", "Set"}}, ArgConds: []ArgCond{{Arg: 2, Any: -1}}},
		{Family: "ZooKeeper", Cond: CondNone, Key: 0, Advice: zkAdvice,
			Funcs: []Func{{zk, "Conn", "Delete"}}, ArgConds: []ArgCond{{Arg: 1, Any: -1}}},
		{Family: "ZooKeeper", Cond: CondOps, Key: -1, Advice: zkAdvice,
			Funcs: methods(zk, []string{"Conn"}, "Multi")},
	},
	OpGuards:    Guards{Types: []Field{{Pkg: zk, Type: "CheckVersionRequest"}}},
	StoredReads: map[Func]string{{zk, "Conn", "Get"}: "a value read from ZooKeeper"},
}
