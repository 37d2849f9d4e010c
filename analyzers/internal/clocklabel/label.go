// Package clocklabel labels the clock values of one package: a
// flow-insensitive labelling over its syntax marks values as readings of
// this host's clock (time.Now, time.Since), as untrusted timestamps (from
// storage, another host or rebuilt without a monotonic reading: time.Unix,
// time.Parse, UTC(), scanned or decoded values, lease record fields, Unix()
// integers), and as lock TTLs (passed to a lock API, a lease duration
// field, or named like one). Labels flow through variables, struct fields,
// parameters and results of the package's functions. What a comparison of
// labelled values decides is the wall-clock check's business.
package clocklabel

import "go/token"

// Flags are the labels of a value.
type Flags uint16

const (
	LocalClock   Flags = 1 << iota // a reading of this host's clock
	ForeignTime                    // a timestamp from storage, another host, or rebuilt without monotonic reading
	LockTTL                        // a lock TTL
	WallOnly                       // wall-clock only: Unix() integers, UTC(), Round(0), ...
	FromStore                      // read from a lock store (lock table, lock key, lease record)
	LeaseField                     // a field of a struct with lease vocabulary
	DeadlineName                   // passed through a deadline-like name (expires_at, renewTime)
	OwnTTL                         // a TTL of this process's own lock, not one read from another holder's record
	APITTL                         // a TTL known from a lock API or a lease field, not from a name alone
	InProc                         // kept in this process's memory (a map guarded by a sync mutex), the lock's own state
	ElapsedTime                    // an elapsed time (time.Since, Sub), not an instant
	LockNamed                      // an untrusted instant passed through a lock's or lease's name (LockUpdateTime, leaseExpiry)
	LocalFile                      // read from a file on this host: what this host wrote there, with its own clock
)

// Origin is where a label comes from, for messages and related locations.
type Origin struct {
	Pos  token.Pos
	What string
}

// Label is what is known of a value: its labels and, for the first three,
// where they come from (for messages and related locations).
type Label struct {
	Bits                Flags
	Local, Foreign, TTL Origin
}

// Has reports whether l carries one of the flags b.
func (l Label) Has(b Flags) bool { return l.Bits&b != 0 }

// Union is l with m's flags added; l's origins are kept where set.
func (l Label) Union(m Label) Label {
	l.Bits |= m.Bits
	if l.Local.What == "" {
		l.Local = m.Local
	}
	if l.Foreign.What == "" {
		l.Foreign = m.Foreign
	}
	if l.TTL.What == "" {
		l.TTL = m.TTL
	}
	return l
}

// LocalAt labels a reading of this host's clock made at pos.
func LocalAt(pos token.Pos, what string) Label {
	return Label{Bits: LocalClock, Local: Origin{pos, what}}
}

// ForeignAt labels an untrusted timestamp made at pos.
func ForeignAt(pos token.Pos, what string) Label {
	return Label{Bits: ForeignTime, Foreign: Origin{pos, what}}
}

// TTLAt labels a lock TTL known from a lock API or a lease field made at pos.
func TTLAt(pos token.Pos, what string) Label {
	return Label{Bits: LockTTL | OwnTTL | APITTL, TTL: Origin{pos, what}}
}

// NamedTTLAt labels a duration that is a lock TTL by its name only
// ("lockTTL", "leaseDuration"): evidence only together with a lock API or a
// lock store (see vocabulary).
func NamedTTLAt(pos token.Pos, what string) Label {
	return Label{Bits: LockTTL | OwnTTL, TTL: Origin{pos, what}}
}

// RecordTTLAt labels the lease duration of an observed record
// (model.KB.RecordTTLFields).
func RecordTTLAt(pos token.Pos, what string) Label {
	return Label{Bits: LockTTL | APITTL, TTL: Origin{pos, what}}
}

// addLabel unions l into m[k] and reports whether that added to m.
func addLabel[K comparable](m map[K]Label, k K, l Label) bool {
	old, ok := m[k]
	nl := old.Union(l)
	m[k] = nl
	return !ok || nl.Bits != old.Bits
}
