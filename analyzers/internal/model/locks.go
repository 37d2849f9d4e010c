package model

import "strings"

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
	// Returns: Acquire reports no failure (it blocks, and panics when the
	// store fails: etcd's NewLocker); the lock is held once it returns.
	Returns
	// NonNilReply: result Result is the server's reply, nil when the
	// command did nothing (redigo's SET ... NX on a key that is held):
	// the lock is held where the reply is not nil, or where the error of
	// a conversion of it (SetNX.Replies: redis.String) is nil.
	NonNilReply
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

// Expr renders the token's expression for a lock handle named handle
// ("m.Header().Revision" for "m"): Accessor with handle for %s.
func (f Fence) Expr(handle string) string {
	return strings.ReplaceAll(f.Accessor, "%s", handle)
}

// Held says what stands for a lock once it is taken: the section's handle,
// which a release must name.
type Held int

const (
	// HeldByReceiver: the receiver of Acquire (etcd Mutex.Lock); a
	// release is a Release call on the same receiver.
	HeldByReceiver Held = iota
	// HeldByResult: result Handle of Acquire (redislock.Obtain returns
	// the *Lock).
	HeldByResult
	// HeldByKey: the key argument Handle of Acquire (Redis SET NX); a
	// release is a Release call naming the same key, and a write to the
	// key is the lock's own (release or extension), not a protected
	// effect.
	HeldByKey
)

// TryOnce is a one-shot option of a lock: a bool field of the options
// struct that Maker (argument 0) turns into the lock handle.
type TryOnce struct {
	Maker  Func
	Option Field
}

// LastResult is the Result of a custom lock whose success is reported by
// the matched function's last (error) result.
const LastResult = -1

// Lock describes one lock, lease or leadership API.
type Lock struct {
	// Lib is a short human name used in messages ("etcd lock").
	Lib string
	// Acquire are the calls that take the lock.
	Acquire []Func
	// Success says how Acquire reports success; Result is the index of the
	// result that carries it (LastResult: the last one, in a lock of the
	// configuration or an annotation, resolved on the function it matches).
	Success Success
	Result  int
	// Held and Handle say what stands for the lock once it is taken: the
	// receiver (the zero value), result Handle or key argument Handle.
	Held   Held
	Handle int
	// Owner is, for a lock held by its key, the argument of Acquire that
	// carries the holder's value: what a compare-and-delete compares.
	Owner int
	// KeyOnly: Acquire also serves de-duplication, so a call of it takes a
	// lock only when its key names one (IsLockKeyText) or the same
	// function releases that key ("processed:42" is de-duplication).
	KeyOnly bool
	// Forever is true for a lock that an acquire wrapper (fact.AcquireFact)
	// takes with no expiry (section.Section.Forever).
	Forever bool
	// Mirror recognises the lock taken through an application's own
	// interface that mirrors the client's API (a RedisBackend with
	// SetNX(ctx, key, value, ttl) (bool, error) implemented over
	// go-redis): a method of an interface declared outside the knowledge
	// base whose name is one of Mirror.Acquire (Mirror.Release), whose
	// parameters start with a context.Context and a string key (for a
	// release, or a variadic ...string of keys), and, for an acquisition,
	// that returns a bool first or a single value whose Val() is a bool.
	Mirror *Mirror
	// Command and ReleaseCommand restrict Acquire and Release to some
	// commands, for a client whose commands are strings (redigo's
	// Conn.Do("SET", key, value, "NX", ...), Do("DEL", key)).
	Command, ReleaseCommand *Command
	// Release are the calls that give the lock up again. For a lock held
	// by its key, a release names the key among its arguments.
	Release []Func
	// Made is a lock whose Acquire and Release are methods of a general
	// interface (sync.Locker) and count only on a value one of Made.By
	// returned (etcd's concurrency.NewLocker). They are kept apart from
	// Acquire and Release, which name the library's own API everywhere.
	Made *MadeLock
	// ReleaseFunc is 1 + the index of a result of Acquire that is a
	// function releasing the lock when called (rueidislock's WithContext
	// returns a context.CancelFunc); 0 when no result is one.
	ReleaseFunc int
	// ReleaseArg0: a Release may name the handle as its argument 0 rather
	// than as its receiver (dynamolock's Client.ReleaseLock(lock)).
	ReleaseArg0 bool
	// Extend are the calls that extend the lock's lease and report
	// whether it is still held: after a successful one the lock is held,
	// as after an acquisition (Extensions); a failed one means it is lost
	// (FC5002). ExtendResult is the index of their error result.
	Extend       []Func
	ExtendResult int
	// LostChannel: result 0 of Acquire is a channel closed when the lock
	// is lost (Consul); discarding it is FC5002.
	LostChannel bool
	// TryOnce is the option under which Acquire gives up without an
	// error: with it set, a failed acquisition returns a nil lost channel
	// and a nil error (Consul's LockTryOnce), so only the channel says
	// whether the lock is held. Nil when there is none.
	TryOnce *TryOnce
	// LostContext: result 0 of Acquire is a context cancelled when the
	// lock is lost (rueidislock's WithContext: its key could not be
	// extended, or was taken); discarding it is FC5002.
	LostContext bool
	// KeyFrom are the calls that make the lock's handle from its key
	// (argument 0; Consul's Client.LockKey): a write to that key, on a
	// sink with OwnKey, is the lock's own operation.
	KeyFrom []Func
	// Callback is the struct field whose function value runs while the
	// lock is held (Success is then Callback: client-go's
	// OnStartedLeading); Stopped is the one run when it is lost, and
	// NewLeader the one told the identity of every new holder
	// (OnNewLeader).
	Callback, Stopped, NewLeader Field
	// InSQL: the lock is taken by an SQL statement (an advisory lock):
	// held by the connection or transaction that ran it, released by an
	// unlock statement; a function returning with it held is an acquire
	// wrapper although the lock has no Release.
	InSQL bool
	// Scope is, for an acquire wrapper of an SQL advisory lock, 1 + the
	// index of the parameter (receiver excluded; ScopeRecv for the
	// receiver) whose connection or transaction holds the lock, so that
	// the caller knows which writes share the lock's session; TxScoped
	// when the lock is pg_advisory_xact_lock's. 0 when unknown.
	Scope     int
	ScopeRecv bool
	TxScoped  bool
	Fence     Fence
	// Table is the lease table of a hand-rolled SQL lease: writes to it
	// inside the section are the lease's own bookkeeping, not effects.
	Table string
	// Claim makes Acquire an acquisition only when the call commits a
	// conditional claim of a record (Claim); SuccessField is then the
	// bool field of result Result that reports it (etcd's
	// TxnResponse.Succeeded).
	Claim        *Claim
	SuccessField string
	// Chains is set on the lock of an inferred acquire wrapper whose
	// underlying lock makes a function returning with it held a wrapper
	// (it has a release, or is an SQL advisory lock): a wrapper of the
	// wrapper is one too, whether or not a release is known.
	Chains bool
}

// Claim is a lease taken by a conditional write rather than a lock API: a
// transaction that creates a record only if it does not exist, bound to a
// lease so that it expires (etcd's Txn(ctx).If(Compare(CreateRevision(k),
// "=", 0)).Then(OpPut(k, v, WithLease(id))).Commit()). Whoever's commit
// succeeds holds the record until the lease ends, as a lock's holder does.
type Claim struct {
	// Absent are the compare targets that, compared "=" with 0 in the
	// transaction's If, demand that the key does not exist.
	Absent []Func
	// Creates are the operations of the transaction's Then that write the
	// same key; LeaseOptions the options that bind one to a lease.
	Creates, LeaseOptions []Func
}

// MadeLock is a lock taken through the methods of a general interface on a
// value a library function made (Lock.Made).
type MadeLock struct {
	By, Acquire, Release []Func
}

// Mirror names the methods of an application interface that mirror a
// lock's acquisition and release (Lock.Mirror), and the read of the value
// a holder stored (Read: a GET whose value a release may compare in Go).
type Mirror struct {
	Acquire, Release, Read []string
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
