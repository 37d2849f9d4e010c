package model

// Indexes and word lists of FC4001 (wallclockttl): where untrusted
// timestamps come from, which calls read the local clock, which values are
// lock TTLs and which writes take a lease over. The entries come from the
// libraries (kb_*.go). See docs/checks/FC4001.md.

// ClockReads return a reading of this host's clock.
var ClockReads = collect(func(l *Library) []Func { return l.ClockReads })

// ClockElapsed compare their argument with this host's clock:
// time.Since(t) is Now().Sub(t), time.Until(t) is t.Sub(Now()).
var ClockElapsed = collect(func(l *Library) []Func { return l.ClockElapsed })

// TimeConstructors build a time.Time without a monotonic reading, from
// numbers or text that came from somewhere else.
var TimeConstructors = collectMap(func(l *Library) map[Func]string { return l.TimeConstructors })

// TimeStrippers are time.Time methods whose result has lost the monotonic
// clock reading (wall-clock arithmetic only). The Unix* readings are
// integers of the wall clock.
var TimeStrippers = []string{"Round", "Truncate", "UTC", "Local", "In", "AddDate", "Unix", "UnixNano", "UnixMilli", "UnixMicro"}

// TimeDecoders are time.Time methods that set the receiver from encoded
// data.
var TimeDecoders = []string{"UnmarshalJSON", "UnmarshalText", "UnmarshalBinary", "GobDecode"}

// TimeComparisons are the methods that compare two instants (time.Time and
// the Kubernetes wrappers) and return a bool.
var TimeComparisons = collect(func(l *Library) []Func { return l.TimeComparisons })

// TimeArithmetic are time.Time methods whose result combines the receiver
// and the argument (an instant moved by a duration, a difference, an
// ordering as an int).
var TimeArithmetic = []string{"Add", "Sub", "Compare"}

// Decoder names a function that fills the value its argument Arg points to
// from encoded data (Arg -1: every argument, as in Scan).
type Decoder struct {
	Func Func
	Arg  int
	What string
}

// Decoders fill a Go value from bytes that came from storage or another
// host. Any method named Scan (database/sql, pgx, sqlx, go-redis) counts
// too, with every argument as a destination.
var Decoders = collect(func(l *Library) []Decoder { return l.Decoders })

// StoredReads return a value read from a store shared with other hosts.
// Methods of go-redis commands (Result, Val, Int64, Time, ...) are
// recognised by their receiver's package (RedisCmdPackage).
var StoredReads = collectMap(func(l *Library) map[Func]string { return l.StoredReads })

// RedisCmdAccessors are the go-redis command methods that return the
// stored value.
var RedisCmdAccessors = []string{"Result", "Val", "Int", "Int64", "Uint64", "Float64", "Time", "Bytes", "Text"}

// StoredFields hold a value read from a store shared with other hosts.
var StoredFields = collectMap(func(l *Library) map[Field]string { return l.StoredFields })

// LeaseRecordFields are timestamps of lock / lease records written with the
// clock of whichever host wrote the record.
var LeaseRecordFields = collectMap(func(l *Library) map[Field]string { return l.LeaseRecordFields })

// PollConditionTakers run a function until it reports true: the result of
// a condition function only ends the wait (a poll, a test's Eventually), it
// grants no authority. Keyed by package; nil names mean every function.
var PollConditionTakers = collectMap(func(l *Library) map[string][]string { return l.PollTakers })

// RecordTTLFields are the lease durations a holder declares in the lease
// record it writes. Read back by another process they measure that
// holder's lease, not the reader's: an observer that adds one to its own
// reading of the time it saw the record change is measuring how long to
// wait before taking over, which FC4001's documentation recommends.
var RecordTTLFields = func() map[Field]bool {
	m := map[Field]bool{}
	for _, f := range collect(func(l *Library) []Field { return l.RecordTTLFields }) {
		m[f] = true
	}
	return m
}()

// LockTTLFields are lock and lease durations.
var LockTTLFields = collectMap(func(l *Library) map[Field]string { return l.TTLFields })

// TTLArg names the argument of a lock API that is the lock's TTL.
type TTLArg struct {
	Func Func
	Arg  int // receiver excluded
	// LockKey is the index of a Redis key argument that must name a lock
	// (vocab.LockKey) for the TTL to be a lock TTL; -1 if none.
	LockKey int
}

// LockTTLArgs are the lock APIs that receive the lock's TTL. A variable,
// constant or field passed there is a lock TTL wherever it is used.
var LockTTLArgs = collect(func(l *Library) []TTLArg { return l.TTLArgs })

// LeaseTakeovers write a lock record: the calls that take a lease over
// once its holder is believed dead.
var LeaseTakeovers = collectMap(func(l *Library) map[Func]string { return l.LeaseTakeovers })

// LeaseAPIPackages are packages whose every call is about locks or
// leases: a function calling into them "touches a lock API".
var LeaseAPIPackages = collect(func(l *Library) []string { return l.LeasePackages })

// SerializationTags are struct tag keys that mark a field as stored or sent
// (so its value may have been written by another host).
var SerializationTags = []string{"json", "db", "bson", "yaml", "redis", "dynamodbav", "protobuf", "gorm", "msgpack", "mapstructure", "sql", "bun", "pg"}
