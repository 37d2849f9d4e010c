package model

// This file is the knowledge base of the lock lifecycle checks: FC5001
// (unsafe release) and FC5002 (ignored lease loss). Data only; the engine's
// lifecycle check reads it.

// RedisKeyDeletes delete a Redis key unconditionally. On the key of a
// SET NX lock they release the lock without checking the owner.
var RedisKeyDeletes = []Func{{goredis, "*", "Del"}, {goredis, "*", "Unlink"}}

// RedisKeyReads read a key's value; followed by a comparison in Go and a
// delete they form the non-atomic GET-compare-DEL release.
var RedisKeyReads = []Func{{goredis, "*", "Get"}}

// RedisValueAccessors turn a go-redis *StringCmd into its value; result 0
// when the accessor returns (value, error).
var RedisValueAccessors = []string{"Result", "Val", "Text", "Bytes"}

// RedisScriptSources create a script object from its Lua source (argument 0).
var RedisScriptSources = []Func{{goredis, "", "NewScript"}, {goredis, "", "NewScriptServerSHA"}}

// RedisScriptRuns run a Lua script: Script names the argument that holds the
// source text (-1: the receiver is a *Script), Keys the []string of KEYS and
// Args the first ARGV argument (variadic). The first matching entry wins.
var RedisScriptRuns = []ScriptRun{
	{Func{goredis, "Script", "Run"}, -1, 2, 3},
	{Func{goredis, "Script", "Eval"}, -1, 2, 3},
	{Func{goredis, "Script", "EvalSha"}, -1, 2, 3},
	{Func{goredis, "*", "Eval"}, 1, 2, 3}, // after Script's: "*" matches every receiver
}

// ScriptRun describes a call that runs a Redis Lua script.
type ScriptRun struct {
	Func
	Script, Keys, Args int
}

// RedisPlainSet is a SET without NX: it overwrites whatever the key holds,
// so it takes no lock, and a key written with it is no lock of that code.
var RedisPlainSet = Func{goredis, "*", "Set"}

// RedisDelIfEqual is go-redis' native compare-and-delete (Redis 8.4):
// DelExArgs(ctx, key, DelExArgs{Mode: "IFEQ", MatchValue: owner}).
var RedisDelIfEqual = Func{goredis, "*", "DelExArgs"}

// RedisScripter is the go-redis interface a script runs on
// ((*Script).Run(ctx, c Scripter, ...)); a suggested fix rewriting a DEL
// into a script needs the client to implement it.
const RedisScripter = "Scripter"

// RedisPipeliner is go-redis' pipeline interface: a script run in a
// pipeline cannot fall back from EVALSHA to EVAL, so no fix is offered there.
const RedisPipeliner = "Pipeliner"

// RedisPackage is go-redis' import path, for messages and suggested fixes.
const RedisPackage = goredis

// CompareAndDeleteScript is the safe release of a SET NX lock: delete the
// key only while it still holds this holder's value.
const CompareAndDeleteScript = `if redis.call("get",KEYS[1]) == ARGV[1] then return redis.call("del",KEYS[1]) else return 0 end`

// RedisWatch runs a function inside an optimistic transaction on watched
// keys; a GET-compare-DEL inside it is atomic (EXEC fails when the key
// changed).
var RedisWatch = []Func{{goredis, "*", "Watch"}}

// EtcdKeyDeletes delete an etcd key unconditionally.
var EtcdKeyDeletes = []Func{{clientv3, "KV", "Delete"}, {clientv3, "Client", "Delete"}}

// EtcdOpDelete builds a delete operation for Txn().Then() or Do().
var EtcdOpDelete = Func{clientv3, "", "OpDelete"}

// EtcdLockKeys return the key that holds an etcd lock or leadership.
var EtcdLockKeys = []Func{{etcd, "Mutex", "Key"}, {etcd, "Election", "Key"}}

// ConsulLockLost is Consul's (*Lock).Lock: result 0 is the channel closed
// when the lock is lost.
var ConsulLockLost = Func{consul, "Lock", "Lock"}

// SessionRenewals keep a session alive until they fail; their error is the
// only news that the session (and every lock held through it) is gone.
var SessionRenewals = []Func{{consul, "Session", "RenewPeriodic"}}

// LockExtensions extend a lock's TTL; a failure means the lock is lost.
var LockExtensions = []Func{
	{redsync, "Mutex", "Extend"}, {redsync, "Mutex", "ExtendContext"},
	{redislock, "Lock", "Refresh"},
}

// DetachedContexts create a context that is never cancelled by the lease.
var DetachedContexts = []Func{
	{"context", "", "Background"}, {"context", "", "TODO"}, {"context", "", "WithoutCancel"},
}

// DerivedContexts derive a context from argument 0 (result 0 is the new
// context): a context derived from a detached one is detached too.
var DerivedContexts = []Func{
	{"context", "", "WithCancel"}, {"context", "", "WithTimeout"}, {"context", "", "WithDeadline"},
	{"context", "", "WithValue"}, {"context", "", "WithCancelCause"}, {"context", "", "WithTimeoutCause"},
	{"context", "", "WithDeadlineCause"},
}

// LeaderStopped is the client-go callback run when leadership is lost.
// When it ends the process, the leader callback's context is not the only
// loss signal.
var LeaderStopped = Field{leaderelection, "LeaderCallbacks", "OnStoppedLeading"}

// ProcessExits end the process (or the goroutine's program) for good.
var ProcessExits = []Func{
	{"os", "", "Exit"},
	{"log", "", "Fatal"}, {"log", "", "Fatalf"}, {"log", "", "Fatalln"},
	{"log", "", "Panic"}, {"log", "", "Panicf"}, {"log", "", "Panicln"},
	{"log", "Logger", "Fatal"}, {"log", "Logger", "Fatalf"}, {"log", "Logger", "Fatalln"},
	{"k8s.io/klog/v2", "", "Fatal"}, {"k8s.io/klog/v2", "", "Fatalf"}, {"k8s.io/klog/v2", "", "Fatalln"},
	{"k8s.io/klog/v2", "", "FatalS"}, {"k8s.io/klog/v2", "", "Exit"}, {"k8s.io/klog/v2", "", "Exitf"},
	{"go.uber.org/zap", "Logger", "Fatal"}, {"go.uber.org/zap", "SugaredLogger", "Fatal"},
	{"go.uber.org/zap", "SugaredLogger", "Fatalf"}, {"go.uber.org/zap", "SugaredLogger", "Fatalw"},
	// zerolog: Fatal() starts an event whose Msg ends the process.
	{"github.com/rs/zerolog", "Logger", "Fatal"}, {"github.com/rs/zerolog/log", "", "Fatal"},
}
