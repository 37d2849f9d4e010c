package model

const rueidis = "github.com/redis/rueidis"
const rueidislock = "github.com/redis/rueidis/rueidislock"
const valkeygo = "github.com/valkey-io/valkey-go"
const valkeylock = "github.com/valkey-io/valkey-go/valkeylock"

// rueidisLibrary is github.com/redis/rueidis and its fork
// github.com/valkey-io/valkey-go (the same API, package valkey), whose
// commands are built by method chains and sent with Do:
// client.Do(ctx, client.B().Set().Key(k).Value(v).Build()). Every sink
// carries the command it stands for (Command with a Builder): the method
// called on the builder names it, the methods after it are its options
// (Nx), the argument of Key is its key.
//
// Modelled: the locks of rueidislock and valkeylock (held from a
// successful WithContext, TryWithContext or ForceWithContext until the
// returned cancel function is called or the Locker closed; they issue no
// fencing token), the write commands sent with Do and DoMulti (SET without
// NX and the commands of redigoWrites, as go-redis' sinks), and scripts
// (EVAL, EVALSHA, FCALL through Do; Lua.Exec). Not modelled: SET ... NX
// through Do as a hand-rolled lock (its key and value are arguments of the
// chain, not of Do: the SET NX lifecycle checks read them from Do's
// arguments), so it is neither a lock nor a write; a command built from
// B().Arbitrary("SET")...; rueidiscompat's go-redis-like adapter. The
// returned context is the lock's loss signal (Lock.LostContext, FC5002).
var rueidisLibrary = Library{
	Name:    "rueidis/valkey-go",
	Modules: []string{rueidis, valkeygo},
	Locks: []*Lock{
		rueidisLock("rueidislock lock", rueidislock, "rueidislock"),
		rueidisLock("valkeylock lock", valkeylock, "valkeylock"),
	},
	LeasePackages: []string{rueidislock, valkeylock},
	Internal:      []string{rueidis + "/internal/cmds", valkeygo + "/internal/cmds"},
	Sinks:         append(rueidisSinks(rueidis, "rueidis"), rueidisSinks(valkeygo, "valkey-go")...),
}

// rueidisLock is the lock of rueidislock (valkeylock): Locker.WithContext
// returns (ctx, cancel, err); the lock is held while ctx is not done (it
// is cancelled when the key cannot be extended or was taken: the loss
// signal) and given up by cancel() or Locker.Close.
func rueidisLock(lib, pkg, name string) *Lock {
	return &Lock{
		Lib: lib,
		Acquire: []Func{{pkg, "Locker", "WithContext"}, {pkg, "Locker", "TryWithContext"},
			{pkg, "Locker", "ForceWithContext"}},
		Success:     ErrNil,
		Result:      2,
		ReleaseFunc: 2, // result 1, the context.CancelFunc
		LostContext: true,
		Release:     []Func{{pkg, "Locker", "Close"}},
		Fence: Fence{None: name + " issues no fencing token (the context it returns is cancelled once the lock is lost, " +
			"which cannot stop a write already sent or a holder paused before it); " + noFenceRedisTail},
	}
}

// rueidisBuilder is the command builder of the client module pkg.
func rueidisBuilder(pkg string) *Builder {
	return &Builder{Type: Field{Pkg: pkg + "/internal/cmds", Type: "Builder"}, KeyMethod: "Key"}
}

// rueidisSinks are the write commands and scripts of the client module
// pkg (family names it in messages).
func rueidisSinks(pkg, family string) []*Sink {
	b := rueidisBuilder(pkg)
	do := []Func{{pkg, "CommandClient", "Do"}, {pkg, "CommandClient", "DoMulti"}}
	return []*Sink{
		// SET with NX is a lock or de-duplication, as go-redis' SetNX.
		{Family: family, Cond: CondNone, Key: -1, LockKeys: true, Funcs: do,
			Advice:  "write through a Lua script (EVAL) that compares it",
			Command: &Command{Arg: 1, Builder: b, Names: []string{"SET", "SETEX", "PSETEX"}, Without: []string{"NX"}}},
		{Family: family, Cond: CondNone, Key: -1, LockKeys: true, Funcs: do,
			Advice:  "write through a Lua script (EVAL) that compares it",
			Command: &Command{Arg: 1, Builder: b, Names: redigoWrites}},
		{Family: family, Cond: CondNone, Key: -1, LockKeys: true, Funcs: do, Coalesces: true,
			Command: &Command{Arg: 1, Builder: b, Names: redisCoalescing}},
		{Family: family, Cond: CondUnfenceable, Key: -1, Funcs: do, What: "message published with Redis %s",
			Command: &Command{Arg: 1, Builder: b, Names: redisPublish}},
		{Family: family, Cond: CondScript, Key: -1, Args: 1, LockKeys: true, Funcs: do, What: "Redis script (%s)",
			Command: &Command{Arg: 1, Builder: b, Names: []string{"EVAL", "EVALSHA", "FCALL"}}},
		{Family: family, Cond: CondScript, Key: 2, Args: 3, LockKeys: true, What: "Redis script (Lua.%s)",
			Funcs: []Func{{pkg, "Lua", "Exec"}}},
	}
}
