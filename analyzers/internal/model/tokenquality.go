package model

// SourceKind says why a value is not a fencing token, and therefore which
// check reports it where a fence belongs.
type SourceKind int

const (
	// Random: a value drawn at random (UUID, crypto/rand, math/rand, xid,
	// ksuid). FC3001.
	Random SourceKind = iota
	// Identity: who holds a lock, lease or session (redsync Value(),
	// redislock Token(), a session ID, a hostname). FC3001.
	Identity
	// Counter: an in-process counter (atomic.AddInt64, x++ on a package
	// variable or struct field). FC3002.
	Counter
	// Clock: a wall-clock reading (time.Now().UnixNano()). FC3002.
	Clock
)

// TokenSource is a call or field whose value looks like a token but is not
// a fence: it has no order, or its order is not kept by the coordinator.
type TokenSource struct {
	Func Func
	// Field is set (and Func empty) for a struct field read.
	Field Field
	// Result is the index of the result that carries the value; Arg >= 0
	// names instead the argument the call fills (crypto/rand.Read(b)).
	Result, Arg int
	Kind        SourceKind
	// What names the value in messages: "a random UUID".
	What string
	// Numeric is true for lock-library identities that are numbers
	// (etcd lease IDs, ZooKeeper session IDs, Election.Header().Revision):
	// ordering them in Go is always a mistake, whatever the names say.
	Numeric bool
	// Instead names the library's real fence, for messages; "" when the
	// engine should say what the surrounding lock offers.
	Instead string
}

// TokenSources is the table of values that are not fences although they are
// often used as one (Library.Identities). A package function that returns
// one of them counts too.
var TokenSources = collect(func(l *Library) []TokenSource { return l.Identities })

// ClockMethods are the time.Time methods whose result is still a reading of
// the clock the Time came from (and so propagate a Clock source).
var ClockMethods = []string{"Unix", "UnixNano", "UnixMilli", "UnixMicro", "UTC", "Local", "In", "Round", "Truncate",
	"Add", "AddDate", "Format", "String", "AppendFormat", "MarshalText", "MarshalJSON", "MarshalBinary"}
