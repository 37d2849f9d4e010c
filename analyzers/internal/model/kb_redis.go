package model

import "slices"

const redsync = "github.com/go-redsync/redsync/v4"
const redislock = "github.com/bsm/redislock"
const gozero = "github.com/zeromicro/go-zero/core/stores/redis"
const goredis = "github.com/redis/go-redis/v9"
const goredisV8 = "github.com/go-redis/redis/v8"
const goredisV7 = "github.com/go-redis/redis/v7"
const goredisV6 = "github.com/go-redis/redis"

const noFenceRedis = "this library issues no fencing token; take one from the protected store " +
	"(a guard row or sequence incremented when the lock is taken) and compare it in the write"

// noFenceRedisTail is noFenceRedis without its first clause, for messages
// that name the library themselves.
var noFenceRedisTail = noFenceRedis[len("this library issues no fencing token; "):]

const tqRedisNoFence = "redsync and redislock issue no fencing token: increment a fence column or sequence in the protected store when the lock is taken and compare that"

// CompareAndDeleteScript is the safe release of a SET NX lock: delete the
// key only while it still holds this holder's value.
const CompareAndDeleteScript = `if redis.call("get",KEYS[1]) == ARGV[1] then return redis.call("del",KEYS[1]) else return 0 end`

// CompareAndExpireScript renews a SET NX lock only while it still holds
// this holder's value.
const CompareAndExpireScript = `if redis.call("get",KEYS[1]) == ARGV[1] then return redis.call("pexpire",KEYS[1],ARGV[2]) else return 0 end`

// goRedisReplies are the accessors of go-redis' command types, in every
// version.
var goRedisReplies = Replies{
	Stored: []string{"Result", "Val", "Int", "Int64", "Uint64", "Float64", "Time", "Bytes", "Text"},
	Value:  []string{"Result", "Val", "Text", "Bytes"},
	Bool:   []string{"Val", "Result"},
	Err:    []string{"Err", "Result"},
}

// goRedisStore is what FC4001 reads of the commands Redis evaluates on
// its server (go-redis v9): sorted-set ranges by score and Lua scripts.
var goRedisStore = &Store{
	Name: "Redis",
	ScoreRanges: []ScoreRange{
		{Func{goredis, "*", "ZRemRangeByScore"}, 1, 2, 3},
		{Func{goredis, "*", "ZCount"}, 1, 2, 3},
		{Func{goredis, "*", "ZRangeByScore"}, 1, 2, -1},
		{Func{goredis, "*", "ZRevRangeByScore"}, 1, 2, -1},
		{Func{goredis, "*", "ZRangeByScoreWithScores"}, 1, 2, -1},
	},
	Scripts: []ScriptCall{
		{Func{goredis, "*", "Eval"}, 1, 2, 3},
		{Func{goredis, "*", "EvalRO"}, 1, 2, 3},
		{Func{goredis, "Script", "Run"}, -1, 2, 3},
		{Func{goredis, "Script", "RunRO"}, -1, 2, 3},
		{Func{goredis, "Script", "Eval"}, -1, 2, 3},
		{Func{goredis, "Script", "EvalSha"}, -1, 2, 3},
	},
	ScriptBuilders: []Func{{goredis, "", "NewScript"}},
}

// redisLibrary is every Redis client fencecheck knows whose commands take a
// context: redsync, bsm/redislock, go-zero's RedisLock, and go-redis v9
// and v8 (their commands, and locks hand-rolled with SET NX). go-redis v6
// and v7, whose commands take no context, are GoRedisNoContext; redigo is
// Redigo (kb_redigo.go).
var redisLibrary = Library{
	Name:    "Redis",
	Modules: []string{redsync, redislock, "github.com/zeromicro/go-zero", goredis, goredisV8},
	Locks: append([]*Lock{
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
	}, goRedisV9.setNXLock(), goRedisV8.setNXLock(), goRedisV9.setArgsLock(), goRedisV8.setArgsLock(), &Lock{
		// SET NX through the application's own client interface that
		// mirrors go-redis' (nexspence's RedisBackend, bk-cmdb's
		// redis.Client over go-redis v7): SetNX(ctx, key, value, ttl).
		Lib:     "Redis SET NX lock",
		Mirror:  &Mirror{Acquire: []string{"SetNX"}, Release: []string{"Del", "Unlink", "Delete"}, Read: []string{"Get"}},
		Success: BoolTrue,
		Held:    HeldByKey,
		Handle:  1,
		Owner:   2,
		KeyOnly: true,
		Fence:   Fence{None: noFenceRedis},
	}),
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
	Sinks: append(goRedisV9.sinks(), goRedisV8.sinks()...),
	TTLArgs: append([]TTLArg{
		{Func{redsync, "", "WithExpiry"}, 0, -1},
		{Func{redislock, "", "Obtain"}, 3, -1},
		{Func{redislock, "Client", "Obtain"}, 2, -1},
		{Func{redislock, "Lock", "Refresh"}, 1, -1},
		{Func{gozero, "RedisLock", "SetExpire"}, 0, -1},
	}, append(goRedisV9.ttlArgs(), goRedisV8.ttlArgs()...)...),
	SetNX:      goRedisSetNX(goRedisV9, goRedisV8),
	Replies:    &Replies{Packages: []string{goredis, goredisV8}, Stored: goRedisReplies.Stored, Value: goRedisReplies.Value, Bool: goRedisReplies.Bool, Err: goRedisReplies.Err},
	Store:      goRedisStore,
	StructTags: []string{"redis"},
}

// goRedisNoContext is go-redis v7 and v6 (github.com/go-redis/redis/v7 and
// github.com/go-redis/redis): the same commands as v8 and v9 without the
// context argument, so every argument index is one less.
var goRedisNoContext = Library{
	Name:      "go-redis v6/v7",
	Modules:   []string{goredisV7, goredisV6},
	NoContext: []string{goredisV7, goredisV6},
	Locks:     []*Lock{goRedisV7.setNXLock(), goRedisV6.setNXLock()},
	Sinks:     append(goRedisV7.sinks(), goRedisV6.sinks()...),
	TTLArgs:   append(goRedisV7.ttlArgs(), goRedisV6.ttlArgs()...),
	SetNX:     goRedisSetNX(goRedisV7, goRedisV6),
	Replies:   &Replies{Packages: []string{goredisV7, goredisV6}},
}

// goRedisModule is one go-redis module: its commands are the same in
// every version, with a context as argument 0 from v8 on (ctx), and some
// are missing from the older ones (lacks).
type goRedisModule struct {
	pkg   string
	ctx   bool
	lacks []string
	// watch are the types whose Watch(fn, keys...) runs a transaction,
	// when they take no context ("*" cannot name them).
	watch []string
}

var (
	goRedisV9 = goRedisModule{pkg: goredis, ctx: true, lacks: []string{"SetEX"}}
	goRedisV8 = goRedisModule{pkg: goredisV8, ctx: true, lacks: []string{"SetEx", "SetIFEQ", "SetIFNE", "DelExArgs", "FCall"}}
	goRedisV7 = goRedisModule{pkg: goredisV7, lacks: goRedisV6Lacks, watch: []string{"Client", "ClusterClient", "Ring"}}
	goRedisV6 = goRedisModule{pkg: goredisV6, lacks: goRedisV6Lacks, watch: []string{"Client", "ClusterClient", "Ring"}}
)

var goRedisV6Lacks = []string{"SetArgs", "SetEX", "SetEx", "GetDel", "SetIFEQ", "SetIFNE", "DelExArgs", "FCall"}

// arg is the index in m of the argument that is argument i in go-redis
// v9, whose commands take a context first.
func (m goRedisModule) arg(i int) int {
	if m.ctx || i < 0 {
		return i
	}
	return i - 1
}

// cmds lists the commands of m among names, on every receiver ("*").
func (m goRedisModule) cmds(names ...string) []Func {
	var out []Func
	for _, n := range names {
		if !slices.Contains(m.lacks, n) {
			out = append(out, Func{m.pkg, "*", n})
		}
	}
	return out
}

// setNXLock is a lock hand-rolled on m: SET key value NX PX ttl, released
// with DEL.
func (m goRedisModule) setNXLock() *Lock {
	return &Lock{
		Lib:     "Redis SET NX lock",
		Acquire: m.cmds("SetNX"),
		Success: BoolTrue,
		Held:    HeldByKey,
		Handle:  m.arg(1),
		Owner:   m.arg(2),
		KeyOnly: true,
		Release: m.cmds("Del", "Unlink"),
		Fence:   Fence{None: noFenceRedis},
	}
}

// setArgsLock is the same lock taken with SetArgs(ctx, key, value,
// SetArgs{Mode: "NX", TTL: ttl}) (v8 and v9: SET key value NX PX ttl, the
// form Redis documents instead of SETNX). Its *StatusCmd's error is nil
// when the key was set and redis.Nil when another holder has it, so
// success is a nil Err() (or Result()'s error). SetArgs with any other
// Mode (XX, or none) is a plain write (the sink below); a Mode that is not
// a constant of a SetArgs built at the call is neither.
func (m goRedisModule) setArgsLock() *Lock {
	l := m.setNXLock()
	l.Acquire = m.cmds("SetArgs")
	l.Command = m.setArgs(true)
	l.Success = ErrNil
	return l
}

// setArgs restricts SetArgs to the calls whose options struct (argument
// 3) sets Mode to NX (nx) or does not (!nx).
func (m goRedisModule) setArgs(nx bool) *Command {
	c := &Command{Arg: m.arg(3), Field: "Mode"}
	if nx {
		c.With = []string{"NX"}
	} else {
		c.Without = []string{"NX"}
	}
	return c
}

func (m goRedisModule) sinks() []*Sink {
	return []*Sink{
		{Family: "go-redis", Cond: CondNone, Key: m.arg(1), LockKeys: true,
			Advice: "write through a Lua script (Eval) that compares it",
			Funcs: m.cmds("Set", "SetEx", "SetEX", "SetXX", "MSet", "GetSet", "GetDel",
				"Del", "Unlink", "Incr", "IncrBy", "IncrByFloat", "Decr", "DecrBy", "HSet", "HMSet", "HDel", "HIncrBy",
				"LPush", "RPush", "LPop", "RPop", "LRem", "LSet", "SRem", "SPop", "ZAdd", "ZRem", "ZIncrBy", "XDel",
				"Append", "SetRange", "Rename", "SetIFEQ", "SetIFNE", "DelExArgs"),
			Invalidations: m.cmds("Del", "Unlink", "HDel"),
			Assigns:       m.cmds("Set", "SetEx", "SetEX", "SetXX")},
		// SetArgs without NX overwrites the key (with NX it is a lock or
		// de-duplication, as SetNX, which is no sink either).
		{Family: "go-redis", Cond: CondNone, Key: m.arg(1), LockKeys: true,
			Advice:  "write through a Lua script (Eval) that compares it",
			Funcs:   m.cmds("SetArgs"),
			Command: m.setArgs(false)},
		// SADD only adds a member, HSETNX and MSETNX only set what is
		// absent: repeated by a stale holder, they change nothing a
		// successor wrote (Sink.Coalesces).
		{Family: "go-redis", Cond: CondNone, Key: m.arg(1), LockKeys: true, Coalesces: true,
			Funcs: m.cmds("SAdd", "HSetNX", "MSetNX")},
		// PUBLISH and XADD are messages to whoever subscribes or reads the
		// stream, not writes a store could compare: they cannot carry a
		// token (as NATS' Publish).
		{Family: "go-redis", Cond: CondUnfenceable, Key: -1, What: "message published with Redis %s",
			Funcs: m.cmds("Publish", "XAdd")},
		{Family: "go-redis", Cond: CondScript, Key: m.arg(2), Args: m.arg(3), LockKeys: true, What: "Redis script (%s)",
			Funcs: m.cmds("Eval", "EvalSha", "FCall")},
		{Family: "go-redis", Cond: CondScript, Key: m.arg(2), Args: m.arg(3), LockKeys: true, What: "Redis script (%s)",
			Funcs: []Func{{m.pkg, "Script", "Run"}, {m.pkg, "Script", "Eval"}, {m.pkg, "Script", "EvalSha"}}},
	}
}

func (m goRedisModule) ttlArgs() []TTLArg {
	return []TTLArg{
		{Func{m.pkg, "*", "SetNX"}, m.arg(3), m.arg(1)},
		{Func{m.pkg, "*", "Set"}, m.arg(3), m.arg(1)},
		{Func{m.pkg, "*", "Expire"}, m.arg(2), m.arg(1)},
		{Func{m.pkg, "*", "PExpire"}, m.arg(2), m.arg(1)},
	}
}

// goRedisSetNX is the release protocol of SET NX locks on the go-redis
// modules ms, which take a context alike (all or none). The suggested fix
// is written for v9 (its Scripter); code on an older version gets none.
func goRedisSetNX(ms ...goRedisModule) *SetNX {
	p := &SetNX{Key: ms[0].arg(1),
		Fix: ScriptFix{Package: goredis, Scripter: "Scripter", Pipeliner: "Pipeliner", Script: CompareAndDeleteScript}}
	for _, m := range ms {
		p.Reads = append(p.Reads, m.cmds("Get")...)
		p.ScriptSources = append(p.ScriptSources, Func{m.pkg, "", "NewScript"})
		if m.pkg == goredis {
			p.ScriptSources = append(p.ScriptSources, Func{m.pkg, "", "NewScriptServerSHA"})
		}
		if m.ctx { // the key is argument 1 wherever a context comes first (v8 and v9)
			p.Expires = append(p.Expires, m.cmds("Expire", "PExpire", "ExpireAt", "PExpireAt", "ExpireXX", "ExpireGT")...)
		}
		p.ScriptRuns = append(p.ScriptRuns,
			ScriptRun{Func{m.pkg, "Script", "Run"}, -1, m.arg(2), m.arg(3)},
			ScriptRun{Func{m.pkg, "Script", "Eval"}, -1, m.arg(2), m.arg(3)},
			ScriptRun{Func{m.pkg, "Script", "EvalSha"}, -1, m.arg(2), m.arg(3)},
			ScriptRun{Func{m.pkg, "*", "Eval"}, m.arg(1), m.arg(2), m.arg(3)}) // after Script's: "*" matches every receiver
		p.PlainSet = append(p.PlainSet, m.cmds("Set")...)
		p.Extends = append(p.Extends, m.cmds("Expire", "PExpire", "GetSet")...)
		// Redis 8.4: DelExArgs{Mode: "IFEQ", MatchValue: owner}
		p.DelIfEqual = append(p.DelIfEqual, m.cmds("DelExArgs")...)
		if m.ctx {
			p.Watch = append(p.Watch, Func{m.pkg, "*", "Watch"})
		}
		for _, r := range m.watch {
			p.Watch = append(p.Watch, Func{m.pkg, r, "Watch"})
		}
	}
	return p
}
