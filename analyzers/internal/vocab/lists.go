package vocab

// Fences.

// StrongFence are the words that mark a fence position wherever they
// appear in a name: a value stored or sent under such a name is meant as
// a fencing token. Plural forms are listed: "fences", "epochs".
var StrongFence = List{Word, []string{
	"fence", "fences", "fencing", "fencings", "epoch", "epochs", "generation", "generations",
	"term", "terms", "revision", "revisions",
}}

// FenceColumn are the words that mark a column, field, header or
// metadata key as a fence position: the strong fence words and "token".
// Whole words only: term_id, fence_token and lease_epoch are fence
// columns, terminal_id and tokenizer are not.
var FenceColumn = List{Word, append(append([]string{}, StrongFence.Words...), "token", "tokens")}

// FenceStem marks a single word glued from a fence word and another
// ("fencetoken", "unfenced"): only "fence" and "fencing" are distinctive
// enough to be looked for inside a word.
var FenceStem = List{Substring, []string{"fence", "fencing"}}

// Version are the words of a column compared for optimistic concurrency:
// UPDATE ... WHERE id = $1 AND version = $2 is a compare-and-swap that a
// stale writer loses (lock_version, row_version, etag).
var Version = List{Word, []string{"version", "rev", "etag", "xmin"}}

// Token are the bare words for a token. A bare "token" marks a fence only
// where it is ordered (compared with < <= > >=): lock owner tokens, auth
// tokens and page tokens are all legitimately random.
var Token = List{Word, []string{"token", "tokens", "tok", "toks"}}

// TokenQualifier name kinds of token that are random by design; a name
// whose only fence word is "token" and that has one of these is not a
// fence even where it is ordered ("auth_token", "page_token",
// "lock_token").
var TokenQualifier = List{Word, []string{
	"auth", "access", "refresh", "bearer", "csrf", "xsrf", "api", "oauth", "jwt", "id", "page", "next",
	"continuation", "cursor", "idempotency", "dedup", "nonce", "secret", "password", "reset", "verification",
	"invite", "device", "push", "upload", "cancel", "cancellation", "owner", "holder", "lock", "lease", "session",
	"request", "trace", "span", "correlation", "client",
}}

// TimeOrDuration are words that make a name a time or a duration even
// when it contains a fence word ("epoch_ms", "token_expiry",
// "term_deadline").
var TimeOrDuration = List{Word, []string{
	"time", "times", "timestamp", "ts", "at", "until", "since", "expiry", "expires", "expire", "expiration", "exp",
	"deadline", "ttl", "timeout", "seconds", "secs", "sec", "ms", "millis", "micros", "nanos", "ns", "unix",
	"age", "created", "updated", "issued", "iat", "nbf", "date", "day", "days", "elapsed", "duration", "interval",
}}

// Locks and leases.

// LockTable are the words of an SQL table name that make it the table
// holding the lock itself ("locks", "job_leases", "leader_election"): a
// write to it is lock bookkeeping (acquisition, renewal, release, takeover)
// and equality with an owner value there is the ownership check, not a
// fence. Every check asks this one question the same way. Whole words:
// "blocks" and "releases" are not lock tables.
var LockTable = List{Word, []string{
	"lock", "locks", "locking", "lease", "leases", "mutex", "mutexes", "leader", "leaders",
}}

// LockKey are fragments of a Redis key (or of the name of the constant,
// field or variable holding it) that mark it as a lock's key rather than a
// de-duplication marker ("processed:42"). Keys are free-form text
// ("mylock", "lock:billing"), so any occurrence counts.
var LockKey = List{Substring, []string{"lock", "mutex", "leader", "lease", "owner"}}

// LockName are the words of an identifier (a field, variable or constant
// holding a Redis key) that name a lock: lockKey, KeyPeriodicLock,
// leaderKey, but not blockKey or clockSkew.
var LockName = List{Stem, []string{"lock", "mutex", "leader", "lease", "owner"}}

// LockType are the words of a type's name that make it a lock or lease of
// the application's own (refreshTokenLock, LeaderLease, jobMutex, but not
// BlockStore or clockSource): a deadline its methods compute belongs to
// that lock. "owner" is left out: OwnerService is no lock.
var LockType = List{Stem, []string{"lock", "mutex", "lease", "leader"}}

// ReleaseVerb are the words of a function or method name that give a lock
// up (Unlock, ReleaseLock, releaseTask): a type with such a method is a
// lock of the application's own.
var ReleaseVerb = List{Word, []string{"unlock", "release"}}

// StoreRead, StoreWrite and StoreDelete are the first words of the methods
// of a key-addressed store client the knowledge base does not know (an
// application's own KV or HTTP client: Get(key), Post(path, body),
// Delete(path)), by what the call does to the record it names.
// StoreCond are the later words of such a name that make the call
// conditional (DeleteIfMatch, PutIfAbsent, SetNX, CompareAndDelete).
var (
	StoreRead   = List{Word, []string{"get", "load", "read", "fetch", "head"}}
	StoreWrite  = List{Word, []string{"put", "post", "set", "create", "write", "insert", "store", "save"}}
	StoreDelete = List{Word, []string{"delete", "del", "remove", "unlink"}}
	StoreCond   = List{Word, []string{"if", "cas", "nx", "match", "matches", "equal", "equals", "version", "revision", "compare", "swap", "absent", "exclusive", "conditional", "owned"}}
)

// LeaseHeld are the words by which a bool check's name asks whether this
// process holds a lease or leadership (IsLeader, AmILeader, HasLease,
// IsActivelyHeld); LeaseQuestion are the words such a name starts with.
// Lock words are left out: IsLocked is as often an in-process mutex.
var (
	LeaseHeld     = List{Word, []string{"leader", "leadership", "lease", "leased", "held", "holder"}}
	LeaseQuestion = List{Word, []string{"is", "am", "has", "have", "still"}}
)

// AsksLease reports whether a bool function's name asks whether this
// process holds a lease: it starts with a LeaseQuestion word and has a
// LeaseHeld word (IsLeader, amLeader, HasLease).
func AsksLease(name string) bool {
	ws := Words(name)
	return len(ws) > 1 && LeaseQuestion.Has(ws[0]) && LeaseHeld.Match(name)
}

// HostName are the words of a field that names the machine a record was
// written on (Hostname, node_name): a lock file that records it is shared
// between machines.
var HostName = List{Word, []string{"host", "hostname", "node", "machine"}}

// OwnerValue are fragments of a variable, field or function name that mark
// a value as a lock holder's identity. A GET whose value is compared with
// one of them (or with a value named id or me, or ending in ID) before a
// DEL is an ownership check, not a cache check.
var OwnerValue = List{Substring, []string{
	"owner", "token", "holder", "ident", "instance", "uuid", "host", "node",
	"worker", "lock", "lease", "self", "nonce",
}}

// ReleaseOwner are fragments of a column name that make a DELETE from a
// lock table conditional on who holds the lock (or on the lease having
// expired, which is a takeover, not a release).
var ReleaseOwner = List{Substring, []string{
	"owner", "holder", "token", "locked_by", "lockedby", "session", "fence",
	"version", "instance", "worker", "node", "client", "uuid", "identity", "expir", "until", "deadline", "valid",
	"stale", "dead",
}}

// Lease mark a name (type, field, variable, column) as part of a lock or
// lease.
var Lease = List{Stem, []string{"lease", "lock", "unlock", "leader", "holder", "owner", "renew", "mutex", "elect", "takeover", "claim"}}

// Time.

// Validity mark a timestamp's name as a lease deadline or heartbeat
// ("expires_at", "renewTime", "lastSeen", "validUntil").
var Validity = List{Stem, []string{
	"expir", "exp", "ttl", "renew", "until", "deadline", "heartbeat", "lease", "valid",
	"alive", "seen", "acquir", "held", "hold", "lock", "beat",
}}

// Duration, with a Lease word, make a duration's name a lock TTL
// ("lockTTL", "leaseDuration", "ownerExpiry"); a duration named just
// "lease" is one too.
var Duration = List{Word, []string{"ttl", "expiry", "expiration", "expire", "expires", "duration", "dur", "validity"}}

// DurationUnit mark an integer's name as a duration rather than an
// instant ("LeaseDurationSeconds", "timeoutMs").
var DurationUnit = List{Word, []string{"seconds", "secs", "sec", "millis", "ms", "micros", "nanos", "ns", "period", "interval", "timeout"}}

// Instant mark an integer's name as a point in time ("expires_at",
// "renew_time", "deadline_unix").
var Instant = List{Word, []string{"at", "time", "unix"}}

// ExpiryCondition are fragments of an SQL condition that test a lease's
// expiry ("WHERE expires_at < now()", "locked_until < $2"): SQL text is
// free-form, so any occurrence counts.
var ExpiryCondition = List{Substring, []string{"expire", "until", "deadline"}}

// Stores.

// DuplicateKey are words of an error predicate's or sentinel's name that
// say a write was rejected because its record already exists
// (IsDuplicateEntryErr, gorm's ErrDuplicatedKey, ent's IsConstraintError,
// IsUniqueViolation): an insert whose error the code tests with one is
// keyed uniquely by the store.
var DuplicateKey = List{Stem, []string{"duplicat", "dup", "unique", "constraint"}}
