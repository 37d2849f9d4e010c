package bson

// D is an ordered representation of a BSON document.
type D []E

// E represents a BSON element for a D.
type E struct {
	Key   string
	Value any
}

// M is an unordered representation of a BSON document.
type M map[string]any

// A is an ordered representation of a BSON array.
type A []any

// Raw is a raw encoded BSON document.
type Raw []byte
