// Package sql is a test stub of entgo.io/ent@v0.14.5 (dialect/sql), signatures copied from the real source.
package sql

// Selector is a builder for the `SELECT` statement.
type Selector struct{}

func FieldEQ(name string, v any) func(*Selector)  { return func(*Selector) {} }
func FieldLTE(name string, v any) func(*Selector) { return func(*Selector) {} }
func FieldGTE(name string, v any) func(*Selector) { return func(*Selector) {} }
