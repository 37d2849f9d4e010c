// Package optional is a test stub of cloud.google.com/go/internal/optional@v0.121.4.
package optional

// Bool is either a bool or nil.
type Bool interface{}

// String is either a string or nil.
type String interface{}
