package model

import (
	"go/types"
	"strings"
)

// Success says how a caller learns that an acquisition succeeded.
type Success int

const (
	// ErrNil: result Result is an error that is nil on success.
	ErrNil Success = iota
	// BoolTrue: result Result is a bool that is true on success. When the
	// result is a go-redis *BoolCmd, Result()/Val() of it is that bool.
	BoolTrue
	// Callback: success is entering a callback (client-go OnStartedLeading);
	// the whole callback body is the critical section.
	Callback
)

// Fence tells where a lock library keeps its fencing token, for messages
// and for the engine's list of token sources.
type Fence struct {
	// Accessor is a template for the expression that yields the token; %s
	// is replaced by the source text of the lock handle ("m").
	Accessor string
	// None explains, when the library exposes no token, what to use instead.
	None string
}

// Lock describes one lock, lease or leadership API.
type Lock struct {
	// Lib is a short human name used in messages ("etcd lock").
	Lib string
	// Acquire are the calls that take the lock.
	Acquire []Func
	// Success says how Acquire reports success; Result is the index of the
	// result that carries it.
	Success Success
	Result  int
	// HandleIsResult is the result index that holds the lock handle when
	// the handle is returned (redislock.Obtain); -1 means the receiver is
	// the handle (etcd Mutex.Lock).
	HandleIsResult int
	// Release are the calls that give the lock up again.
	Release []Func
	Fence   Fence
	// Table is the lease table of a hand-rolled SQL lease: writes to it
	// inside the section are the lease's own bookkeeping, not effects.
	Table string
	// Chains is set on the lock of an inferred acquire wrapper whose
	// underlying lock makes a function returning with it held a wrapper
	// (it has a release, or is an SQL advisory lock): a wrapper of the
	// wrapper is one too, whether or not a release is known.
	Chains bool
}

const etcd = "go.etcd.io/etcd/client/v3/concurrency"
const consul = "github.com/hashicorp/consul/api"
const zk = "github.com/go-zookeeper/zk"
const redsync = "github.com/go-redsync/redsync/v4"
const redislock = "github.com/bsm/redislock"
const leaderelection = "k8s.io/client-go/tools/leaderelection"
const gozero = "github.com/zeromicro/go-zero/core/stores/redis"
const goredis = "github.com/redis/go-redis/v9"

const noFenceRedis = "this library issues no fencing token; take one from the protected store " +
	"(a guard row or sequence incremented when the lock is taken) and compare it in the write"

// Locks is the table of lock APIs fencecheck knows out of the box.
// SQL advisory locks and hand-rolled Redis SET NX locks are recognised from
// statement text and key names by the engine (see sqllocks and RedisLockKey).
var Locks = []*Lock{
	{
		Lib:            "etcd lock",
		Acquire:        []Func{{etcd, "Mutex", "Lock"}, {etcd, "Mutex", "TryLock"}},
		Success:        ErrNil,
		HandleIsResult: -1,
		Release:        []Func{{etcd, "Mutex", "Unlock"}},
		Fence:          Fence{Accessor: "%s.Header().Revision"},
	},
	{
		Lib:            "etcd election",
		Acquire:        []Func{{etcd, "Election", "Campaign"}},
		Success:        ErrNil,
		HandleIsResult: -1,
		Release:        []Func{{etcd, "Election", "Resign"}},
		Fence:          Fence{Accessor: "%s.Rev()"},
	},
	{
		Lib:            "Consul lock",
		Acquire:        []Func{{consul, "Lock", "Lock"}},
		Success:        ErrNil,
		Result:         1,
		HandleIsResult: -1,
		Release:        []Func{{consul, "Lock", "Unlock"}, {consul, "Lock", "Destroy"}},
		Fence:          Fence{Accessor: "the lock key's KVPair.LockIndex (KV().Get, checking pair.Session)"},
	},
	{
		Lib:            "Consul semaphore",
		Acquire:        []Func{{consul, "Semaphore", "Acquire"}},
		Success:        ErrNil,
		Result:         1,
		HandleIsResult: -1,
		Release:        []Func{{consul, "Semaphore", "Release"}, {consul, "Semaphore", "Destroy"}},
		Fence:          Fence{None: "a Consul semaphore slot has no fencing token; fence the protected store yourself (a guard row or sequence) and compare it in the write"},
	},
	{
		Lib:            "Consul session lock",
		Acquire:        []Func{{consul, "KV", "Acquire"}},
		Success:        BoolTrue,
		HandleIsResult: -1,
		Release:        []Func{{consul, "KV", "Release"}},
		Fence:          Fence{Accessor: "the lock key's KVPair.LockIndex (KV().Get, checking pair.Session)"},
	},
	{
		Lib:            "ZooKeeper lock",
		Acquire:        []Func{{zk, "Lock", "Lock"}, {zk, "Lock", "LockWithData"}},
		Success:        ErrNil,
		HandleIsResult: -1,
		Release:        []Func{{zk, "Lock", "Unlock"}},
		Fence:          Fence{Accessor: "the lock node's Stat.Czxid"},
	},
	{
		Lib: "redsync lock",
		Acquire: []Func{{redsync, "Mutex", "Lock"}, {redsync, "Mutex", "LockContext"},
			{redsync, "Mutex", "TryLock"}, {redsync, "Mutex", "TryLockContext"}},
		Success:        ErrNil,
		HandleIsResult: -1,
		Release:        []Func{{redsync, "Mutex", "Unlock"}, {redsync, "Mutex", "UnlockContext"}},
		Fence:          Fence{None: "redsync issues no fencing token (Value() is a random identity); " + noFenceRedis[len("this library issues no fencing token; "):]},
	},
	{
		Lib:            "redislock lock",
		Acquire:        []Func{{redislock, "", "Obtain"}, {redislock, "Client", "Obtain"}},
		Success:        ErrNil,
		Result:         1,
		HandleIsResult: 0,
		Release:        []Func{{redislock, "Lock", "Release"}},
		Fence:          Fence{None: "redislock issues no fencing token (Token() is a random identity); " + noFenceRedis[len("this library issues no fencing token; "):]},
	},
	{
		Lib:            "go-zero RedisLock",
		Acquire:        []Func{{gozero, "RedisLock", "Acquire"}, {gozero, "RedisLock", "AcquireCtx"}},
		Success:        BoolTrue,
		HandleIsResult: -1,
		Release:        []Func{{gozero, "RedisLock", "Release"}, {gozero, "RedisLock", "ReleaseCtx"}},
		Fence:          Fence{None: noFenceRedis},
	},
	LeaderElectionLock,
	RedisSetNXLock,
}

// LeaderCallback is the struct field whose function value runs while the
// process leads (client-go). The body of the function stored there is a
// critical section.
var LeaderCallback = Field{leaderelection, "LeaderCallbacks", "OnStartedLeading"}

// LeaderElectionLock is the Lock entry used for LeaderCallback sections.
var LeaderElectionLock = &Lock{
	Lib:     "client-go leader election",
	Success: Callback,
	Fence:   Fence{Accessor: "the Lease's spec.leaseTransitions (LeaderElectionRecord.LeaderTransitions)"},
}

// RedisSetNXLock is the Lock entry for hand-rolled SET NX locks. The engine
// only treats a SetNX as a lock when its key looks like one (vocab.LockKey) or
// the same key is deleted later; otherwise it is de-duplication.
var RedisSetNXLock = &Lock{
	Lib:            "Redis SET NX lock",
	Acquire:        []Func{{goredis, "*", "SetNX"}},
	Success:        BoolTrue,
	HandleIsResult: -1,
	Release:        []Func{{goredis, "*", "Del"}, {goredis, "*", "Unlink"}},
	Fence:          Fence{None: noFenceRedis},
}

// SQLLock is the Lock entry for advisory locks taken in SQL text
// (pg_advisory_lock, pg_advisory_xact_lock, GET_LOCK).
var SQLLock = &Lock{
	Lib:   "SQL advisory lock",
	Fence: Fence{None: "advisory locks issue no fencing token; increment a fence column in the same transaction and compare it in the write"},
}

// LockPackages are the import paths through which a package can take a
// lock. A package importing none of them has no critical section of its
// own, which lets the engine skip it cheaply.
var LockPackages = func() map[string]bool {
	m := map[string]bool{leaderelection: true, goredis: true, gocron: true,
		// Packages holding lease records: reading their timestamps makes a
		// package worth analysing for FC4001 without a lock API.
		wcResourceLock: true, wcCoordination: true, wcCoordClient: true}
	for _, l := range Locks {
		for _, f := range l.Acquire {
			m[f.Pkg] = true
		}
	}
	for _, s := range Sinks {
		if s.Cond == CondSQL {
			for _, f := range s.Funcs {
				m[f.Pkg] = true // advisory locks are taken in SQL text
			}
		}
	}
	return m
}()

// IsLockAPI reports whether fn is part of a lock library's own protocol:
// an acquisition, a release, a fence accessor or a validity check. Their
// bodies write to the coordinator (etcd Mutex.Unlock deletes its key), but
// those writes are the lock's, not the caller's protected effects.
func IsLockAPI(fn *types.Func) bool {
	for _, l := range Locks {
		for _, fs := range [][]Func{l.Acquire, l.Release} {
			for _, f := range fs {
				if f.Matches(fn) {
					return true
				}
			}
		}
	}
	for _, fs := range [][]Func{FenceCalls, ValidityChecks} {
		for _, f := range fs {
			if f.Matches(fn) {
				return true
			}
		}
	}
	return false
}

// TaskLock describes a scheduler that runs registered task functions under
// a distributed lock when configured with one of Options (gocron's
// WithDistributedLocker / WithDistributedElector): the task function passed
// to Task (argument Arg) is then a critical section.
type TaskLock struct {
	Lock    *Lock
	Options []Func
	Task    Func
	Arg     int
}

const gocron = "github.com/go-co-op/gocron/v2"

// TaskLocks are the schedulers fencecheck knows.
var TaskLocks = []TaskLock{
	{
		Lock: &Lock{Lib: "gocron distributed lock", Fence: Fence{None: "gocron's Locker and Elector issue no fencing token; " + noFenceRedis[len("this library issues no fencing token; "):]}},
		Options: []Func{{gocron, "", "WithDistributedLocker"}, {gocron, "", "WithDistributedElector"},
			{gocron, "", "WithDistributedJobLocker"}},
		Task: Func{gocron, "", "NewTask"},
	},
}

// IsLibraryPackage reports whether path is one of the lock or effect
// libraries of the knowledge base. fencecheck judges code that uses them,
// not the libraries themselves: their internals (a lock renewing its own
// session, a client's own command tests) follow the protocol by design.
func IsLibraryPackage(path string) bool {
	path = strings.TrimSuffix(path, "_test") // the library's external tests
	return LockPackages[path] || SinkPackages[path] || strings.HasPrefix(path, "k8s.io/client-go/tools/leaderelection")
}

// Extensions are the lock extensions whose success is reported to the
// caller, as locks: where a successful extension is known (the lock kept in
// a struct field and extended in a loop), the lock is held, just as after
// an acquisition. Each is the lock it extends with its own Acquire and
// Success.
var Extensions = func() []*Lock {
	byLib := map[string]*Lock{}
	for _, l := range Locks {
		byLib[l.Lib] = l
	}
	ext := func(lib string, result int, fns ...Func) *Lock {
		l := *byLib[lib]
		l.Acquire, l.Success, l.Result, l.HandleIsResult = fns, ErrNil, result, -1
		return &l
	}
	return []*Lock{
		ext("redsync lock", 1, Func{redsync, "Mutex", "Extend"}, Func{redsync, "Mutex", "ExtendContext"}),
		ext("redislock lock", 0, Func{redislock, "Lock", "Refresh"}),
	}
}()
