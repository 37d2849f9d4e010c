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
	// Unique is true for a value no other run creates (a UUID, an xid, a
	// KSUID, crypto/rand bytes): a record keyed by one made in this run is
	// this run's own, so a stale holder writing it cannot overwrite a
	// successor's state (fences: fresh keys).
	Unique bool
}
