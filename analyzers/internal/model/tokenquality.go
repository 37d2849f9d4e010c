package model

// SourceKind says why a value is not a fencing token, and therefore which
// check reports it where a fence belongs.
type SourceKind int

const (
	// Random: a value drawn at random (UUID, crypto/rand, math/rand, xid,
	// ksuid). FC3001.
	Random SourceKind = iota
	// Identity: who holds a lock, lease or session (redsync Value(),
	// redislock Token(), a session ID, a hostname). FC3001.
	Identity
	// Counter: an in-process counter (atomic.AddInt64, x++ on a package
	// variable or struct field). FC3002.
	Counter
	// Clock: a wall-clock reading (time.Now().UnixNano()). FC3002.
	Clock
)

// TokenSource is a call or field whose value looks like a token but is not
// a fence: it has no order, or its order is not kept by the coordinator.
type TokenSource struct {
	Func Func
	// Field is set (and Func empty) for a struct field read.
	Field Field
	// Result is the index of the result that carries the value; Arg >= 0
	// names instead the argument the call fills (crypto/rand.Read(b)).
	Result, Arg int
	Kind        SourceKind
	// What names the value in messages: "a random UUID".
	What string
	// Numeric is true for lock-library identities that are numbers
	// (etcd lease IDs, ZooKeeper session IDs, Election.Header().Revision):
	// ordering them in Go is always a mistake, whatever the names say.
	Numeric bool
	// Instead names the library's real fence, for messages; "" when the
	// engine should say what the surrounding lock offers.
	Instead string
}

const tqUUID = "github.com/google/uuid"
const tqMathRand = "math/rand"
const tqMathRand2 = "math/rand/v2"
const tqCryptoRand = "crypto/rand"

func tqRandomFuncs(pkg, what string, names ...string) []TokenSource {
	var out []TokenSource
	for _, n := range names {
		out = append(out, TokenSource{Func: Func{pkg, "", n}, Arg: -1, Kind: Random, What: what})
	}
	return out
}

func tqRandomMethods(pkg, recv, what string, names ...string) []TokenSource {
	var out []TokenSource
	for _, n := range names {
		out = append(out, TokenSource{Func: Func{pkg, recv, n}, Arg: -1, Kind: Random, What: what})
	}
	return out
}

var tqMathRandNames = []string{"Int", "Intn", "Int31", "Int31n", "Int63", "Int63n", "Uint32", "Uint64", "Float32", "Float64", "ExpFloat64", "NormFloat64"}
var tqMathRand2Names = []string{"Int", "IntN", "Int32", "Int32N", "Int64", "Int64N", "Uint", "UintN", "Uint32", "Uint32N", "Uint64", "Uint64N", "N", "Float32", "Float64", "ExpFloat64", "NormFloat64"}

const tqRedisNoFence = "redsync and redislock issue no fencing token: increment a fence column or sequence in the protected store when the lock is taken and compare that"

// TokenSources is the table of values that are not fences although they are
// often used as one. A package function that returns one of them counts too.
var TokenSources = func() []TokenSource {
	var s []TokenSource
	s = append(s, tqRandomFuncs(tqUUID, "a random UUID", "New", "NewString", "NewRandom", "NewV7")...)
	s = append(s, tqRandomFuncs("github.com/gofrs/uuid", "a random UUID", "NewV4", "NewV7", "NewV1", "NewV6")...)
	s = append(s, tqRandomFuncs("github.com/gofrs/uuid/v5", "a random UUID", "NewV4", "NewV7", "NewV1", "NewV6")...)
	s = append(s, tqRandomFuncs("github.com/satori/go.uuid", "a random UUID", "NewV4", "NewV1")...)
	s = append(s, tqRandomFuncs("github.com/rs/xid", "an xid (a unique id)", "New", "NewWithTime")...)
	s = append(s, tqRandomFuncs("github.com/segmentio/ksuid", "a KSUID (a unique id)", "New", "NewRandom", "NewRandomWithTime")...)
	s = append(s, tqRandomFuncs(tqCryptoRand, "a random number", "Int", "Prime", "Text")...)
	s = append(s, TokenSource{Func: Func{tqCryptoRand, "", "Read"}, Arg: 0, Kind: Random, What: "random bytes"})
	s = append(s, tqRandomFuncs(tqMathRand, "a random number", tqMathRandNames...)...)
	s = append(s, tqRandomMethods(tqMathRand, "Rand", "a random number", tqMathRandNames...)...)
	s = append(s, TokenSource{Func: Func{tqMathRand, "", "Read"}, Arg: 0, Kind: Random, What: "random bytes"},
		TokenSource{Func: Func{tqMathRand, "Rand", "Read"}, Arg: 0, Kind: Random, What: "random bytes"})
	s = append(s, tqRandomFuncs(tqMathRand2, "a random number", tqMathRand2Names...)...)
	s = append(s, tqRandomMethods(tqMathRand2, "Rand", "a random number", tqMathRand2Names...)...)
	s = append(s,
		TokenSource{Func: Func{redsync, "Mutex", "Value"}, Arg: -1, Kind: Identity,
			What: "redsync Mutex.Value() (the lock's random owner value)", Instead: tqRedisNoFence},
		TokenSource{Func: Func{redislock, "Lock", "Token"}, Arg: -1, Kind: Identity,
			What: "redislock Lock.Token() (the lock's random owner token)", Instead: tqRedisNoFence},
		TokenSource{Func: Func{redislock, "Lock", "Metadata"}, Arg: -1, Kind: Identity,
			What: "redislock Lock.Metadata()", Instead: tqRedisNoFence},
		TokenSource{Func: Func{etcd, "Session", "Lease"}, Arg: -1, Kind: Identity, Numeric: true,
			What: "the etcd lease ID (Session.Lease())", Instead: "m.Header().Revision after Lock (or the lock key's CreateRevision) is the etcd lock's fencing token"},
		TokenSource{Func: Func{etcd, "Mutex", "Key"}, Arg: -1, Kind: Identity,
			What: "the etcd lock key (Mutex.Key(), the prefix plus the lease ID)", Instead: "m.Header().Revision after Lock (or the lock key's CreateRevision) is the etcd lock's fencing token"},
		TokenSource{Func: Func{etcd, "Election", "Key"}, Arg: -1, Kind: Identity,
			What: "the etcd leader key (Election.Key())", Instead: "e.Rev() after Campaign is the election's fencing token"},
		TokenSource{Func: Func{etcd, "Election", "Header"}, Arg: -1, Kind: Identity, Numeric: true,
			What:    "etcd Election.Header().Revision (the header of the first campaign request, overwritten by Proclaim and Resign; not monotonic across terms)",
			Instead: "e.Rev() after Campaign is the election's fencing token"},
		TokenSource{Func: Func{consul, "Session", "Create"}, Arg: -1, Kind: Identity,
			What: "a Consul session ID", Instead: "the lock key's KVPair.LockIndex (checking pair.Session) is Consul's fencing token"},
		TokenSource{Func: Func{consul, "Session", "CreateNoChecks"}, Arg: -1, Kind: Identity,
			What: "a Consul session ID", Instead: "the lock key's KVPair.LockIndex (checking pair.Session) is Consul's fencing token"},
		TokenSource{Field: Field{consul, "KVPair", "Session"}, Arg: -1, Kind: Identity,
			What: "a Consul session ID (KVPair.Session)", Instead: "the lock key's KVPair.LockIndex (checking pair.Session) is Consul's fencing token"},
		TokenSource{Field: Field{consul, "SessionEntry", "ID"}, Arg: -1, Kind: Identity,
			What: "a Consul session ID (SessionEntry.ID)", Instead: "the lock key's KVPair.LockIndex (checking pair.Session) is Consul's fencing token"},
		TokenSource{Func: Func{zk, "Conn", "SessionID"}, Arg: -1, Kind: Identity, Numeric: true,
			What: "the ZooKeeper session ID (Conn.SessionID())", Instead: "the lock node's Stat.Czxid (or its sequence suffix) is ZooKeeper's fencing token"},
		TokenSource{Field: Field{"k8s.io/client-go/tools/leaderelection/resourcelock", "ResourceLockConfig", "Identity"}, Arg: -1, Kind: Identity,
			What: "the leader-election identity (ResourceLockConfig.Identity)", Instead: "the Lease's spec.leaseTransitions (LeaderElectionRecord.LeaderTransitions) is the closest thing client-go has to a fence"},
		TokenSource{Field: Field{"k8s.io/client-go/tools/leaderelection/resourcelock", "LeaderElectionRecord", "HolderIdentity"}, Arg: -1, Kind: Identity,
			What: "the leader's identity (LeaderElectionRecord.HolderIdentity)", Instead: "the Lease's spec.leaseTransitions (LeaderElectionRecord.LeaderTransitions) is the closest thing client-go has to a fence"},
		TokenSource{Field: Field{"k8s.io/api/coordination/v1", "LeaseSpec", "HolderIdentity"}, Arg: -1, Kind: Identity,
			What: "the Lease holder's identity (LeaseSpec.HolderIdentity)", Instead: "the Lease's spec.leaseTransitions is the closest thing client-go has to a fence"},
		TokenSource{Func: Func{"os", "", "Hostname"}, Arg: -1, Kind: Identity, What: "the host name (os.Hostname())"},
		TokenSource{Func: Func{"os", "", "Getpid"}, Arg: -1, Kind: Identity, What: "the process ID (os.Getpid())"},
	)
	for _, n := range []string{"AddInt32", "AddInt64", "AddUint32", "AddUint64", "AddUintptr"} {
		s = append(s, TokenSource{Func: Func{"sync/atomic", "", n}, Arg: -1, Kind: Counter, What: "an in-process counter (atomic." + n + ")"})
	}
	for _, r := range []string{"Int32", "Int64", "Uint32", "Uint64", "Uintptr"} {
		s = append(s, TokenSource{Func: Func{"sync/atomic", r, "Add"}, Arg: -1, Kind: Counter, What: "an in-process counter (atomic." + r + ".Add)"})
	}
	s = append(s, TokenSource{Func: Func{"time", "", "Now"}, Arg: -1, Kind: Clock, What: "a wall-clock reading (time.Now())"})
	return s
}()

// ClockMethods are the time.Time methods whose result is still a reading of
// the clock the Time came from (and so propagate a Clock source).
var ClockMethods = []string{"Unix", "UnixNano", "UnixMilli", "UnixMicro", "UTC", "Local", "In", "Round", "Truncate",
	"Add", "AddDate", "Format", "String", "AppendFormat", "MarshalText", "MarshalJSON", "MarshalBinary"}
