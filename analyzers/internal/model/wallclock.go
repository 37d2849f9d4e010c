package model

// Indexes and word lists of FC4001 (wallclockttl): where untrusted
// timestamps come from, which calls read the local clock, which values are
// lock TTLs and which writes take a lease over. The entries come from the
// libraries (kb_*.go). See docs/checks/FC4001.md.

// Decoder names a function that fills the value its argument Arg points to
// from encoded data (Arg -1: every argument, as in Scan).
type Decoder struct {
	Func Func
	Arg  int
	What string
}

// TTLArg names the argument of a lock API that is the lock's TTL.
type TTLArg struct {
	Func Func
	Arg  int // receiver excluded
	// LockKey is the index of a Redis key argument that must name a lock
	// (vocab.LockKey) for the TTL to be a lock TTL; -1 if none.
	LockKey int
}
