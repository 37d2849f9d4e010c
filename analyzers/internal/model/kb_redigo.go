package model

const redigo = "github.com/gomodule/redigo/redis"

// redigoLibrary is github.com/gomodule/redigo, whose commands are strings:
// conn.Do("SET", key, value, "NX", "PX", ttl). Every entry naming a
// command method carries the command (Command) it stands for; a command
// name that is not a constant matches none. Argument indexes count the
// elements of the variadic args as arguments (calls.FlatArg): in
// Do("DEL", key) the key is argument 1.
//
// Modelled: the SET ... NX and SETNX locks taken with Conn.Do (their
// release with DEL or UNLINK, a GET compared in Go before the DEL), the
// write commands of Conn.Do, Conn.Send, DoContext and DoWithTimeout, and
// scripts (Script.Do, EVAL). Not modelled: the TTL of a lock (its place
// among the arguments depends on the options), compare-and-delete scripts
// with a constant owner, MULTI/EXEC transactions.
var redigoLibrary = Library{
	Name:    "redigo",
	Modules: []string{"github.com/gomodule/redigo"},
	Locks: []*Lock{
		{
			// SET key value NX [EX|PX ttl]: the reply is nil when the key
			// is held (redis.String then returns ErrNil).
			Lib:            "Redis SET NX lock",
			Acquire:        []Func{{redigo, "Conn", "Do"}},
			Command:        &Command{Arg: 0, Names: []string{"SET"}, With: []string{"NX"}},
			Success:        NonNilReply,
			Held:           HeldByKey,
			Handle:         1,
			Owner:          2,
			KeyOnly:        true,
			Release:        []Func{{redigo, "Conn", "Do"}},
			ReleaseCommand: &Command{Arg: 0, Names: []string{"DEL", "UNLINK"}},
			Fence:          Fence{None: noFenceRedis},
		},
		{
			// SETNX key value: the reply is 1 when the key was set
			// (redis.Bool(conn.Do("SETNX", key, value))).
			Lib:            "Redis SET NX lock",
			Acquire:        []Func{{redigo, "Conn", "Do"}},
			Command:        &Command{Arg: 0, Names: []string{"SETNX"}},
			Success:        BoolTrue,
			Held:           HeldByKey,
			Handle:         1,
			Owner:          2,
			KeyOnly:        true,
			Release:        []Func{{redigo, "Conn", "Do"}},
			ReleaseCommand: &Command{Arg: 0, Names: []string{"DEL", "UNLINK"}},
			Fence:          Fence{None: noFenceRedis},
		},
	},
	Sinks: redigoAllSinks(),
	SetNX: &SetNX{
		Key:             1,
		Reads:           []Func{{redigo, "Conn", "Do"}},
		ReadCommand:     &Command{Arg: 0, Names: []string{"GET"}},
		PlainSet:        []Func{{redigo, "Conn", "Do"}},
		PlainSetCommand: &Command{Arg: 0, Names: []string{"SET"}, Without: []string{"NX"}},
		Extends:         []Func{{redigo, "Conn", "Do"}},
		ExtendCommand:   &Command{Arg: 0, Names: []string{"EXPIRE", "PEXPIRE", "GETSET"}},
		Replies: []Func{{redigo, "", "String"}, {redigo, "", "Bytes"}, {redigo, "", "Bool"},
			{redigo, "", "Int"}, {redigo, "", "Int64"}, {redigo, "", "Uint64"}},
	},
}

// redigoWrites are the commands that change a key (the go-redis sinks'
// commands); SET with NX is a lock or de-duplication, as go-redis' SetNX.
var redigoWrites = []string{"MSET", "GETSET", "GETDEL", "DEL", "UNLINK", "INCR", "INCRBY",
	"INCRBYFLOAT", "DECR", "DECRBY", "HSET", "HMSET", "HDEL", "HINCRBY", "LPUSH", "RPUSH", "LPOP", "RPOP",
	"LREM", "LSET", "SREM", "SPOP", "ZADD", "ZREM", "ZINCRBY", "XDEL", "APPEND", "SETRANGE", "RENAME"}

// redisCoalescing are the writes that only add a member (SADD) or only
// set what is absent (HSETNX, MSETNX): a stale holder repeating one
// changes nothing a successor wrote (Sink.Coalesces).
var redisCoalescing = []string{"SADD", "HSETNX", "MSETNX"}

// redisPublish are PUBLISH and XADD: a message to whoever subscribes or
// reads the stream, which cannot carry a token (as NATS' Publish), not a
// write a store could compare; its consumers must de-duplicate.
var redisPublish = []string{"PUBLISH", "SPUBLISH", "XADD"}

// redigoAllSinks are the write commands of every method that sends one,
// and the scripts.
func redigoAllSinks() []*Sink {
	var out []*Sink
	for _, c := range []struct {
		f   Func
		cmd int
	}{
		{Func{redigo, "Conn", "Do"}, 0}, {Func{redigo, "Conn", "Send"}, 0},
		{Func{redigo, "ConnWithContext", "DoContext"}, 1}, {Func{redigo, "ConnWithTimeout", "DoWithTimeout"}, 1},
		{Func{redigo, "", "DoContext"}, 2}, {Func{redigo, "", "DoWithTimeout"}, 2},
	} {
		out = append(out, redigoSinks(c.f, c.cmd)...)
	}
	return append(out,
		&Sink{Family: "redigo", Cond: CondScript, Key: 1, Args: 1, LockKeys: true, What: "Redis script (%s)",
			Funcs: []Func{{redigo, "Script", "Do"}, {redigo, "Script", "Send"}, {redigo, "Script", "SendHash"}}},
		&Sink{Family: "redigo", Cond: CondScript, Key: 2, Args: 2, LockKeys: true, What: "Redis script (%s)",
			Funcs: []Func{{redigo, "Script", "DoContext"}}})
}

// redigoSinks are the write commands sent through f, whose argument cmd
// names the command.
func redigoSinks(f Func, cmd int) []*Sink {
	return []*Sink{
		{Family: "redigo", Cond: CondNone, Key: cmd + 1, LockKeys: true, Funcs: []Func{f},
			Advice:  "write through a Lua script (EVAL) that compares it",
			Command: &Command{Arg: cmd, Names: []string{"SET", "SETEX", "PSETEX"}, Without: []string{"NX"}}},
		{Family: "redigo", Cond: CondNone, Key: cmd + 1, LockKeys: true, Funcs: []Func{f},
			Advice:  "write through a Lua script (EVAL) that compares it",
			Command: &Command{Arg: cmd, Names: redigoWrites}},
		{Family: "redigo", Cond: CondNone, Key: cmd + 1, LockKeys: true, Funcs: []Func{f}, Coalesces: true,
			Command: &Command{Arg: cmd, Names: redisCoalescing}},
		{Family: "redigo", Cond: CondUnfenceable, Key: -1, Funcs: []Func{f}, What: "message published with Redis %s",
			Command: &Command{Arg: cmd, Names: redisPublish}},
		{Family: "redigo", Cond: CondScript, Key: cmd + 3, Args: cmd + 1, LockKeys: true, Funcs: []Func{f}, What: "Redis script (%s)",
			Command: &Command{Arg: cmd, Names: []string{"EVAL", "EVALSHA", "FCALL"}}},
	}
}
