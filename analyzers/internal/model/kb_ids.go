package model

import "slices"

const tqUUID = "github.com/google/uuid"

// idsLibrary are generators of unique identifiers: random (or time-ordered but
// host-local) values that are often mistaken for fencing tokens (FC3001).
var idsLibrary = Library{
	Name: "unique IDs",
	Modules: []string{tqUUID, "github.com/gofrs/uuid", "github.com/gofrs/uuid/v5", "github.com/satori/go.uuid",
		"github.com/rs/xid", "github.com/segmentio/ksuid"},
	Identities: slices.Concat(
		uniqueFuncs(tqUUID, "a random UUID", "New", "NewString", "NewRandom", "NewV7"),
		uniqueFuncs("github.com/gofrs/uuid", "a random UUID", "NewV4", "NewV7", "NewV1", "NewV6"),
		uniqueFuncs("github.com/gofrs/uuid/v5", "a random UUID", "NewV4", "NewV7", "NewV1", "NewV6"),
		uniqueFuncs("github.com/satori/go.uuid", "a random UUID", "NewV4", "NewV1"),
		uniqueFuncs("github.com/rs/xid", "an xid (a unique id)", "New", "NewWithTime"),
		uniqueFuncs("github.com/segmentio/ksuid", "a KSUID (a unique id)", "New", "NewRandom", "NewRandomWithTime"),
	),
}

// randomFuncs lists package functions of pkg that return a random value.
func randomFuncs(pkg, what string, names ...string) []TokenSource {
	return randomMethods(pkg, "", what, names...)
}

// randomMethods lists methods of recv in pkg that return a random value.
func randomMethods(pkg, recv, what string, names ...string) []TokenSource {
	var out []TokenSource
	for _, n := range names {
		out = append(out, TokenSource{Func: Func{pkg, recv, n}, Arg: -1, Kind: Random, What: what})
	}
	return out
}

// uniqueFuncs lists package functions of pkg that return a value unique to
// the call (TokenSource.Unique).
func uniqueFuncs(pkg, what string, names ...string) []TokenSource {
	out := randomFuncs(pkg, what, names...)
	for i := range out {
		out[i].Unique = true
	}
	return out
}
