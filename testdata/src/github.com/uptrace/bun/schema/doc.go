// Package schema is a test stub of github.com/uptrace/bun@v1.3.0 (schema), signatures copied from the real source.
//
// Dialect and Query declare a subset of the real method sets.
package schema
