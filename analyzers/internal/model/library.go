package model

// Library is everything fencecheck knows about one library family, in one
// value: its modules, the locks it offers and what stands for each one while
// it is held, its fencing tokens and lease checks, the values that look like
// tokens but are not, its lock TTLs, and the calls through which it changes
// state (sinks) with the condition each one can enforce.
//
// Every entry is keyed by API (import path, receiver type, name), never by
// what a check does with it, and behaviour is said with fields (a sink's
// LeaseOptions, a lock's Held, a store's RecordObject), so the engine needs
// no library's name. Each family has its own file, kb_<family>.go;
// Libraries lists them. The checks read the index KB, built from Libraries
// once, when the package is initialised, and never changed.
//
// The configuration file (package config) and the //fencecheck: annotations
// (package annotation) compile into a Library too.
type Library struct {
	// Name names the family in documentation and test output ("etcd").
	Name string
	// Modules are the Go modules the entries come from ("std" for the
	// standard library). The knowledge-base test resolves every entry in
	// them (testdata/realmod); a module it cannot load is listed there,
	// with the reason.
	Modules []string

	// Locks are the library's locks, leases and elections.
	Locks []*Lock
	// Tasks are schedulers that run registered functions under a lock.
	Tasks []TaskLock
	// LeasePackages are packages whose every call is about locks or
	// leases: a function calling into them "touches a lock API" (FC4001).
	LeasePackages []string
	// NoContext are the library's packages whose client commands take no
	// context.Context (go-redis v6 and v7): there a "*" receiver (Func)
	// matches a method that returns a single command, and every argument
	// index of an entry is one less than the same entry's in a package
	// whose commands take one.
	NoContext []string
	// Internal are import-path prefixes of the library's own
	// implementation beyond the packages its entries name: fencecheck
	// judges code that uses a library, not the library itself.
	Internal []string

	// Fences are calls whose result is (or contains) a fencing token.
	Fences []Func
	// FenceFields are struct fields that hold a fencing token wherever
	// they are read.
	FenceFields []Field
	// Validity are calls that report a local or past view of whether the
	// lock is still held: branching on them before a write is
	// check-then-act (FC2001).
	Validity []Func
	// Identities are values that look like fencing tokens but are not:
	// random values, holder identities, in-process counters and clock
	// readings (FC3001, FC3002).
	Identities []TokenSource

	// Sinks are the calls that change state outside the process.
	Sinks []*Sink
	// OpGuards make a multi-operation transaction (CondOps) conditional.
	OpGuards Guards

	// TTLArgs are the arguments of lock APIs that are the lock's TTL.
	TTLArgs []TTLArg
	// TTLFields are lock and lease durations, with how messages name them.
	TTLFields map[Field]string
	// RecordTTLFields are lease durations a holder declares in the lease
	// record it writes (measured by the holder, not by a reader).
	RecordTTLFields []Field
	// LeaseRecordFields are timestamps of lease records, written with the
	// clock of whichever host wrote the record.
	LeaseRecordFields map[Field]string
	// LeaseTakeovers write a lock record: they take a lease over once its
	// holder is believed dead.
	LeaseTakeovers map[Func]string
	// StoredReads return, and StoredFields hold, a value read from a store
	// shared with other hosts.
	StoredReads  map[Func]string
	StoredFields map[Field]string
	// Decoders fill a Go value from bytes that came from storage or
	// another host.
	Decoders []Decoder
	// ClockReads return a reading of this host's clock; ClockElapsed
	// compare their argument with it (time.Since).
	ClockReads, ClockElapsed []Func
	// TimeConstructors build an instant without a monotonic reading, from
	// numbers or text that came from somewhere else.
	TimeConstructors map[Func]string
	// TimeComparisons compare two instants and return a bool.
	TimeComparisons []Func
	// PollTakers run a condition function until it reports true, keyed by
	// package; nil names mean every function of the package.
	PollTakers map[string][]string

	// SetNX is the release protocol of locks taken with SET NX on a key
	// (FC5001).
	SetNX *SetNX
	// KeyLocks is the release protocol of locks held as a key of a
	// revisioned store (etcd; FC5001).
	KeyLocks *KeyLocks
	// SessionRenewals keep a session alive until they fail; their error
	// is the only news that every lock held through it is gone (FC5002).
	SessionRenewals []Func
	// SessionEnds return a channel that closes when a session ends (its
	// lease expired or its keepalive failed), and with it every lock and
	// election held through it: etcd's Session.Done. SessionMakers create
	// such a session, SessionLocks make a lock or an election over one
	// (argument 0) (FC5002).
	SessionEnds, SessionMakers, SessionLocks []Func
	// KeepAliveChannels keep a lease alive in the background and return
	// a channel of its renewals (result 0) that closes when the lease can
	// no longer be kept alive: etcd's Lease.KeepAlive (FC5002).
	KeepAliveChannels []Func
	// DetachedContexts create a context no lease cancels; DerivedContexts
	// derive one from argument 0 (FC5002).
	DetachedContexts, DerivedContexts []Func
	// AbsentOnly are calls the store applies only when their target does
	// not exist yet (MinIO's MakeBucket, S3's CreateBucket, GCS's
	// BucketHandle.Create): repeated by a stale holder, they fail or
	// change nothing, so they are no protected effect (issue 26,
	// mechanism 8: create-if-absent converges).
	AbsentOnly []Func
	// Digests compute a digest of their input (sha256.Sum256, a
	// hash.Hash's Sum): a name built from one is the content's address.
	Digests []Func
	// ReadOnly are calls of a store's client that only read (MinIO's
	// BucketExists), which the library sends as requests whose method
	// it picks at run time: no protected effect.
	ReadOnly []Func
	// ProcessExits end the process for good.
	ProcessExits []Func
	// Subprocesses start another process of the operating system (os/exec
	// Cmd.Run, Start, Output): it is not part of this one, so ending this
	// process (ProcessExits, panic) does not end it, and work it does goes
	// on after the parent died. ProcessKills end such a process (its
	// Process's Kill, Signal) (FC5002).
	Subprocesses, ProcessKills []Func
	// GoroutineExits end the calling goroutine (runtime.Goexit, a test's
	// t.Fatal): code after them does not run, though go/ssa lets their
	// block fall through.
	GoroutineExits []Func

	// LocalDatabases are the packages of database drivers whose database
	// is a file on this host (SQLite), and NetworkDatabases those of
	// drivers that talk to a server: a package that imports only the
	// former keeps its records on one machine, so a time it stores and
	// compares there is one clock's (FC4001).
	LocalDatabases, NetworkDatabases []string

	// Store is what the library's store evaluates on its server: filters,
	// condition expressions, score ranges and scripts, and how a lock
	// record kept in it is read and released.
	Store *Store
	// Replies says how the values the library's commands return are read.
	Replies *Replies
	// Time are the time.Time methods the clock checks follow.
	Time *TimeMethods
	// Instants are the types that hold an instant (time.Time and its
	// wrappers); TimeWrappers build one from an instant (argument 0),
	// keeping its reading, and TimeStrips return the receiver without its
	// monotonic reading.
	Instants                 []Field
	TimeWrappers, TimeStrips []Func
	// Loggers are the library's logging packages and logger methods.
	Loggers *Loggers
	// ErrorFormatters build a message or a new error from their arguments:
	// a value that reaches a logger only through them is still only
	// logged (FC5002).
	ErrorFormatters []Func
	// ErrorTypeTests test whether an error's chain holds an error of a
	// type, errors.As-style (argument 0 the error, argument 1 a pointer
	// to a variable of the type): how code tells a store's
	// condition failure apart (FC5002).
	ErrorTypeTests []Func
	// StructTags are struct tag keys that mark a field as stored or sent,
	// so its value may have been written by another host.
	StructTags []string
	// ReadPrefixes are method-name prefixes of generated RPC client
	// methods that only read, or change nothing a lock protects. A prefix
	// also counts after one leading word that names a namespace rather
	// than an action (TiKV's KvGet, KvBatchGet, RawScan) when no word of
	// the name is one of WriteWords (KvScanLock).
	ReadPrefixes []string
	// WriteWords are lower-case words that make a generated method a
	// write wherever they stand in its name.
	WriteWords []string
	// IdempotencyHeaders are request header names that make a write safe
	// to repeat; DedupFields are input fields that give a message a
	// deduplication id the broker enforces.
	IdempotencyHeaders, DedupFields []string
	// Pools are connection pools: a statement run on one runs on whichever
	// connection the pool picks.
	Pools []Field
	// Sessions say what a database session is made of: which calls end
	// the holder of an advisory lock, and which begin a transaction on
	// the session of their receiver.
	Sessions Sessions
	// Rewriters rewrite only the placeholders of a statement: the
	// statement they return is the one they were given.
	Rewriters []Rewriter
	// Preconditions make a delete conditional on the object the holder
	// saw (a Kubernetes DeleteOptions with Preconditions).
	Preconditions *Preconditions
	// PackageNames are the names code calls packages by where the
	// package's own name says less (k8s.io/apimachinery's meta/v1 is
	// "metav1"), for messages.
	PackageNames map[string]string
}

// Rewriter names the functions and methods of Pkg, on any receiver, that
// return (as result 0) the statement they were given: argument Arg of a
// method, FuncArg of a package function (sqlx.Rebind(bindType, query)).
type Rewriter struct {
	Pkg          string
	Names        []string
	Arg, FuncArg int
}

// Preconditions describe a delete option that makes a delete conditional:
// Options is the options type, Field its field that holds the
// preconditions, Builders the functions that return options with it set.
type Preconditions struct {
	Options, Field Field
	Builders       []Func
}

// Guards name the check operations that make a CondOps transaction
// conditional: a type whose value among the operations is a check
// (zk.CheckVersionRequest), or constants of an operation-kind type
// (Consul's KVOp "check-session", "check-index", "cas"), keyed by the
// type's full name.
type Guards struct {
	Types  []Field // Pkg, Type; Name unused
	Consts map[string][]string
}

// SetNX describes the release protocol of a lock taken with SET NX on a
// key (the Lock's Held is HeldByKey): which calls delete the key
// unconditionally (the Lock's Release), which read it back, and how a
// compare-and-delete is written.
type SetNX struct {
	// Key is the argument that names the key in a call of Reads,
	// PlainSet, DelIfEqual and of the Release of the library's lock held
	// by its key, counted as calls.FlatArg counts (after the context of
	// go-redis v8 and v9: 1; go-redis v7: 0; redigo's Do(cmd, key, ...): 1).
	Key int
	// Reads read a key's value; followed by a comparison in Go and a
	// delete they form the non-atomic GET-compare-DEL release.
	Reads []Func
	// ScriptSources create a script object from its Lua source (argument
	// 0); ScriptRuns run one. The first matching ScriptRun wins.
	ScriptSources []Func
	ScriptRuns    []ScriptRun
	// ReadCommand and PlainSetCommand restrict Reads and PlainSet to a
	// command, for a client whose commands are strings (redigo).
	ReadCommand, PlainSetCommand *Command
	// Replies convert the untyped reply of a command (argument 0, with
	// the command's error as argument 1) into a value (result 0) and an
	// error (result 1) that is not nil when the reply was nil: redigo's
	// redis.String, redis.Bool, ...
	Replies []Func
	// PlainSet is a SET without NX: it overwrites whatever the key holds.
	PlainSet []Func
	// Extends change a key's expiry or swap its value while keeping it
	// (EXPIRE, PEXPIRE, GETSET): done to the key of a SET NX from another
	// function, they are a lock's renewal or takeover. ExtendCommand
	// restricts them to those commands (redigo).
	Extends       []Func
	ExtendCommand *Command
	// Expires set a key's TTL and report whether the key existed: false
	// means the key is gone (the lock expired). They do not look at the
	// key's value, so on a key another holder has re-taken they extend
	// that holder's lock (FC5002).
	Expires []Func
	// DelIfEqual is a native compare-and-delete.
	DelIfEqual []Func
	// Watch runs a function inside an optimistic transaction on watched
	// keys; a GET-compare-DEL inside it is atomic.
	Watch []Func
	// Fix is what a suggested fix rewriting a DEL into a compare-and-delete
	// script needs: the package, the interface a script runs on, the
	// pipeline interface (no fix there: a script in a pipeline cannot fall
	// back from EVALSHA to EVAL) and the script.
	Fix ScriptFix
}

// ScriptFix is the compare-and-delete script a suggested fix writes.
type ScriptFix struct {
	Package, Scripter, Pipeliner, Script string
}

// KeyLocks describes the release protocol of a lock held as a key of a
// revisioned store (etcd): deleting that key releases the lock whoever
// holds it.
type KeyLocks struct {
	// Deletes delete a key unconditionally.
	Deletes []Func
	// OpDelete build a delete operation for a transaction.
	OpDelete []Func
	// LockKeys return the key that holds a lock or leadership.
	LockKeys []Func
}

// Libraries is the knowledge base: every library family fencecheck knows.
// Each is declared in its own file, kb_<family>.go.
var Libraries = []*Library{
	&sqlLibrary, &redisLibrary, &goRedisNoContext, &redigoLibrary, &rueidisLibrary, &etcdLibrary, &consulLibrary, &zooKeeperLibrary, &kubernetesLibrary, &httpLibrary, &grpcLibrary, &dynamoDBLibrary, &mongoDBLibrary, &s3Library, &s3v1Library, &gcsLibrary, &minioLibrary,
	&messagingLibrary, &queuesLibrary, &schedulersLibrary, &idsLibrary, &encodingsLibrary, &loggingLibrary, &testingLibrary, &stdlibLibrary, &digestsLibrary,
}

// Sessions describe the database sessions that hold SQL advisory locks
// (Library.Sessions).
type Sessions struct {
	// TxEnds end a transaction, and with it a pg_advisory_xact_lock it
	// took (Commit, Rollback).
	TxEnds []Func
	// Closes end the session of a connection that is itself one (pgx's
	// Conn.Close), and with it a session-level advisory lock. Closing
	// database/sql's Conn or releasing pgxpool's Conn returns the
	// connection to its pool, where the session and its locks live on:
	// those are no end.
	Closes []Func
	// Begins begin a transaction on their receiver's session (a pinned
	// connection's BeginTx, a transaction's nested Begin): statements on
	// the transaction run on that session.
	Begins []Func
	// Unwraps return the connection their receiver wraps (pgxpool's
	// Conn.Conn, the *pgx.Conn of a pooled connection): the same session.
	Unwraps []Func
}
