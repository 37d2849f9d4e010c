// Package fact holds the engine's function summaries that travel between
// packages as analysis facts (effects, lock helpers, acquire wrappers). It
// is its own package so that the whole-program state (package program),
// which records them too, need not import the engine.
package fact

import (
	"fmt"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/model"
)

// Function summaries travel between packages as object facts, so that
// go vet (one process per package) and the standalone command see the same
// effects behind a call. Facts hold only strings and ints: they must
// gob-encode, stay small, and be deterministic.

// EffectsFact says that calling a function performs protected effects.
type EffectsFact struct {
	Effects []RemoteEffect
	// Pending are the interface calls of the function that nothing its
	// package can see implements (a repository interface the program
	// implements in a package this one does not import): the standalone
	// command answers them where the function is called, from the whole
	// program's summaries (engine/dispatch.go).
	Pending []PendingCall
}

// PendingCall is an interface call a summary leaves to its callers.
type PendingCall struct {
	Key   string   // the method called: name and signature (program.SigKey)
	Iface []string // the interface's methods, each as Key is
	Where string   // "repo.go:42", the interface call
}

// RemoteEffect is one effect inside a summarised function.
type RemoteEffect struct {
	What, Via, Family string
	Cond              int    // model.Cond
	Where             string // "repo.go:42"
	Table             string // the table of a SQL effect
	// CarriedBy lists the parameters (receiver first for methods) whose
	// fencing token makes the effect fenced; empty when none does.
	CarriedBy []int
	// Claim is true for a one-way claim (package oneway): fenced by its
	// own condition for every caller, and kept in the summary only so
	// that the method stays visible to interface calls that ask whether
	// all their implementations report a claim.
	Claim bool
	// On is 1 + the index of the parameter (receiver first for methods,
	// as CarriedBy) whose connection the statement runs on: the
	// parameter itself, a field of it (a query wrapper's q.db), or a
	// transaction begun on it. 0 when unknown. A caller whose session
	// holds an advisory lock fences the statements run on it.
	On int
	// KeyFrom is 1 + the index of the parameter (receiver first, as
	// CarriedBy) that a key-value effect's key is built from, with
	// nothing but constants besides ("cb:" + endpointID); 0 when none.
	// A caller's argument there names the record the effect writes.
	KeyFrom int
}

func (*EffectsFact) AFact() {}

func (f *EffectsFact) String() string {
	var parts []string
	for _, e := range f.Effects {
		parts = append(parts, fmt.Sprintf("%s@%s carried by %v", e.What, e.Where, e.CarriedBy))
	}
	for _, p := range f.Pending {
		parts = append(parts, fmt.Sprintf("pending %s@%s", p.Key, p.Where))
	}
	return "effects(" + strings.Join(parts, "; ") + ")"
}

// HelperFact says that a function runs one of its func parameters while
// holding a lock: the argument's body is a critical section at every call.
type HelperFact struct {
	Lib      string // "etcd lock"
	Param    int    // index of the func parameter (receiver excluded)
	FenceArg int    // index of the callback parameter that receives the token, or -1
	Fence    string // how the helper obtains the token, for messages
	// SessionArg is 1 + the index of the callback parameter that receives
	// the transaction or session holding the helper's SQL advisory lock
	// (fn(ctx, tx) after pg_advisory_xact_lock on tx), 0 if none: the
	// callback's statements on it run inside the lock.
	SessionArg int
}

func (*HelperFact) AFact() {}

func (f *HelperFact) String() string {
	return fmt.Sprintf("helper(%s, param %d, fence arg %d)", f.Lib, f.Param, f.FenceArg)
}

// CallbackFact says that a func-typed struct field is called only while a
// lock is held (an elector's Callbacks.OnStartedLeading, called after its
// Campaign): a function stored into the field is a critical section.
type CallbackFact struct {
	Lib   string // "etcd election"
	Fence string // how the caller would obtain the token, for messages
}

func (*CallbackFact) AFact() {}

func (f *CallbackFact) String() string { return fmt.Sprintf("callback(%s)", f.Lib) }

// AcquireFact says that a function takes a lock and returns with it held
// on success: its callers' critical sections start at the call.
type AcquireFact struct {
	Lib     string
	Success int // model.Success: ErrNil or BoolTrue
	Result  int
	Fence   string
	NoFence string
	Release []model.Func
	Table   string
	Chains  bool // see model.Lock.Chains
	InSQL   bool // see model.Lock.InSQL
	// Handle is 1 + the index of the result that returns the lock handle
	// (the wrapper returns the *concurrency.Mutex it locked), 0 if none.
	Handle int
	// ReleaseFunc is 1 + the index of the result that returns the
	// function releasing the lock (model.Lock.ReleaseFunc: the wrapper
	// returns rueidislock's cancel), 0 if none.
	ReleaseFunc int
	// KeyParam is 1 + the index of the parameter (receiver excluded) from
	// which the wrapper builds the key of its SET NX, when whether that
	// takes a lock depends on the key a caller passes (KeyOnly); 0 if
	// none.
	KeyParam int
	// Scope, ScopeRecv and TxScoped: see model.Lock.
	Scope     int
	ScopeRecv bool
	TxScoped  bool
	// Forever: the wrapper takes the lock with no expiry (see
	// section.Section.Forever).
	Forever bool
}

func (*AcquireFact) AFact() {}

func (f *AcquireFact) String() string { return fmt.Sprintf("acquire(%s, result %d)", f.Lib, f.Result) }

// Lock returns the lock the acquire wrapper takes.
func (f *AcquireFact) Lock() *model.Lock {
	l := &model.Lock{Lib: f.Lib, Success: model.Success(f.Success), Result: f.Result,
		Release: f.Release, Fence: model.Fence{Accessor: f.Fence, None: f.NoFence}, Table: f.Table, Chains: f.Chains, InSQL: f.InSQL}
	if f.Handle > 0 {
		l.Held, l.Handle = model.HeldByResult, f.Handle-1
	}
	l.ReleaseFunc = f.ReleaseFunc
	l.Scope, l.ScopeRecv, l.TxScoped = f.Scope, f.ScopeRecv, f.TxScoped
	l.Forever = f.Forever
	if f.KeyParam > 0 {
		// A lock when the caller's key is a lock's (section.lockKey).
		l.Held, l.Handle, l.KeyOnly = model.HeldByKey, f.KeyParam-1, true
	}
	return l
}

// ClaimFact says that a function returns success (a nil error, or true)
// only where a one-way claim it makes took effect (package oneway): its
// callers' effects on the success branch of the call run at most once per
// claimed record.
type ClaimFact struct {
	Signal int // oneway.Signal: ErrNil or True
	Where  string
}

func (*ClaimFact) AFact() {}

func (f *ClaimFact) String() string { return fmt.Sprintf("claim(signal %d at %s)", f.Signal, f.Where) }

// KeyUseFact says that a function uses the Redis key one of its
// parameters names as only a lock's key is used (keyscope.Evidence): it
// deletes it, runs a script on it (a compare-and-delete), or extends it.
// An application's Redis wrapper (ReleaseLock(ctx, key, value),
// ExtendLock(ctx, key, value, ttl)) is so evidence, at its callers, that
// the key they pass is a lock's.
type KeyUseFact struct {
	Param  int  // the parameter's index (receiver excluded)
	Extend bool // EXPIRE, PEXPIRE, GETSET: evidence only from another function
}

func (*KeyUseFact) AFact() {}

func (f *KeyUseFact) String() string { return fmt.Sprintf("keyuse(param %d)", f.Param) }

// LeaseRowFact says what a function does to a table of leases kept as
// rows (package claims): counts the leases still in force (Count), or
// inserts a row with no conflict clause (Insert). A caller in another
// package that counts through one such function and then inserts through
// another makes a racy claim.
type LeaseRowFact struct {
	Table         string
	Count, Insert bool
	Deadline      string   // the deadline column the count compares as later than a time
	Columns       []string // the columns the insert names
}

func (*LeaseRowFact) AFact() {}

func (f *LeaseRowFact) String() string {
	return fmt.Sprintf("leaserow(%s, count %v, insert %v)", f.Table, f.Count, f.Insert)
}
