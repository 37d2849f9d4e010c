package model

const redsync = "github.com/go-redsync/redsync/v4"
const redislock = "github.com/bsm/redislock"
const gozero = "github.com/zeromicro/go-zero/core/stores/redis"
const goredis = "github.com/redis/go-redis/v9"

const noFenceRedis = "this library issues no fencing token; take one from the protected store " +
	"(a guard row or sequence incremented when the lock is taken) and compare it in the write"

// noFenceRedisTail is noFenceRedis without its first clause, for messages
// that name the library themselves.
var noFenceRedisTail = noFenceRedis[len("this library issues no fencing token; "):]

const tqRedisNoFence = "redsync and redislock issue no fencing token: increment a fence column or sequence in the protected store when the lock is taken and compare that"

// RedisCmdPackage is go-redis; methods of its *Cmd types return what the
// server stored.
const RedisCmdPackage = goredis

// CompareAndDeleteScript is the safe release of a SET NX lock: delete the
// key only while it still holds this holder's value.
const CompareAndDeleteScript = `if redis.call("get",KEYS[1]) == ARGV[1] then return redis.call("del",KEYS[1]) else return 0 end`

// Redis is every Redis client fencecheck knows: redsync, bsm/redislock,
// go-zero's RedisLock, and go-redis (its commands, and locks hand-rolled
// with SET NX).
var Redis = Library{
	Name:    "Redis",
	Modules: []string{redsync, redislock, "github.com/zeromicro/go-zero", goredis},
	Locks: []*Lock{
		{
			Lib: "redsync lock",
			Acquire: []Func{{redsync, "Mutex", "Lock"}, {redsync, "Mutex", "LockContext"},
				{redsync, "Mutex", "TryLock"}, {redsync, "Mutex", "TryLockContext"}},
			Success:      ErrNil,
			Release:      []Func{{redsync, "Mutex", "Unlock"}, {redsync, "Mutex", "UnlockContext"}},
			Extend:       []Func{{redsync, "Mutex", "Extend"}, {redsync, "Mutex", "ExtendContext"}},
			ExtendResult: 1,
			Fence:        Fence{None: "redsync issues no fencing token (Value() is a random identity); " + noFenceRedisTail},
		},
		{
			Lib:     "redislock lock",
			Acquire: []Func{{redislock, "", "Obtain"}, {redislock, "Client", "Obtain"}},
			Success: ErrNil,
			Result:  1,
			Held:    HeldByResult,
			Handle:  0,
			Release: []Func{{redislock, "Lock", "Release"}},
			Extend:  []Func{{redislock, "Lock", "Refresh"}},
			Fence:   Fence{None: "redislock issues no fencing token (Token() is a random identity); " + noFenceRedisTail},
		},
		{
			Lib:     "go-zero RedisLock",
			Acquire: []Func{{gozero, "RedisLock", "Acquire"}, {gozero, "RedisLock", "AcquireCtx"}},
			Success: BoolTrue,
			Release: []Func{{gozero, "RedisLock", "Release"}, {gozero, "RedisLock", "ReleaseCtx"}},
			Fence:   Fence{None: noFenceRedis},
		},
		{
			// A hand-rolled lock: SET key value NX PX ttl, released with DEL.
			Lib:     "Redis SET NX lock",
			Acquire: []Func{{goredis, "*", "SetNX"}},
			Success: BoolTrue,
			Held:    HeldByKey,
			Handle:  1,
			Owner:   2,
			KeyOnly: true,
			Release: []Func{{goredis, "*", "Del"}, {goredis, "*", "Unlink"}},
			Fence:   Fence{None: noFenceRedis},
		},
	},
	LeasePackages: []string{redsync, redislock},
	Validity: []Func{
		{redislock, "Lock", "TTL"},
		{redsync, "Mutex", "Until"},
		{redsync, "Mutex", "Valid"},
		{redsync, "Mutex", "ValidContext"},
		{redsync, "Mutex", "Extend"},
		{redsync, "Mutex", "ExtendContext"},
	},
	Identities: []TokenSource{
		{Func: Func{redsync, "Mutex", "Value"}, Arg: -1, Kind: Identity,
			What: "redsync Mutex.Value() (the lock's random owner value)", Instead: tqRedisNoFence},
		{Func: Func{redislock, "Lock", "Token"}, Arg: -1, Kind: Identity,
			What: "redislock Lock.Token() (the lock's random owner token)", Instead: tqRedisNoFence},
		{Func: Func{redislock, "Lock", "Metadata"}, Arg: -1, Kind: Identity,
			What: "redislock Lock.Metadata()", Instead: tqRedisNoFence},
	},
	Sinks: []*Sink{
		{Family: "go-redis", Cond: CondNone, Key: 1, LockKeys: true,
			Advice: "write through a Lua script (Eval) that compares it",
			Funcs: methods(goredis, []string{"*"}, "Set", "SetArgs", "SetEx", "SetXX", "MSet", "MSetNX", "GetSet", "GetDel",
				"Del", "Unlink", "Incr", "IncrBy", "IncrByFloat", "Decr", "DecrBy", "HSet", "HMSet", "HSetNX", "HDel", "HIncrBy",
				"LPush", "RPush", "LPop", "RPop", "LRem", "LSet", "SAdd", "SRem", "SPop", "ZAdd", "ZRem", "ZIncrBy", "XAdd", "XDel",
				"Append", "SetRange", "Rename", "Publish", "SetIFEQ", "SetIFNE", "DelExArgs")},
		{Family: "go-redis", Cond: CondScript, Key: 2, Args: 3, LockKeys: true, What: "Redis script (%s)",
			Funcs: methods(goredis, []string{"*"}, "Eval", "EvalSha", "FCall")},
		{Family: "go-redis", Cond: CondScript, Key: 2, Args: 3, LockKeys: true, What: "Redis script (%s)",
			Funcs: []Func{{goredis, "Script", "Run"}, {goredis, "Script", "Eval"}, {goredis, "Script", "EvalSha"}}},
	},
	TTLArgs: []TTLArg{
		{Func{redsync, "", "WithExpiry"}, 0, -1},
		{Func{redislock, "", "Obtain"}, 3, -1},
		{Func{redislock, "Client", "Obtain"}, 2, -1},
		{Func{redislock, "Lock", "Refresh"}, 1, -1},
		{Func{gozero, "RedisLock", "SetExpire"}, 0, -1},
		{Func{goredis, "*", "SetNX"}, 3, 1},
		{Func{goredis, "*", "Set"}, 3, 1},
		{Func{goredis, "*", "Expire"}, 2, 1},
		{Func{goredis, "*", "PExpire"}, 2, 1},
	},
	SetNX: &SetNX{
		Reads:         []Func{{goredis, "*", "Get"}},
		ScriptSources: []Func{{goredis, "", "NewScript"}, {goredis, "", "NewScriptServerSHA"}},
		ScriptRuns: []ScriptRun{
			{Func{goredis, "Script", "Run"}, -1, 2, 3},
			{Func{goredis, "Script", "Eval"}, -1, 2, 3},
			{Func{goredis, "Script", "EvalSha"}, -1, 2, 3},
			{Func{goredis, "*", "Eval"}, 1, 2, 3}, // after Script's: "*" matches every receiver
		},
		PlainSet:   []Func{{goredis, "*", "Set"}},
		DelIfEqual: []Func{{goredis, "*", "DelExArgs"}}, // Redis 8.4: DelExArgs{Mode: "IFEQ", MatchValue: owner}
		Watch:      []Func{{goredis, "*", "Watch"}},
		Fix:        ScriptFix{Package: goredis, Scripter: "Scripter", Pipeliner: "Pipeliner", Script: CompareAndDeleteScript},
	},
}
